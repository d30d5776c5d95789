// Stragglers (§10.4.5): when a step waits for the slowest of N cards whose
// compute times are independent normals N(μ, σ²), the step's compute is
// E[max] = μ + k_N σ with k_N = E[max of N standard normals].  k_N has no
// closed form; it is integrated numerically here,
//   k_N = ∫₀^∞ (1 − Φ(x)^N) dx − ∫_{−∞}^0 Φ(x)^N dx,
// with Φ accumulated from the density on a 10^-3 grid over [−12, 12], and
// handed on rounded to four decimals (the chapter prints two).
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

// k_N rounded to 10^-4; the caller bounds N (1 … 2^20).
Ratio expected_max_sigmas(u128 cards);

// The three responses to one slow card among N (§10.4.5), in units of σ or
// seconds of a step whose compute is μ on each card:
//   wait        the slow card runs at μ + s·σ; the others' slowest is already
//               μ + k_{N−1} σ on average, so the step waits max(0, s − k_{N−1}) σ more
//   reallocate  its work is spread over the other N − 1: each computes
//               μN/(N − 1), and the step waits for their slowest, + k_{N−1} σ
//   evict       restart without it from the last checkpoint: on average half an
//               interval of work is lost, plus the recovery, τ/2 + r
// (N ≥ 2; with one card there is nobody to wait for or to hand work to.)
struct SlowCardResponses {
    Ratio wait_sigmas;
    Ratio reallocated_compute_seconds;  // μN/(N − 1) + k_{N−1} σ
};
SlowCardResponses slow_card_responses(u128 cards, const Ratio& mean_seconds, const Ratio& sigma_seconds,
                                      const Ratio& slow_sigmas);
Ratio evict_seconds(const Ratio& interval_seconds, const Ratio& recovery_seconds);

}  // namespace tally::ch10
