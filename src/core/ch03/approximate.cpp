#include "core/ch03/approximate.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/format.hpp"

namespace tally::ch03 {

namespace {

constexpr double kLn2 = 0.693147180559945309417;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A finite double lies within 2^−1074 … 2^1024: halving or doubling one into
// [1, 2) takes at most this many steps, whatever its size.
constexpr int kMaxBinaryExponent = 1100;

// e^y overflows a double above ln(DBL_MAX) ≈ 709.78 and underflows to 0
// below ln(2^−1075) ≈ −745.13.
constexpr double kLargestExponent = 709.78;
constexpr double kSmallestExponent = -745.2;

// 2^127: rounded_ratio's digits must fit a u128 with room for the + 0.5.
constexpr double kRoundedLimit = 170141183460469231731687303715884105728.0;

}  // namespace

double to_double(u128 x) {
    return static_cast<double>(static_cast<std::uint64_t>(x >> 64)) * 18446744073709551616.0 +
           static_cast<double>(static_cast<std::uint64_t>(x));
}

double to_double(const Ratio& r) { return to_double(r.num()) / to_double(r.den()); }

double natural_log(double x) {
    if (!(x > 0) || !std::isfinite(x)) return kNaN;
    int twos = 0;
    while (x >= 2 && twos < kMaxBinaryExponent) {
        x /= 2;
        ++twos;
    }
    while (x < 1 && twos > -kMaxBinaryExponent) {
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
    if (y != y) return kNaN;
    // Out here the answer is no double, and n below would not fit a long long
    // (or would take as many doublings as its size).
    if (y > kLargestExponent) return kInfinity;
    if (y < kSmallestExponent) return 0;
    // y = n·ln 2 + r with |r| ≤ ln 2 / 2; e^r by its Taylor series, then 2^n:
    // |n| ≤ 1076 here.
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

bool roundable(double v, unsigned places) {
    if (!std::isfinite(v) || places > 36) return false;
    return (v < 0 ? -v : v) * to_double(pow10(places)) + 0.5 < kRoundedLimit;
}

Ratio rounded_ratio(double v, unsigned places) {
    // Checked, not assumed: converting a double past 2^64 to an integer is
    // undefined behaviour.
    if (!roundable(v, places)) throw ArithmeticOverflow("rounded_ratio: beyond 2^127");
    const u128 scale = pow10(places);
    const double magnitude = (v < 0 ? -v : v) * to_double(scale) + 0.5;
    // Two halves again, for the same reason as to_double.
    const double high = static_cast<double>(static_cast<std::uint64_t>(magnitude / 18446744073709551616.0));
    const u128 digits = (static_cast<u128>(static_cast<std::uint64_t>(high)) << 64) +
                        static_cast<std::uint64_t>(magnitude - high * 18446744073709551616.0);
    return Ratio(digits, scale);
}

}  // namespace tally::ch03
