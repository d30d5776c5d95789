// The learner's text before it is read: strict UTF-8, full-width forms and
// typographic operators folded to ASCII, the sentence around the number
// ("B* = 13", "約 1.27 GiB。") stripped.  Internal to the answer checker.
#pragma once

#include <stdexcept>
#include <string>

namespace tally::checker {

// Text that cannot be read as an answer; the message says what and where
// (caught through run_reading, src/core/attempt.hpp).
struct ParseError : std::invalid_argument {
    explicit ParseError(const std::string& what) : std::invalid_argument(what) {}
};

// Why a value could not be computed: past the exact 128-bit range.
std::string overflow_text();

// One code point, or s[from, to), as UTF-8.
std::string utf8(char32_t c);
std::string utf8(const std::u32string& s, size_t from, size_t to);

// 「s」, the way every message quotes what the learner typed.
std::string quoted(const std::string& s);

inline bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }
// The Greek mu and the micro sign count as letters: "μs" is one unit word.
inline bool is_latin(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == U'\u03BC' || c == U'\u00B5'; }
inline bool is_space(char32_t c) { return c == ' '; }

// Superscript digits ⁰…⁹ → 0…9, or -1; superscript signs count as superscripts.
int superscript_digit(char32_t c);
bool is_superscript(char32_t c);

// ASCII letters to lower case; everything else as is.
std::string lower(const std::string& s);

// The raw answer decoded and normalized; throws ParseError for text that is
// too long, not UTF-8 or holds control characters.
std::u32string checked_text(const std::string& raw);

// Only the part after the last "=" (or "≈", ":") is judged, without a
// leading 約/大約/~ or a closing full stop.
std::u32string strip_decoration(std::u32string s);

}  // namespace tally::checker
