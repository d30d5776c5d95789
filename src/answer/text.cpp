#include "text.hpp"

#include "answer.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "core/utf8.hpp"

namespace tally::checker {

std::string utf8(char32_t c) {
    std::string out;
    utf8::append(out, c);
    return out;
}

std::string utf8(const std::u32string& s, size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to && i < s.size(); ++i) out += utf8(s[i]);
    return out;
}

std::string overflow_text() { return render(msg::answer_overflow); }

// The language's quotation marks (a catalog word: 「」 in zh-Hant, “” in
// zh-Hans and English).
std::string quoted(const std::string& s) { return render(msg::answer_quoted, {{"text", s}}); }

namespace {

// Strict UTF-8 decoding (src/core/utf8.hpp): a page sends UTF-8, so anything
// else is a broken paste, reported instead of guessed at.
std::u32string decode_utf8(const std::string& s) {
    std::u32string out;
    size_t i = 0;
    while (i < s.size()) {
        const size_t n = utf8::sequence_length(s, i);
        if (n == 0) throw ParseError(render(msg::answer_parse_not_utf8));
        out.push_back(utf8::decode_at(s, i, n));
        i += n;
    }
    return out;
}

// Full-width forms, the typographic operators and exotic spaces become their
// ASCII counterparts, so "１２．５％" and "12.5%" are one answer.
char32_t normalize(char32_t c) {
    if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFEE0;  // ０-９ ． ， ＋ （ ％ Ｇ …
    switch (c) {
        case 0x3000:
        case 0x00A0:
        case 0x2009:
        case 0x202F:
        case '\t':
        case '\n':
        case '\r': return ' ';
        case 0x2212:
        case 0x2013:  // − –
            return '-';
        case 0x00D7:
        case 0x00B7:
        case 0x22C5:
        case 0x2219:
        case 0x2027:
        case 0x30FB:  // × · ⋅ ∙ ‧ ・
            return '*';
        case 0x00F7:
        case 0x2215:  // ÷ ∕
            return '/';
        case 0x2248:  // ≈ separates a derivation from its result, like "="
            return '=';
        default: return c;
    }
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0); }

std::u32string trim(const std::u32string& s) {
    size_t a = 0, b = s.size();
    while (a < b && is_space(s[a])) ++a;
    while (b > a && is_space(s[b - 1])) --b;
    return s.substr(a, b - a);
}

bool starts_with(const std::u32string& s, const std::u32string& p) { return s.compare(0, p.size(), p) == 0; }

}  // namespace

// Superscript digits ⁰…⁹ → 0…9, or -1.
int superscript_digit(char32_t c) {
    if (c == 0x2070) return 0;
    if (c == 0x00B9) return 1;
    if (c == 0x00B2) return 2;
    if (c == 0x00B3) return 3;
    if (c >= 0x2074 && c <= 0x2079) return static_cast<int>(c - 0x2070);
    return -1;
}
bool is_superscript(char32_t c) { return superscript_digit(c) >= 0 || c == 0x207B || c == 0x207A; }

std::string lower(const std::string& s) {
    std::string out = s;
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

// Learners write sentences around the number: "B* = 13", "約 1.27 GiB。".
// Only the part after the last "=" (or "≈", ":") is judged.
std::u32string strip_decoration(std::u32string s) {
    s = trim(s);
    if (!s.empty() && (s.back() == U'。' || s.back() == '.')) s = trim(s.substr(0, s.size() - 1));
    const size_t eq = s.find_last_of(U"=:");
    if (eq != std::u32string::npos) {
        s = trim(s.substr(eq + 1));
        if (s.empty()) throw ParseError(render(msg::answer_parse_nothing_after_equals));
    }
    for (const std::u32string& p : {std::u32string(U"約為"), std::u32string(U"大約"), std::u32string(U"大约"),
                                    std::u32string(U"約"), std::u32string(U"约"), std::u32string(U"~")}) {
        if (starts_with(s, p)) {
            s = trim(s.substr(p.size()));
            break;
        }
    }
    return s;
}

std::u32string checked_text(const std::string& raw) {
    if (raw.size() > kMaxAnswerChars * 4) {
        throw ParseError(render(msg::answer_parse_too_long_bytes,
                                {{"bytes", std::to_string(raw.size())}, {"max", std::to_string(kMaxAnswerChars)}}));
    }
    std::u32string s = decode_utf8(raw);
    if (s.size() > kMaxAnswerChars) {
        throw ParseError(render(msg::answer_parse_too_long_chars,
                                {{"chars", std::to_string(s.size())}, {"max", std::to_string(kMaxAnswerChars)}}));
    }
    for (char32_t& c : s) {
        c = normalize(c);
        if (is_control(c)) throw ParseError(render(msg::answer_parse_control));
    }
    return s;
}

}  // namespace tally::checker
