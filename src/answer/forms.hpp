// The magnitude words the checker reads after a number, in every edition:
// "85.1 億", "85.1 亿", "85.1 billion", "1.2兆", "1.2 万亿" (万 × 亿), "3.2
// thousand".  These are input forms a reader types, not messages, so they
// live here as tables and not in content/messages/.  Internal.
#pragma once

#include <string_view>

namespace tally::checker {

// A Chinese magnitude character, its power of ten, and how an answer's echo
// writes it in the Traditional and the Simplified editions (the English one
// echoes what was typed).  兆 is 10^12 as Taiwan writes it (萬億); the
// mainland's 万亿 is 万 × 亿, read as two magnitudes multiplied.
struct CjkMagnitude {
    char32_t text;
    int power10;
    const char* hant;
    const char* hans;
};
inline constexpr CjkMagnitude kCjkMagnitudes[] = {
    {U'萬', 4, "萬", "万"},  {U'万', 4, "萬", "万"}, {U'億', 8, "億", "亿"}, {U'亿', 8, "億", "亿"},
    {U'兆', 12, "兆", "兆"}, {U'千', 3, "千", "千"}, {U'百', 2, "百", "百"},
};

// English magnitude words, any case: "85.1 billion", "85.1 bn", "4,500
// million".  A bare "B" after a number is read in the parser, by the
// quantity asked for (docs/answers.md, "B after a number").
struct LatinMagnitude {
    std::string_view word;  // lower case
    int power10;
};
inline constexpr LatinMagnitude kLatinMagnitudes[] = {
    {"thousand", 3}, {"thousands", 3}, {"million", 6}, {"millions", 6},  {"mn", 6},
    {"billion", 9},  {"billions", 9},  {"bn", 9},      {"trillion", 12}, {"trillions", 12},
};

}  // namespace tally::checker
