#include "flow_display.hpp"

#include <cmath>

#include "core/ch03/approximate.hpp"
#include "core/format.hpp"
#include "core/power_of_ten.hpp"

namespace tally::api::flow {

std::string significant(const Ratio& r, unsigned digits) {
    if (r == Ratio(0)) return "0";
    unsigned places = 0;
    Ratio bound = Ratio(pow10(digits - 1));  // the scaled value's lower bound
    Ratio scaled = r;
    while (scaled < bound && places < 36) {
        scaled = scaled * Ratio(10);
        ++places;
    }
    return fixed(r, places);
}

std::string scientific(const Ratio& r, unsigned digits) {
    if (r < Ratio(1000000)) return significant(r, digits);
    unsigned e = 0;
    Ratio scale(1);
    while (scale * Ratio(10) <= r && e < 38) {
        scale = scale * Ratio(10);
        ++e;
    }
    return significant(r / scale, digits) + times_ten_to(static_cast<int>(e));
}

std::string scientific_superscript(const Ratio& r, unsigned digits) {
    static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    const std::string plain = scientific(r, digits);
    const std::size_t caret = plain.find('^');
    if (caret == std::string::npos) return plain;
    std::string out = plain.substr(0, caret);
    for (std::size_t i = caret + 1; i < plain.size(); ++i) out += kDigits[plain[i] - '0'];
    return out;
}

std::string tflops_fixed(const Ratio& flops) { return fixed(flops / Ratio(1000000000000ULL), 3); }

std::string approximate_text(double v) {
    // 0 never reaches [100, 1000) (a fit through its points leaves exactly
    // 0), and anything not finite and > 0 would not either.
    if (v == 0) return "0";
    if (!(v > 0) || !std::isfinite(v)) throw ArithmeticOverflow("approximate_text: not finite and ≥ 0");
    int e = 0;  // v · 10^e stays the value; three digits before the point
    // A finite double lies within 10^−324 … 10^309: the loops end within
    // these bounds whatever v is.
    while (v >= 1000 && e < 330) {
        v /= 10;
        ++e;
    }
    while (v < 100 && e > -330) {
        v *= 10;
        --e;
    }
    u128 digits = static_cast<u128>(v + 0.5);
    if (digits == 1000) {
        digits = 100;
        ++e;
    }
    const int magnitude = e + 2;  // the leading digit's power of ten
    if (magnitude >= -6 && magnitude < 15) {
        const Ratio value =
            e >= 0 ? Ratio(digits * pow10(static_cast<unsigned>(e))) : Ratio(digits, pow10(static_cast<unsigned>(-e)));
        return significant(value, 3);
    }
    return significant(Ratio(digits, 100), 3) + times_ten_to(magnitude);
}

std::string decimal_text(double v, unsigned places, bool signed_text) {
    const Ratio magnitude = ch03::rounded_ratio(v, places);
    const std::string digits = fixed(magnitude, places);
    if (!signed_text) return (v < 0 && magnitude != Ratio(0) ? "−" : "") + digits;
    return (v < 0 && magnitude != Ratio(0) ? "−" : "+") + digits;
}

std::string short_count(const Ratio& n, unsigned digits) {
    const char* suffix = "";
    Ratio value = n;
    if (n >= Ratio(pow10(9))) {
        suffix = "B";
        value = n / Ratio(pow10(9));
    } else if (n >= Ratio(pow10(6))) {
        suffix = "M";
        value = n / Ratio(pow10(6));
    } else if (n >= Ratio(1000)) {
        suffix = "K";
        value = n / Ratio(1000);
    }
    unsigned whole_digits = 1;
    for (Ratio bound(10); value >= bound; bound = bound * Ratio(10)) ++whole_digits;
    return trimmed(value, digits > whole_digits ? digits - whole_digits : 0) + suffix;
}

}  // namespace tally::api::flow
