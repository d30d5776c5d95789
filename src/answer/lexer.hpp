// The answer checker's lexer: the normalized text of an answer as numbers,
// operators, unit words, magnitudes (萬 億 K M) and classifiers (個 條).
// Internal.
#pragma once

#include <string>
#include <vector>

#include "units.hpp"

namespace tally::checker {

enum class Tok { Number, Plus, Minus, Times, Divide, Power, Open, Close, Super, Unit, Magnitude, Classifier, Per, End };

struct Token {
    Tok kind = Tok::End;
    std::string text;       // normalized as typed, for messages and display
    Ratio value;            // Number: the literal; Magnitude: its factor
    int sig = 0;            // Number: significant digits as typed
    bool exponent = false;  // Number: written with e-notation
    long long power = 0;    // Super: the exponent
    UnitWord unit;          // Unit, Classifier
    // Magnitude: a Latin letter K/M/G/T (1…4) whose factor, 1000^k or
    // 1024^k, the parser picks by the reading it is asked for; 0 = 萬/億/兆.
    int letter_level = 0;
    // Number: one comma group and nothing after it ("1,125"), which may be a
    // thousands separator or a decimal comma (docs/answers.md).
    bool comma_ambiguous = false;
    // Unit, Magnitude: typed right after a digit, no space ("85.1B", as
    // models are named, against "8,912,384 B").
    bool glued = false;
    // Unit: written before its number ("$0.0139"); the lexer moves it after
    // the number and its magnitudes, where the parser reads units.
    bool prefix = false;
};

Token op_token(Tok kind, const std::string& text);

// The tokens of s, ending with an End token; throws ParseError for what no
// token starts with, ArithmeticOverflow for numbers past 128 bits.
std::vector<Token> lex(const std::u32string& s);

// "32K", "1.5M", "2G", "1T": a count with a Latin magnitude letter.  Lower
// case m is left out (milli or mega?), lower case k is how many write kilo.
// 1…4 for K…T, 0 when w is no such letter.
int magnitude_letter_level(const std::string& w);

}  // namespace tally::checker
