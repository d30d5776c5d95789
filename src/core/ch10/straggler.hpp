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

}  // namespace tally::ch10
