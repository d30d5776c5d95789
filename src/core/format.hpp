// Display text for exact quantities.  The core formats numbers so that the
// CLI, the page and the embeds print the same characters.
#pragma once

#include <array>
#include <string>

#include "exact.hpp"

namespace tally {

// 8190735360 -> "8,190,735,360"
std::string group_thousands(u128 value);

// 10^places (checked: past 10^38 it raises ArithmeticOverflow).
u128 pow10(unsigned places);

// Round r to `places` decimals (ties to even) and print with thousands
// separators in the integer part: (3514.25, 1) -> "3,514.3".
std::string fixed(const Ratio& r, unsigned places);

// Same as fixed() but trailing zeros (and a bare point) removed.
std::string trimmed(const Ratio& r, unsigned max_places);

// Matrix FLOPs with a decimal prefix: "133.59 TFLOPs", "19.97 GFLOPs".
std::string flops_text(const Ratio& flops);

// Bytes with a binary prefix (KiB, MiB, GiB, TiB): "1.125 GiB", "144 KiB".
std::string bytes_binary_text(const Ratio& bytes);

// Bytes with a decimal prefix (kB, MB, GB, TB): "24 GB", "16.381 GB".
std::string bytes_decimal_text(const Ratio& bytes);

// The magnitude word a count is written with in the current language
// (current_lang(), src/core/lang.hpp), and the decimals it is shown to:
//   zh-Hant 萬 10^4, 億 10^8, 兆 10^12, one decimal: "85.1 億", "1.2 兆";
//   zh-Hans 万, 亿, 万亿 at the same powers:         "85.1 亿", "1.2 万亿";
//   en million, billion, trillion (10^6, 10^9, 10^12), at least three
//   significant digits as the book's English writes them: "8.19 billion",
//   "151 million"; below a million a plain grouped number ("123,456").
// `word` is empty (and factor 1) when the count is written plain.  The
// magnitude is chosen on the rounded value, so 99,999,999 is "1 億", never
// "10,000 萬".
struct CountMagnitude {
    Ratio factor{1};
    const char* word = "";
    unsigned places = 2;
};
CountMagnitude count_magnitude(const Ratio& count);

// Every magnitude word of the current language, smallest first, without
// the plain level: 萬 億 兆, 万 亿 万亿, million billion trillion.
const std::array<CountMagnitude, 3>& count_magnitude_words();

// A count in the current language's magnitude words: "85.1 億", "85.1 亿",
// "8.51 billion"; a small count plain: "9,999".
std::string count_words_text(const Ratio& count);

// The name the ops called it by while the core spoke only zh-Hant; the same
// function (its callers live in src/api/ops/, other people's files).
inline std::string count_zh_text(const Ratio& count) { return count_words_text(count); }

}  // namespace tally
