#include "exact.hpp"

#include <algorithm>

namespace tally {

std::string to_decimal(u128 value) {
    // 128-bit division is a library call in WASM; most values fit 64 bits.
    if (value <= UINT64_MAX) return std::to_string(static_cast<std::uint64_t>(value));
    std::string digits;
    while (value != 0) {
        digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
        value /= 10;
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

Ratio::Ratio(u128 num, u128 den) {
    if (den == 0) throw ArithmeticOverflow("division by zero");
    u128 g = gcd(num, den);
    num_ = g == 0 ? 0 : num / g;
    den_ = g == 0 ? 1 : den / g;
}

// Cross-reduce before multiplying so intermediate products stay small.
Ratio operator*(const Ratio& a, const Ratio& b) {
    u128 g1 = gcd(a.num_, b.den_);
    u128 g2 = gcd(b.num_, a.den_);
    if (g1 == 0) g1 = 1;
    if (g2 == 0) g2 = 1;
    return Ratio(mul(a.num_ / g1, b.num_ / g2), mul(a.den_ / g2, b.den_ / g1));
}

Ratio operator/(const Ratio& a, const Ratio& b) {
    if (b.num_ == 0) throw ArithmeticOverflow("division by zero");
    return a * Ratio(b.den_, b.num_);
}

Ratio operator+(const Ratio& a, const Ratio& b) {
    u128 g = gcd(a.den_, b.den_);
    u128 lcm = mul(a.den_ / g, b.den_);
    return Ratio(add(mul(a.num_, lcm / a.den_), mul(b.num_, lcm / b.den_)), lcm);
}

Ratio operator-(const Ratio& a, const Ratio& b) {
    u128 g = gcd(a.den_, b.den_);
    u128 lcm = mul(a.den_ / g, b.den_);
    return Ratio(sub(mul(a.num_, lcm / a.den_), mul(b.num_, lcm / b.den_)), lcm);
}

bool operator<(const Ratio& a, const Ratio& b) {
    // Compare a.num/a.den < b.num/b.den without overflow: compare integer
    // parts first, then the fractional remainders recursively (continued
    // fraction style).
    u128 an = a.num_, ad = a.den_, bn = b.num_, bd = b.den_;
    bool flipped = false;
    for (;;) {
        u128 qa = an / ad, qb = bn / bd;
        if (qa != qb) return flipped ? qa > qb : qa < qb;
        u128 ra = an % ad, rb = bn % bd;
        if (ra == 0 || rb == 0) {
            if (ra == rb) return false;
            // The one with a zero remainder is smaller.
            bool a_smaller = (ra == 0);
            return flipped ? !a_smaller : a_smaller;
        }
        // a' = ad/ra, b' = bd/rb; comparison flips.
        an = ad;
        u128 nad = ra;
        ad = nad;
        bn = bd;
        u128 nbd = rb;
        bd = nbd;
        flipped = !flipped;
    }
}

std::string to_exact_text(const Ratio& r) {
    // A fraction terminates in decimal iff den = 2^a 5^b.
    u128 d = r.den();
    unsigned twos = 0, fives = 0;
    while (d % 2 == 0) {
        d /= 2;
        ++twos;
    }
    while (d % 5 == 0) {
        d /= 5;
        ++fives;
    }
    if (d != 1) return to_decimal(r.num()) + "/" + to_decimal(r.den());
    unsigned places = std::max(twos, fives);
    std::string out = to_decimal(r.floor());
    if (places == 0) return out;
    u128 frac = r.num() % r.den();
    std::string digits;
    for (unsigned i = 0; i < places; ++i) {
        frac = mul(frac, 10);
        digits.push_back(static_cast<char>('0' + static_cast<int>(frac / r.den())));
        frac %= r.den();
    }
    return out + "." + digits;
}

}  // namespace tally
