#include "core/ch03/training_calendar.hpp"

namespace tally::ch03 {

TrainingBudget training_budget(const Ratio& params, const Ratio& tokens) { return {Ratio(6) * params * tokens, tokens / params}; }

Calendar calendar_days(const Ratio& gpu_hours, u128 gpus) {
    const Ratio hours = gpu_hours / Ratio(gpus);
    return {hours, hours / Ratio(24)};
}

Ratio gpu_hour_factor(const Ratio& peak_from, const Ratio& peak_to) { return peak_from / peak_to; }

BreakEven break_even(const Ratio& extra_gpu_hours, const Ratio& saving_seconds) {
    const Ratio seconds = extra_gpu_hours * Ratio(3600);
    return {seconds, seconds / saving_seconds};
}

}  // namespace tally::ch03
