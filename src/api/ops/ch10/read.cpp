#include "read.hpp"

#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/chapter_decimals.hpp"
#include "api/positive_decimal.hpp"
#include "core/messages.hpp"

namespace tally::api::ch10_fields {

namespace {

constexpr FieldWords kFieldWords[] = {
    {"params", msg::ch10_meaning_params},
    {"shards", msg::ch10_meaning_shards},
    {"stage", msg::ch10_meaning_stage},
    {"gradients", msg::ch10_meaning_gradients},
    {"live_gib", msg::ch10_meaning_live_gib},
    {"usable_gib", msg::ch10_meaning_usable_gib},
    {"efficiency_percent", msg::ch10_meaning_efficiency},
    {"peak_tflops", msg::ch10_meaning_peak_tflops},
    {"link_gb_per_second", msg::ch10_meaning_link_gb_per_second},
    {"input_wait_seconds", msg::ch10_meaning_input_wait_seconds},
    {"checkpoint_gb_per_second", msg::ch10_meaning_checkpoint_gb_per_second},
    {"interval_seconds", msg::ch10_meaning_interval_seconds},
    {"intervals_seconds", msg::ch10_meaning_intervals_seconds},
    {"job_mtbf_hours", msg::ch10_meaning_job_mtbf_hours},
    {"recovery_seconds", msg::ch10_meaning_recovery_seconds},
    {"spike_every_days", msg::ch10_meaning_spike_every_days},
    {"extra_per_day", msg::ch10_meaning_extra_per_day},
    {"deadline_days", msg::ch10_meaning_deadline_days},
    {"reserve_days", msg::ch10_meaning_reserve_days},
    {"forward_ms", msg::ch10_meaning_forward_ms},
    {"backward_ms", msg::ch10_meaning_backward_ms},
    {"weight_grad_ms", msg::ch10_meaning_weight_grad_ms},
    {"link_ms", msg::ch10_meaning_link_ms},
    {"update_ms", msg::ch10_meaning_update_ms},
    {"capacity_factors", msg::ch10_meaning_capacity_factors},
    {"load_groups", msg::ch10_meaning_load_groups},
    {"noise_tokens", msg::ch10_meaning_noise_tokens},
    {"step_seconds", msg::ch10_meaning_step_seconds},
    {"compute_seconds", msg::ch10_meaning_compute_seconds},
    {"fixed_seconds", msg::ch10_meaning_fixed_seconds},
    {"multiples", msg::ch10_meaning_multiples},
    {"days", msg::ch10_meaning_days},
    {"answer_groups", msg::ch10_meaning_answer_groups},
    {"cards_list", msg::ch10_meaning_cards_list},
    {"sigma_percent", msg::ch10_meaning_sigma_percent},
};

// Sizes, rates and times of a training run fit well inside 10^12.
constexpr ChapterDecimals kDecimals(kFieldWords, 1000000000000ULL, msg::ch10_decimal_range);

Ratio parse_or_refuse(const std::string& name, const Json& v) { return kDecimals.decimal(name, name, v, false); }

}  // namespace

std::string label(const std::string& name) { return kDecimals.label(name); }

Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.positive_or(f, name, fallback);
}

Ratio non_negative_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.non_negative_or(f, name, fallback);
}

Ratio percent_share_or(const RequestFields& f, const std::string& name, const char* fallback) {
    const Ratio percent = positive_or(f, name, fallback);
    if (Ratio(100) < percent) {
        const Json v = f.has(name) ? f.raw(name) : Json(std::string(fallback));
        throw FieldError(name, msg::ch10_percent_range, {{"label", label(name)}, {"received", received_text(v)}});
    }
    return percent / Ratio(100);
}

std::vector<Ratio> positive_list_or(const RequestFields& f, const std::string& name, std::size_t most,
                                    const std::vector<const char*>& fallback) {
    std::vector<Ratio> out;
    if (!f.has(name)) {
        for (const char* text : fallback) out.push_back(parse_or_refuse(name, Json(std::string(text))));
        return out;
    }
    const Json& list = f.raw(name);
    if (!list.is_array() || list.empty() || list.size() > most) {
        throw FieldError(name, msg::ch10_list_size, {{"label", label(name)}, {"most", std::to_string(most)}});
    }
    for (std::size_t i = 0; i < list.size(); ++i) out.push_back(parse_or_refuse(name + "[" + std::to_string(i) + "]", list[i]));
    return out;
}

std::string row_id(const Ratio& value) {
    std::string text = to_exact_text(value);
    for (char& c : text)
        if (c == '.') c = '_';
    return text;
}

std::string choice_or(const RequestFields& f, const std::string& name, const std::vector<std::string>& allowed,
                      const char* fallback) {
    const std::string value = f.has(name) ? f.text(name) : std::string(fallback);
    std::string options;
    for (const std::string& a : allowed) {
        if (a == value) return value;
        options += (options.empty() ? "" : list_separator()) + a;
    }
    throw FieldError(name, msg::ch10_choice,
                     {{"label", label(name)}, {"received", json::clip_utf8(value, 40)}, {"options", options}});
}

}  // namespace tally::api::ch10_fields
