// The answer checker's parser: tokens to one exact value with a dimension,
// and the raw text to everything the judge needs (a Reading).  Internal.
#pragma once

#include <string>
#include <vector>

#include "math.hpp"
#include "units.hpp"

namespace tally::checker {

struct Value {
    Signed q;
    Dim dim;
    std::string text;      // canonical rendering: "2 × 36 × 8 × 128 × 2 B"
    int sig = 0;           // significant digits of one typed number (× a power of ten); 0 otherwise
    bool pow10 = false;    // "10^k": keeps the other factor's significant digits
    bool literal = false;  // one typed number with its units, no arithmetic
    bool plain = false;    // that number has no e-notation
    Signed literal_value;  // the typed number before units
};

// Everything the checker needs from the learner's text.
struct Reading {
    Value value;
    bool has_unit = false;  // a unit word, classifier, magnitude or % appeared
    bool percent = false;
    bool count_word = false;
    std::vector<UnitWord> units;
    std::string per;              // a "/token" tail, judged against the question (ExpectedAnswer::per)
    int per_base = -1;            // its base: kTokens or kRequests
    bool binary_letters = false;  // K/M/G/T read as 1024^k (set before parsing)
    bool b_is_bytes = true;       // a bare "B" at the end is bytes (set before parsing)
    bool billion_b = false;       // a "B" after a number was read as billion ("85.1B")
    std::string letters;          // the magnitude letters used, in order, once each ("K")
    std::string comma_ambiguous;  // the first number like "1,125" (Token::comma_ambiguous)
};

// Reads the learner's raw text; K/M/G/T letters as 1024^k when
// binary_letters, else 1000^k.  A "B" typed right after a digit, no space,
// is billion when another unit follows it ("1.2B FLOPs", "8B params"),
// bytes before a "/" ("2B/token"), and otherwise bytes when b_is_bytes (the
// quantity asked for is bytes), billion when not ("85.1B" parameters).  "B"
// after a space is always bytes ("8,912,384 B").  Throws ParseError
// for text it cannot read, ArithmeticOverflow past the exact 128-bit range.
Reading read_answer(const std::string& raw, bool binary_letters, bool b_is_bytes);

}  // namespace tally::checker
