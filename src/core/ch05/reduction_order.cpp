#include "core/ch05/reduction_order.hpp"
#include "core/ch05/power_of_two.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace tally::ch05 {

namespace {

std::uint32_t bits_of(float x) {
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

float float_of(std::uint32_t b) {
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

// FP32 additions one statement at a time: nothing for a compiler to fuse.
float add_f32(float a, float b) { return keep_f32(a + b); }

float partial_sum(const std::vector<float>& squares, std::size_t begin, std::size_t end) {
    float acc = 0.0f;
    for (std::size_t i = begin; i < end; ++i) acc = add_f32(acc, squares[i]);
    return acc;
}

}  // namespace

float to_bf16(float x, Bf16Rounding mode) {
    std::uint32_t b = bits_of(x);
    if (mode == Bf16Rounding::NearestEven) b += 0x7FFFu + ((b >> 16) & 1u);
    return float_of(b & 0xFFFF0000u);
}

Ratio magnitude_of(float x) {
    int e = 0;
    const double m = std::frexp(std::fabs(static_cast<double>(x)), &e);  // x = m·2^e, m in [0.5, 1)
    const auto significand = static_cast<u128>(std::ldexp(m, 24));       // exact: 24 bits
    return Ratio(significand) * power_of_two(e - 24);
}

std::int64_t float_steps(float a, float b) {
    return static_cast<std::int64_t>(bits_of(b)) - static_cast<std::int64_t>(bits_of(a));
}

ReductionOrder reduction_order(std::size_t width, const std::vector<std::size_t>& segments, float eps, Bf16Rounding mode) {
    ReductionOrder r;
    std::vector<float> squares;
    for (std::size_t i = 0; i < width; ++i) {
        const float x = to_bf16(static_cast<float>(std::sin(static_cast<double>(i + 1))), mode);
        r.row.push_back(x);
        const float square = keep_f32(x * x);  // 8 × 8 significand bits: exact in FP32
        squares.push_back(square);
        r.exact_sum = r.exact_sum + magnitude_of(x) * magnitude_of(x);
    }
    // The FP32 spacing where the exact sum lies: 2^(e − 23) for a sum in [2^e, 2^(e+1)).
    int e = 0;
    while (power_of_two(e + 1) <= r.exact_sum) ++e;
    while (r.exact_sum < power_of_two(e) && e > -126) --e;
    r.ulp = power_of_two(e - 23);
    const float width_f = static_cast<float>(width);
    for (std::size_t s : segments) {
        SplitResult out;
        out.segments = s;
        const std::size_t piece = width / s;
        float total = 0.0f;
        for (std::size_t k = 0; k < s; ++k) total = add_f32(total, partial_sum(squares, k * piece, (k + 1) * piece));
        out.sum = total;
        const Ratio value = magnitude_of(total);
        out.below = value < r.exact_sum;
        out.distance_ulp = (out.below ? r.exact_sum - value : value - r.exact_sum) / r.ulp;
        const float mean = keep_f32(total / width_f);  // a power of two: exact
        const float variance = add_f32(mean, eps);
        // rsqrt rounded once to FP32 (as a fused reciprocal square root is):
        // 1/sqrt in double is then rounded to the nearest float.  Rounding the
        // square root and the division separately moves the 8-segment scale
        // by one step away from the book's 1.417633056640625.
        const float scale = keep_f32(static_cast<float>(1.0 / std::sqrt(static_cast<double>(variance))));
        out.scale = scale;
        const float first = keep_f32(r.row[0] * scale);
        out.first_output = first;
        r.splits.push_back(out);
    }
    return r;
}

MergeOrders merge_orders(const std::vector<float>& row, std::size_t segments) {
    std::vector<float> squares;
    for (float x : row) {
        const float square = keep_f32(x * x);
        squares.push_back(square);
    }
    const std::size_t piece = row.size() / segments;
    std::vector<float> partials;
    for (std::size_t k = 0; k < segments; ++k) partials.push_back(partial_sum(squares, k * piece, (k + 1) * piece));
    std::vector<std::size_t> order(segments);
    std::iota(order.begin(), order.end(), 0);
    MergeOrders m;
    do {
        float acc = 0.0f;
        for (std::size_t k : order) acc = add_f32(acc, partials[k]);
        if (std::find(m.distinct.begin(), m.distinct.end(), acc) == m.distinct.end()) m.distinct.push_back(acc);
        ++m.orders;
    } while (std::next_permutation(order.begin(), order.end()));
    std::sort(m.distinct.begin(), m.distinct.end());
    m.spread_steps = float_steps(m.distinct.front(), m.distinct.back());
    return m;
}

}  // namespace tally::ch05
