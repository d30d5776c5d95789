#include "core/ch05/activation_order.hpp"

#include "core/ch03/approximate.hpp"

namespace tally::ch05 {

namespace {

// x / (1 + e^(−x)); e^(−x) overflows to +∞ for a very negative x, and x / ∞ is the limit 0.
double silu(double x) { return x / (1 + ch03::exponential(-x)); }

}  // namespace

ActivationOrder activation_order(const Ratio& a, unsigned places) {
    ActivationOrder o;
    o.sum_then_silu = Ratio(0);
    const double x = ch03::to_double(a);
    // SiLU(x) + SiLU(−x) = x·(σ(x) − σ(−x)) ≥ 0, so the rounded magnitude is the value.
    o.silu_then_sum = ch03::rounded_ratio(silu(x) + silu(-x), places);
    return o;
}

}  // namespace tally::ch05
