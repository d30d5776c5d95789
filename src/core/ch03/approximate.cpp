#include "core/ch03/approximate.hpp"

#include <cstdint>

namespace tally::ch03 {

namespace {

constexpr double kLn2 = 0.693147180559945309417;

}  // namespace

double to_double(u128 x) {
    return static_cast<double>(static_cast<std::uint64_t>(x >> 64)) * 18446744073709551616.0 +
           static_cast<double>(static_cast<std::uint64_t>(x));
}

double to_double(const Ratio& r) { return to_double(r.num()) / to_double(r.den()); }

double natural_log(double x) {
    int twos = 0;
    while (x >= 2) {
        x /= 2;
        ++twos;
    }
    while (x < 1) {
        x *= 2;
        --twos;
    }
    // x in [1, 2): ln x = 2·atanh(t), t = (x − 1)/(x + 1) < 1/3, a fast series.
    const double t = (x - 1) / (x + 1);
    double power = t, sum = 0;
    for (int k = 1; k < 61; k += 2) {
        sum += power / k;
        power *= t * t;
    }
    return 2 * sum + twos * kLn2;
}

double exponential(double y) {
    // y = n·ln 2 + r with |r| ≤ ln 2 / 2; e^r by its Taylor series, then 2^n.
    long long n = static_cast<long long>(y / kLn2 + (y < 0 ? -0.5 : 0.5));
    const double r = y - static_cast<double>(n) * kLn2;
    double term = 1, sum = 1;
    for (int k = 1; k < 30; ++k) {
        term *= r / k;
        sum += term;
    }
    for (; n > 0; --n) sum *= 2;
    for (; n < 0; ++n) sum /= 2;
    return sum;
}

double power(double base, double exponent) { return exponential(exponent * natural_log(base)); }

Ratio rounded_ratio(double v, unsigned places) {
    u128 scale = 1;
    for (unsigned i = 0; i < places; ++i) scale *= 10;
    const double magnitude = (v < 0 ? -v : v) * to_double(scale) + 0.5;
    // Two halves again, for the same reason as to_double.
    const double high = static_cast<double>(static_cast<std::uint64_t>(magnitude / 18446744073709551616.0));
    const u128 digits = (static_cast<u128>(static_cast<std::uint64_t>(high)) << 64) +
                        static_cast<std::uint64_t>(magnitude - high * 18446744073709551616.0);
    return Ratio(digits, scale);
}

}  // namespace tally::ch03
