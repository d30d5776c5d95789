// The acceptance rule of speculative sampling (§8.5.1, Figures 8-29 … 8-31):
// a draft symbol x drawn from q is kept with probability
//   α(x) = min(1, p(x)/q(x)),
// and on a rejection the target samples from the leftover
//   r(x) = max(0, p(x) − q(x)) / Σ max(0, p − q).
// The chance a draft is kept is Σ min(p, q), and what comes out is
// distributed exactly as p: q(x)·α(x) + (1 − Σ min(p, q))·r(x) = p(x).
#pragma once

#include <optional>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch08 {

struct AcceptanceRule {
    std::vector<std::optional<Ratio>> accept;  // α(x); empty where q(x) = 0 (never drafted)
    Ratio acceptance;                          // Σ min(p, q)
    std::vector<Ratio> residual;               // r(x); all zero when p = q
    std::vector<Ratio> kept;                   // q(x)·α(x) = min(p, q): x drafted and kept
    std::vector<Ratio> resampled;              // (1 − Σ min(p, q))·r(x): x drawn after a rejection
    std::vector<Ratio> output;                 // kept + resampled, the distribution returned (= p)
};

// p and q: distributions over the same symbols (each sums to 1).
AcceptanceRule acceptance_rule(const std::vector<Ratio>& p, const std::vector<Ratio>& q);

}  // namespace tally::ch08
