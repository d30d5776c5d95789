#include "checkpoint_interval.hpp"

#include "square_root.hpp"

namespace tally::ch10 {

IntervalLoss interval_loss(const Ratio& save_seconds, const Ratio& rate_per_second, const Ratio& recovery_seconds,
                           const Ratio& interval_seconds) {
    IntervalLoss l;
    l.save = save_seconds / interval_seconds;
    l.redo = rate_per_second * interval_seconds / Ratio(2);
    l.recovery = rate_per_second * recovery_seconds;
    l.total = l.save + l.redo + l.recovery;
    return l;
}

Ratio optimal_interval(const Ratio& save_seconds, const Ratio& rate_per_second) {
    return sqrt_truncated(Ratio(2) * save_seconds / rate_per_second, 6);
}

Ratio job_rate(u128 cards, u128 reference_cards, const Ratio& reference_seconds) {
    return Ratio(cards) / (Ratio(reference_cards) * reference_seconds);
}

}  // namespace tally::ch10
