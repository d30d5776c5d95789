#include "format.hpp"

#include <array>

#include "lang.hpp"

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

u128 pow10(unsigned places) {
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
std::string scaled_text(const Ratio& value, const std::array<Prefix, N>& prefixes, unsigned places, bool trim) {
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

namespace {

// One language's magnitude words, smallest first; index 0 is the plain number.
struct CountWords {
    std::array<CountMagnitude, 4> levels;
    bool significant_places;  // en: decimals for 3 significant digits; zh: each level's own
};

const u128 kTenThousand = 10000;
const u128 kMillion = 1000000;
const u128 kHundredMillion = 100000000;
const u128 kBillion = 1000000000;
const u128 kTrillion = u128{1000000000000ULL};

// Namespace-scope tables (no heap): nothing is built on first use inside a
// request's arena (src/wasm/request_arena.hpp).
const CountWords kHant{
    {{{Ratio(1), "", 2}, {Ratio(kTenThousand), "萬", 1}, {Ratio(kHundredMillion), "億", 1}, {Ratio(kTrillion), "兆", 1}}}, false};
const CountWords kHans{
    {{{Ratio(1), "", 2}, {Ratio(kTenThousand), "万", 1}, {Ratio(kHundredMillion), "亿", 1}, {Ratio(kTrillion), "万亿", 1}}},
    false};
const CountWords kEn{
    {{{Ratio(1), "", 2}, {Ratio(kMillion), "million", 2}, {Ratio(kBillion), "billion", 2}, {Ratio(kTrillion), "trillion", 2}}},
    true};

const CountWords& count_words() {
    switch (current_lang()) {
        case Lang::zh_Hans: return kHans;
        case Lang::en: return kEn;
        case Lang::zh_Hant: break;
    }
    return kHant;
}

// 8.19, 85.1, 851: the English magnitudes keep three significant digits.
unsigned significant_places(const Ratio& shown) {
    if (shown < Ratio(10)) return 2;
    if (shown < Ratio(100)) return 1;
    return 0;
}

// The value at `level` once rounded to the decimals it is shown with.
Ratio rounded_at(const Ratio& count, const CountMagnitude& level, unsigned places) {
    const Ratio shown = count / level.factor;
    const Ratio scale(pow10(places));
    Ratio scaled = shown * scale;
    u128 n = scaled.floor();
    const u128 twice_rest = mul(scaled.num() % scaled.den(), 2);
    if (twice_rest > scaled.den() || (twice_rest == scaled.den() && n % 2 == 1)) n = add(n, 1);
    return Ratio(n) / scale;
}

// The word levels of each language (index 1… of CountWords::levels).
std::array<CountMagnitude, 3> words_of(const CountWords& w) { return {w.levels[1], w.levels[2], w.levels[3]}; }
const std::array<CountMagnitude, 3> kHantWords = words_of(kHant);
const std::array<CountMagnitude, 3> kHansWords = words_of(kHans);
const std::array<CountMagnitude, 3> kEnWords = words_of(kEn);

}  // namespace

const std::array<CountMagnitude, 3>& count_magnitude_words() {
    switch (current_lang()) {
        case Lang::zh_Hans: return kHansWords;
        case Lang::en: return kEnWords;
        case Lang::zh_Hant: break;
    }
    return kHantWords;
}

CountMagnitude count_magnitude(const Ratio& count) {
    const CountWords& words = count_words();
    size_t chosen = 0;
    for (size_t i = 1; i < words.levels.size(); ++i) {
        if (words.levels[i].factor <= count) chosen = i;
    }
    CountMagnitude level = words.levels[chosen];
    if (words.significant_places && chosen > 0) level.places = significant_places(count / level.factor);
    // 99,999,999 rounds to 10,000 萬: one level up it is 1 億.
    if (chosen + 1 < words.levels.size()) {
        const CountMagnitude& next = words.levels[chosen + 1];
        if (next.factor / level.factor <= rounded_at(count, level, level.places)) {
            level = next;
            if (words.significant_places) level.places = significant_places(rounded_at(count, next, 2));
        }
    }
    return level;
}

std::string count_words_text(const Ratio& count) {
    const CountMagnitude m = count_magnitude(count);
    const std::string number = trimmed(count / m.factor, m.places);
    return *m.word == '\0' ? number : number + " " + m.word;
}

}  // namespace tally
