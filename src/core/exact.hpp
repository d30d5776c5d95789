// Exact arithmetic for the accounting engine.
//
// Every quantity Tally prints is an integer or a ratio of integers (bytes per
// token can be 3514.25).  We keep them exact in unsigned 128-bit integers and
// refuse to wrap: an overflow raises ArithmeticOverflow, which the API turns
// into an error response instead of a wrong number.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tally {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

// Raised when an exact result does not fit in 128 bits.
struct ArithmeticOverflow : std::runtime_error {
    explicit ArithmeticOverflow(const std::string& what) : std::runtime_error(what) {}
};

// Raised when a subtraction would go negative (sizes are never negative).
struct NegativeResult : std::runtime_error {
    explicit NegativeResult(const std::string& what) : std::runtime_error(what) {}
};

inline u128 add(u128 a, u128 b) {
    u128 r;
    if (__builtin_add_overflow(a, b, &r)) throw ArithmeticOverflow("addition exceeds 128 bits");
    return r;
}

inline u128 mul(u128 a, u128 b) {
    // Two factors below 2^64 cannot overflow 128 bits; this path avoids the
    // generic overflow-checked 128-bit multiply, a slow library call in WASM.
    if ((a >> 64) == 0 && (b >> 64) == 0) {
        return static_cast<u128>(static_cast<std::uint64_t>(a)) * static_cast<std::uint64_t>(b);
    }
    u128 r;
    if (__builtin_mul_overflow(a, b, &r)) throw ArithmeticOverflow("multiplication exceeds 128 bits");
    return r;
}

template <typename... Rest>
u128 mul(u128 a, u128 b, u128 c, Rest... rest) {
    return mul(mul(a, b), c, rest...);
}

inline u128 sub(u128 a, u128 b) {
    if (b > a) throw NegativeResult("subtraction would be negative");
    return a - b;
}

inline u128 ceil_div(u128 a, u128 b) { return a / b + (a % b != 0 ? 1 : 0); }

inline u128 gcd(u128 a, u128 b) {
    // Finish in 64-bit arithmetic as soon as both fit (128-bit % is slow).
    while (b != 0 && (a > UINT64_MAX || b > UINT64_MAX)) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    if (b == 0) return a;
    std::uint64_t x = static_cast<std::uint64_t>(a), y = static_cast<std::uint64_t>(b);
    while (y != 0) {
        std::uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

// Largest integer that the JavaScript side can hold exactly (2^53 - 1).
constexpr u128 kMaxSafeInteger = (u128{1} << 53) - 1;

// Decimal digits of an unsigned 128-bit integer.
std::string to_decimal(u128 value);

// A non-negative exact rational num/den, always reduced, den > 0.
class Ratio {
  public:
    constexpr Ratio() = default;
    // constexpr: a whole-number constant (core/units.hpp) is set before any
    // code runs, so no static initializer can see it still zero.
    constexpr Ratio(u128 whole) : num_(whole) {}  // NOLINT: integers convert implicitly
    Ratio(u128 num, u128 den);

    u128 num() const { return num_; }
    u128 den() const { return den_; }
    bool is_integer() const { return den_ == 1; }
    u128 floor() const { return num_ / den_; }
    u128 ceil() const { return ceil_div(num_, den_); }

    friend Ratio operator+(const Ratio& a, const Ratio& b);
    friend Ratio operator-(const Ratio& a, const Ratio& b);
    friend Ratio operator*(const Ratio& a, const Ratio& b);
    friend Ratio operator/(const Ratio& a, const Ratio& b);
    friend bool operator<(const Ratio& a, const Ratio& b);
    friend bool operator==(const Ratio& a, const Ratio& b) { return a.num_ == b.num_ && a.den_ == b.den_; }
    friend bool operator!=(const Ratio& a, const Ratio& b) { return !(a == b); }
    friend bool operator<=(const Ratio& a, const Ratio& b) { return !(b < a); }
    friend bool operator>(const Ratio& a, const Ratio& b) { return b < a; }
    friend bool operator>=(const Ratio& a, const Ratio& b) { return !(a < b); }

  private:
    u128 num_ = 0;
    u128 den_ = 1;
};

// Exact decimal text when the ratio terminates ("3514.25"), else "num/den".
std::string to_exact_text(const Ratio& r);

}  // namespace tally
