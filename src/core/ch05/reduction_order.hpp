// Why summation order changes a BF16 row's RMSNorm (§5.2.4, Figure 5-13,
// the footnote "order").  The teaching row is x_i = bf16(sin(i + 1)),
// i = 0 … width − 1; each square is exact in FP32, so every difference below
// comes from the order of FP32 additions, emulated with IEEE single
// precision (round to nearest even, no fused multiply-add, no fast-math).
//   A row cut into s segments: each segment summed in order, then the s
//   partial sums added in order.  Its distance from the exact sum (a
//   rational) is counted in FP32 ULPs of the exact sum's binade.
//   RMSNorm's scale rsqrt(sum/width + eps) (the variance in FP32, the
//   reciprocal square root rounded once) and the first output x_0·scale,
//   each rounded to FP32, and how many FP32 steps apart two paths leave them.
//   Merge orders: every order of adding one split's partial sums.
// The BF16 conversion of the row is a parameter: the book's figure
// reproduces only when it truncates toward zero, although its footnote says
// the row is rounded; round-to-nearest-even gives other numbers.
#pragma once

#include <cstdint>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

enum class Bf16Rounding { Truncate, NearestEven };

// x stored as an FP32 value: every operation of this file is rounded on its
// own (a store through volatile), so no compiler may fuse a multiply and an
// add or keep extra precision between them.
inline float keep_f32(float x) {
    volatile float stored = x;
    return stored;
}

// The BF16 value of an FP32 number (positive or negative), as an FP32.
float to_bf16(float x, Bf16Rounding mode);

// The exact value of a finite FP32 number's magnitude.
Ratio magnitude_of(float x);

// FP32 steps between two positive finite floats (b − a in units of the last place).
std::int64_t float_steps(float a, float b);

struct SplitResult {
    std::size_t segments = 0;
    float sum = 0, scale = 0, first_output = 0;
    Ratio distance_ulp;  // |sum − exact| / ulp
    bool below = false;  // sum < exact
};

struct MergeOrders {
    u128 orders = 0;                // segments!
    std::vector<float> distinct;    // ascending
    std::int64_t spread_steps = 0;  // largest − smallest, in FP32 steps
};

struct ReductionOrder {
    std::vector<float> row;
    Ratio exact_sum;
    Ratio ulp;  // FP32 spacing in the binade of the exact sum
    std::vector<SplitResult> splits;
};

// width ≥ 1; each segment count divides width; eps is FP32 rms_norm_eps.
ReductionOrder reduction_order(std::size_t width, const std::vector<std::size_t>& segments, float eps, Bf16Rounding mode);

// Every order of adding the `segments` partial sums of `row`.
MergeOrders merge_orders(const std::vector<float>& row, std::size_t segments);

}  // namespace tally::ch05
