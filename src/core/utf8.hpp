// UTF-8, written once for the JSON reader and writer (src/api/json.cpp) and
// the answer checker (src/answer/text.cpp).  Both refuse what is not
// well-formed instead of guessing: a page sends UTF-8, so anything else is a
// broken paste or a broken client.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tally::utf8 {

// Appends code point `cp` (at most U+10FFFF, not a surrogate) encoded.
inline void append(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Length of the well-formed UTF-8 sequence at s[i], or 0 if it is not one
// (overlongs, surrogates and code points past U+10FFFF are not).
inline std::size_t sequence_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    const unsigned c = byte(i);
    const auto cont = [&](std::size_t k) { return (byte(k) & 0xC0) == 0x80; };
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const unsigned c1 = byte(i + 1);
        if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)) return 0;
        return cont(i + 1) && cont(i + 2) ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const unsigned c1 = byte(i + 1);
        if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) return 0;
        return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    return 0;
}

// The code point of the well-formed sequence of `length` bytes at s[i]
// (a length sequence_length() returned).
inline char32_t decode_at(std::string_view s, std::size_t i, std::size_t length) {
    const auto lead = static_cast<unsigned char>(s[i]);
    char32_t cp = length == 1 ? lead : length == 2 ? (lead & 0x1Fu) : length == 3 ? (lead & 0x0Fu) : (lead & 0x07u);
    for (std::size_t k = 1; k < length; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    return cp;
}

// Whether byte b continues a sequence (10xxxxxx): text is never cut before one.
inline bool is_continuation(char b) { return (static_cast<unsigned char>(b) & 0xC0) == 0x80; }

}  // namespace tally::utf8
