// Where a quantisation scale comes from changes the numbers (§5.4.3,
// Example 5-7, Figure 5-23).  FP8 E4M3FN: 3 mantissa bits, exponents from
// −6 (subnormals below, step 2^−9), largest finite 448; rounding to
// nearest, ties to even.  A scale s = 448 / max|x| maps the group's largest
// magnitude onto 448; x is stored as e4m3(x·s) and read back as e4m3(x·s)/s.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

constexpr u128 kE4m3Max = 448;

// The E4M3FN value nearest to x (0 ≤ x ≤ 448), ties to the even mantissa.
Ratio round_e4m3(const Ratio& x);

struct ScaledValue {
    Ratio scale;                  // 448 / group max
    Ratio scaled;                 // x · scale
    Ratio stored;                 // round_e4m3(scaled)
    Ratio restored;               // stored / scale
    Ratio error;                  // |x − restored|
    bool restored_below = false;  // restored < x
    Ratio relative_error;         // error / x (0 when x = 0)
};

// group_max > 0, 0 ≤ x ≤ group_max.
ScaledValue quantize_with_scale(const Ratio& x, const Ratio& group_max);

}  // namespace tally::ch05
