#include "format.hpp"

#include <array>

namespace tally {

std::string group_thousands(u128 value) {
    std::string digits = to_decimal(value);
    std::string out;
    int n = static_cast<int>(digits.size());
    for (int i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % 3 == 0) out.push_back(',');
        out.push_back(digits[static_cast<size_t>(i)]);
    }
    return out;
}

static u128 pow10(unsigned places) {
    u128 p = 1;
    for (unsigned i = 0; i < places; ++i) p = mul(p, 10);
    return p;
}

std::string fixed(const Ratio& r, unsigned places) {
    u128 scale = pow10(places);
    // round(r * scale) with ties to even, the rule the book's printed
    // numbers follow (90.5625 GiB is printed 90.562).
    Ratio scaled = r * Ratio(scale);
    u128 rounded = scaled.floor();
    u128 remainder2 = mul(scaled.num() % scaled.den(), 2);
    const bool tie = remainder2 == scaled.den();
    if (remainder2 > scaled.den() || (tie && rounded % 2 == 1)) rounded = add(rounded, 1);
    std::string out = group_thousands(rounded / scale);
    if (places == 0) return out;
    std::string frac = to_decimal(rounded % scale);
    return out + "." + std::string(places - frac.size(), '0') + frac;
}

std::string trimmed(const Ratio& r, unsigned max_places) {
    std::string s = fixed(r, max_places);
    if (s.find('.') == std::string::npos) return s;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

namespace {
struct Prefix {
    const char* name;
    u128 factor;
};

// Pick the largest prefix whose factor does not exceed the value.
template <size_t N>
std::string scaled_text(const Ratio& value, const std::array<Prefix, N>& prefixes, unsigned places,
                        bool trim) {
    size_t chosen = 0;
    for (size_t i = 0; i < N; ++i) {
        if (Ratio(prefixes[i].factor) <= value) chosen = i;
    }
    Ratio shown = value / Ratio(prefixes[chosen].factor);
    std::string number = trim ? trimmed(shown, places) : fixed(shown, places);
    return number + " " + prefixes[chosen].name;
}
}  // namespace

std::string flops_text(const Ratio& flops) {
    static const std::array<Prefix, 6> kPrefixes{{{"FLOPs", 1},
                                                  {"KFLOPs", u128{1000}},
                                                  {"MFLOPs", u128{1000000}},
                                                  {"GFLOPs", u128{1000000000}},
                                                  {"TFLOPs", u128{1000000000000ULL}},
                                                  {"PFLOPs", u128{1000000000000000ULL}}}};
    if (flops < Ratio(1000)) return trimmed(flops, 2) + " FLOPs";
    return scaled_text(flops, kPrefixes, 2, false);
}

std::string bytes_binary_text(const Ratio& bytes) {
    static const std::array<Prefix, 6> kPrefixes{{{"B", 1},
                                                  {"KiB", u128{1} << 10},
                                                  {"MiB", u128{1} << 20},
                                                  {"GiB", u128{1} << 30},
                                                  {"TiB", u128{1} << 40},
                                                  {"PiB", u128{1} << 50}}};
    return scaled_text(bytes, kPrefixes, 3, true);
}

std::string bytes_decimal_text(const Ratio& bytes) {
    static const std::array<Prefix, 6> kPrefixes{{{"B", 1},
                                                  {"kB", u128{1000}},
                                                  {"MB", u128{1000000}},
                                                  {"GB", u128{1000000000}},
                                                  {"TB", u128{1000000000000ULL}},
                                                  {"PB", u128{1000000000000000ULL}}}};
    return scaled_text(bytes, kPrefixes, 3, true);
}

std::string count_zh_text(const Ratio& count) {
    if (Ratio(100000000) <= count) return trimmed(count / Ratio(100000000), 1) + " 億";
    if (Ratio(10000) <= count) return trimmed(count / Ratio(10000), 1) + " 萬";
    return trimmed(count, 2);
}

}  // namespace tally
