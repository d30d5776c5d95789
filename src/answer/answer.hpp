// Checking a learner's answer to one of chapter 2's exercises.
//
// The learner types free text ("1.125 GiB", "2*36*8*128*2 B", "85.1 億",
// "１２．５％"); the exercise author supplies the exact value computed by the
// core, its unit, the significant digits the book prints and, optionally, the
// values of typical wrong derivations.  The checker parses the text into an
// exact rational, converts it to the expected unit and returns a verdict with
// a zh-Hant message that says what was understood and why it is right or
// wrong.  Everything is exact: no floating point decides a verdict.
//
// docs/answers.md documents the accepted syntax, the tolerance rule and the
// mistake codes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/exact.hpp"

namespace tally {

// The unit an exercise asks for.  Bytes and FLOPs answers may use prefixes;
// counts may use 萬/億; Pure and Percent are both dimensionless.
// Chapter 3 asks for times (s), state held over time (B·s), GPU-hours, money
// (USD), decode steps and step rates.
enum class AnswerUnit {
    Bytes,
    Flops,
    Tokens,
    Requests,
    Params,
    Pure,
    Percent,
    Seconds,
    Milliseconds,
    Microseconds,
    Hours,
    Days,
    ByteSeconds,
    GpuHours,
    Usd,
    Steps,
    StepsPerSecond
};

// The API's unit ids: "B", "FLOPs", "tokens", "requests", "params", "" (a pure
// number), "%", "s", "ms", "us" (μs), "h", "days", "B·s", "GPU·h", "USD", "steps" and
// "steps/s".  Returns
// false for anything else.
bool answer_unit_from_id(const std::string& id, AnswerUnit& out);
std::string answer_unit_id(AnswerUnit unit);

// A wrong value the exercise author precomputed with the core (for example
// the KV size with 32 query heads instead of 8 KV heads), matched with the
// same tolerance as the right answer.  `message` may be empty: known codes
// then get the standard explanation.
struct KnownMistake {
    std::string code;
    Ratio value;
    std::string message;
};

struct ExpectedAnswer {
    Ratio value;  // in the unit's base (B, FLOPs, count, number, percent)
    AnswerUnit unit = AnswerUnit::Pure;
    unsigned digits = 0;  // significant digits the book prints; 0 = not given
    std::vector<KnownMistake> mistakes;
    // The built-in guesses (codes from builtin_guess_codes()) that make sense
    // for this quantity; unset = the unit's defaults.  A K/V factor means
    // nothing for expert weights or attention FLOPs, so the exercise says so.
    std::optional<std::vector<std::string>> guesses;
    // "token" or "request" when the question asks a rate (147,456 B per
    // token); empty for a total.  A "/token" the reader types is judged
    // against it: per_unit_for_total, wrong_per_unit.
    std::string per;
};

struct AnswerVerdict {
    bool correct = false;
    std::string mistake;      // empty when correct; a code from mistake_codes() or the author's list
    std::string message;      // zh-Hant: what was understood, then why it is right or wrong
    std::string understood;   // "1.125 GiB = 1,207,959,552 B"; empty when nothing was understood
    bool has_parsed = false;  // false when unparsable or the unit is not a single quantity
    std::string parsed;       // exact value in `parsed_unit`: "1207959552", "-5", "1/3"
    std::string parsed_unit;  // the expected unit's id, or the learner's when the kinds differ
};

// Longest answer read, in characters (code points).  Longer text is
// unparsable, so no input can make the checker slow.
constexpr std::size_t kMaxAnswerChars = 200;

AnswerVerdict check_answer(const std::string& answer, const ExpectedAnswer& expected);

// Strict decimal text for expected values: digits with an optional fraction
// ("1207959552", "3514.25"), at most 38 digits in all and 12 after the point.
bool parse_expected_decimal(const std::string& text, Ratio& out);

// The patterns the checker recognises by itself, without a value from the
// author: missing_unit, gb_vs_gib, rounded_not_floored, missing_kv_factor_2,
// missing_factor_2, extra_factor_2, query_heads, ms_vs_s, hours_vs_seconds,
// off_by_power_of_ten.
const std::vector<std::string>& builtin_guess_codes();

// The documented mistake codes (docs/answers.md).  An exercise's own list may
// add codes of its own.
const std::vector<std::string>& mistake_codes();

}  // namespace tally
