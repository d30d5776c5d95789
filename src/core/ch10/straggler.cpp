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

}  // namespace tally::ch10
