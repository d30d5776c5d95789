// Closed-form sums over runs of query positions for DeepSeek V4-Flash's
// window / CSA / HCA counting.  Exact in 128 bits (overflow raises); no loop
// over tokens.  t is 1-based: the query at t sees t positions, itself included.
#pragma once

#include "../exact.hpp"

namespace tally::mech::v4 {

u128 triangle(u128 n);                       // n(n+1)/2
u128 sum_min(u128 n, u128 w);                // Σ_{t=1..n} min(t, w)
u128 sum_floor(u128 n, u128 r);              // Σ_{t=1..n} ⌊t/r⌋                (r ≥ 1)
u128 sum_floor_cap(u128 n, u128 r, u128 c);  // Σ_{t=1..n} min(⌊t/r⌋, c)        (r ≥ 1)

// The same sums over t = S+1 … S+T.
u128 run_min(u128 S, u128 T, u128 w);
u128 run_floor(u128 S, u128 T, u128 r);
u128 run_floor_cap(u128 S, u128 T, u128 r, u128 c);

}  // namespace tally::mech::v4
