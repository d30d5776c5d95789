#include "straggler.hpp"

#include <vector>

#include "core/ch03/approximate.hpp"

namespace tally::ch10 {

namespace {

// x^n for a probability x and a whole n, by squaring.
double power_of(double x, u128 n) {
    double result = 1;
    while (n > 0) {
        if (n & 1) result *= x;
        x *= x;
        n >>= 1;
    }
    return result;
}

}  // namespace

Ratio expected_max_sigmas(u128 cards) {
    constexpr int kSteps = 24000;  // [−12, 12] at 10^-3
    constexpr double kLow = -12, kStep = 1e-3;
    const double norm = 0.3989422804014327;  // 1/√(2π)
    std::vector<double> density(kSteps + 1);
    for (int i = 0; i <= kSteps; ++i) {
        const double x = kLow + i * kStep;
        density[i] = norm * ch03::exponential(-x * x / 2);
    }
    // E[max] = ∫ x · N φ(x) Φ(x)^(N−1) dx: a smooth integrand, so the
    // trapezoid rule on this grid is far inside the fourth decimal.
    double cdf = 0, k = 0;
    for (int i = 0; i <= kSteps; ++i) {
        if (i > 0) cdf += (density[i - 1] + density[i]) * kStep / 2;
        const double x = kLow + i * kStep;
        const double w = (i == 0 || i == kSteps) ? kStep / 2 : kStep;
        k += x * static_cast<double>(cards) * density[i] * power_of(cdf < 1 ? cdf : 1, cards - 1) * w;
    }
    return ch03::rounded_ratio(k, 4);
}

SlowCardResponses slow_card_responses(u128 cards, const Ratio& mean_seconds, const Ratio& sigma_seconds,
                                      const Ratio& slow_sigmas) {
    const Ratio others = expected_max_sigmas(cards - 1);
    SlowCardResponses r;
    r.wait_sigmas = others < slow_sigmas ? slow_sigmas - others : Ratio(0);
    r.reallocated_compute_seconds = mean_seconds * Ratio(cards) / Ratio(cards - 1) + others * sigma_seconds;
    return r;
}

Ratio evict_seconds(const Ratio& interval_seconds, const Ratio& recovery_seconds) {
    return interval_seconds / Ratio(2) + recovery_seconds;
}

}  // namespace tally::ch10
