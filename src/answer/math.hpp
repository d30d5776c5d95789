// Signed exact values and decimal helpers for the answer checker.
//
// Ratio is unsigned because sizes never go negative.  A learner's arithmetic
// can pass below zero on the way ("2*2^30 - 24e9 + 24e9"), so the checker
// keeps a sign beside the magnitude and judges only the final value.  Every
// operation stays exact and checked: an overflow raises ArithmeticOverflow,
// never a wrapped number.
#pragma once

#include "core/exact.hpp"

namespace tally {

struct Signed {
    Ratio mag;
    bool negative = false;
};

// Zero carries no sign, so "-0" and "0" compare equal.
inline Signed make_signed(const Ratio& mag, bool negative) { return Signed{mag, negative && mag != Ratio(0)}; }

inline Signed operator-(const Signed& a) { return make_signed(a.mag, !a.negative); }

inline Signed operator+(const Signed& a, const Signed& b) {
    if (a.negative == b.negative) return make_signed(a.mag + b.mag, a.negative);
    if (b.mag <= a.mag) return make_signed(a.mag - b.mag, a.negative);
    return make_signed(b.mag - a.mag, b.negative);
}

inline Signed operator-(const Signed& a, const Signed& b) { return a + (-b); }

inline Signed operator*(const Signed& a, const Signed& b) { return make_signed(a.mag * b.mag, a.negative != b.negative); }

// Ratio's division throws ArithmeticOverflow on a zero divisor; callers that
// want a friendlier message test for zero first.
inline Signed operator/(const Signed& a, const Signed& b) { return make_signed(a.mag / b.mag, a.negative != b.negative); }

inline bool operator==(const Signed& a, const Signed& b) { return a.negative == b.negative && a.mag == b.mag; }

// 10^k exactly; |k| > 38 does not fit 128 bits and raises ArithmeticOverflow.
inline Ratio pow10_ratio(int k) {
    u128 p = 1;
    for (int i = 0; i < (k < 0 ? -k : k); ++i) p = mul(p, 10);
    return k < 0 ? Ratio(1, p) : Ratio(p);
}

// floor(log10 x) for x > 0, by exact comparison with powers of ten (no
// floating point: 0.999… must never be read as 1).
inline int floor_log10(const Ratio& x) {
    if (Ratio(1) <= x) {
        int k = 0;
        while (k < 38 && pow10_ratio(k + 1) <= x) ++k;
        return k;
    }
    int k = -1;
    while (x < pow10_ratio(k)) --k;  // throws past 10^-38
    return k;
}

// |a − b| without going through a signed type.
inline Ratio abs_diff(const Ratio& a, const Ratio& b) { return a < b ? b - a : a - b; }

// base^exponent by repeated squaring; a negative exponent takes the
// reciprocal (the caller rules out 0 to a negative power).
inline Signed signed_power(const Signed& base, long long exponent) {
    const bool invert = exponent < 0;
    unsigned long long n = static_cast<unsigned long long>(invert ? -exponent : exponent);
    Ratio result(1);
    Ratio square = base.mag;
    while (n != 0) {
        if (n & 1U) result = result * square;
        n >>= 1U;
        if (n != 0) square = square * square;
    }
    const bool odd = ((invert ? -exponent : exponent) & 1) != 0;
    if (invert) result = Ratio(1) / result;
    return make_signed(result, base.negative && odd);
}

}  // namespace tally
