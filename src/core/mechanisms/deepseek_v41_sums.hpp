// Closed-form sums over a run of queries for DeepSeek V4.1's CSA2 counting:
// no loop over tokens, exact in 128 bits (overflow raises).  v is a query's
// visible count (itself included), so a call with S cached and P new
// positions covers v = S+1 … S+P.
#pragma once

#include "../exact.hpp"

namespace tally::mech::v41 {

u128 triangle(u128 n);                       // n(n+1)/2
u128 sum_min(u128 n, u128 c);                // Σ_{v=1..n} min(v, c)
u128 sum_floor(u128 n, u128 r);              // Σ_{v=1..n} ⌊v/r⌋
u128 sum_floor_cap(u128 n, u128 r, u128 c);  // Σ_{v=1..n} min(⌊v/r⌋, c)

// The same sums over v = a … b (0 when b < a; a ≥ 1).
u128 range_min(u128 a, u128 b, u128 c);
u128 range_floor(u128 a, u128 b, u128 r);
u128 range_floor_cap(u128 a, u128 b, u128 r, u128 c);
u128 multiples(u128 a, u128 b, u128 r);  // #{v ∈ [a, b] : r divides v}

}  // namespace tally::mech::v41
