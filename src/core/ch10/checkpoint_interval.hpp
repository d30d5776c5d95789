// Save interval and the training time it costs (§10.4.4): with a save of c
// seconds every τ seconds of useful work, interruptions at rate λ per second
// and r seconds to come back, the share of time lost is, to first order,
//   L(τ) = c/τ + λτ/2 + λr
// (the save itself, half an interval redone on average, the restart).  It is
// least at τ* = √(2c/λ) (Young's interval).
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct IntervalLoss {
    Ratio save;      // c/τ
    Ratio redo;      // λτ/2
    Ratio recovery;  // λr
    Ratio total;
};

// All inputs positive except recovery (≥ 0); shares, not percent.
IntervalLoss interval_loss(const Ratio& save_seconds, const Ratio& rate_per_second, const Ratio& recovery_seconds,
                           const Ratio& interval_seconds);

// τ* truncated to 10^-6 s.
Ratio optimal_interval(const Ratio& save_seconds, const Ratio& rate_per_second);

// λ of a job on `cards` cards when a job on `reference_cards` cards is
// interrupted every `reference_seconds` and interruptions grow with the card
// count (the Meta cluster's 1024-card 7.9 h).
Ratio job_rate(u128 cards, u128 reference_cards, const Ratio& reference_seconds);

}  // namespace tally::ch10
