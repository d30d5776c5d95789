#include "answer.hpp"
#include "answer_quantity.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "answer_math.hpp"
#include "attempt.hpp"
#include "format.hpp"

namespace tally {

namespace {

// ===========================================================================
// Errors and small text helpers
// ===========================================================================

// The learner's text cannot be read; the message says what and where.
// Text that cannot be read as an answer (caught through run_reading).
struct ParseError : std::invalid_argument {
    explicit ParseError(const std::string& what) : std::invalid_argument(what) {}
};

const char* const kOverflowText = "數值超出可精確計算的範圍（128 位元整數的分子與分母）";

std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (c >> 12)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (c >> 18)));
        out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
    return out;
}

std::string utf8(const std::u32string& s, size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to && i < s.size(); ++i) out += utf8(s[i]);
    return out;
}

std::string quoted(const std::string& s) { return "「" + s + "」"; }

// Strict UTF-8 decoding: a page sends UTF-8, so anything else is a broken
// paste, reported instead of guessed at.
std::u32string decode_utf8(const std::string& s) {
    std::u32string out;
    size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        const int extra = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : -1;
        if (extra < 0 || i + static_cast<size_t>(extra) >= s.size() + 1) throw ParseError("答案不是有效的 UTF-8 文字");
        char32_t c = extra == 0 ? b : extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
        for (int k = 1; k <= extra; ++k) {
            const auto cont = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
            if ((cont >> 6) != 0x2) throw ParseError("答案不是有效的 UTF-8 文字");
            c = (c << 6) | (cont & 0x3F);
        }
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) throw ParseError("答案不是有效的 UTF-8 文字");
        out.push_back(c);
        i += static_cast<size_t>(extra) + 1;
    }
    return out;
}

// Full-width forms, the typographic operators and exotic spaces become their
// ASCII counterparts, so "１２．５％" and "12.5%" are one answer.
char32_t normalize(char32_t c) {
    if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFEE0;  // ０-９ ． ， ＋ （ ％ Ｇ …
    switch (c) {
        case 0x3000: case 0x00A0: case 0x2009: case 0x202F: case '\t': case '\n': case '\r':
            return ' ';
        case 0x2212: case 0x2013:  // − –
            return '-';
        case 0x00D7: case 0x00B7: case 0x22C5: case 0x2219: case 0x2027: case 0x30FB:  // × · ⋅ ∙ ‧ ・
            return '*';
        case 0x00F7: case 0x2215:  // ÷ ∕
            return '/';
        case 0x2248:  // ≈ separates a derivation from its result, like "="
            return '=';
        default:
            return c;
    }
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0); }
bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }
bool is_latin(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_space(char32_t c) { return c == ' '; }

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

// ===========================================================================
// Dimensions and unit words
// ===========================================================================

enum Base { kBytes, kFlops, kTokens, kRequests, kParams, kBaseCount };

struct Dim {
    std::array<int, kBaseCount> e{};

    bool pure() const {
        for (int x : e) {
            if (x != 0) return false;
        }
        return true;
    }
    // The one base with exponent 1 when the dimension is a plain quantity.
    int single() const {
        int found = -1;
        for (int b = 0; b < kBaseCount; ++b) {
            if (e[static_cast<size_t>(b)] == 0) continue;
            if (e[static_cast<size_t>(b)] != 1 || found >= 0) return -1;
            found = b;
        }
        return found;
    }
    friend bool operator==(const Dim& a, const Dim& b) { return a.e == b.e; }
    friend bool operator!=(const Dim& a, const Dim& b) { return !(a == b); }
};

Dim dim_of(Base b) {
    Dim d;
    d.e[static_cast<size_t>(b)] = 1;
    return d;
}

Dim combine(const Dim& a, const Dim& b, int sign) {
    Dim d;
    for (size_t i = 0; i < d.e.size(); ++i) d.e[i] = a.e[i] + sign * b.e[i];
    return d;
}

// Units raised to a power; exponents past ±64 mean nonsense like (B^4096)^4096.
Dim scaled(const Dim& a, long long k) {
    Dim d;
    for (size_t i = 0; i < d.e.size(); ++i) {
        const long long x = a.e[i] * k;
        if (x > 64 || x < -64) throw ParseError("單位的次方太大");
        d.e[i] = static_cast<int>(x);
    }
    return d;
}

const char* base_name(int b) {
    static const char* kNames[] = {"B", "FLOPs", "token", "請求", "參數"};
    return kNames[b];
}

// "B", "B^2", "B/FLOPs", "純數".
std::string dim_text(const Dim& d) {
    std::string num, den;
    for (int b = 0; b < kBaseCount; ++b) {
        const int x = d.e[static_cast<size_t>(b)];
        if (x == 0) continue;
        std::string part = std::string(base_name(b)) + (x > 1 || x < -1 ? "^" + std::to_string(x < 0 ? -x : x) : "");
        std::string& side = x > 0 ? num : den;
        side += (side.empty() ? "" : "·") + part;
    }
    if (num.empty() && den.empty()) return "純數";
    return (num.empty() ? "1" : num) + (den.empty() ? "" : "/" + den);
}

// One unit word as typed: "GiB", "%", "億" is a magnitude, not a unit.
struct UnitWord {
    Dim dim;
    Ratio factor{1};
    std::string name;          // canonical spelling for display
    bool percent = false;
    bool count_word = false;   // 個 with no unit after it
    int byte_level = -1;       // 0 = B, 1 = k/Ki … 5 = P/Pi; -1 = not bytes
    bool binary = false;
    bool latin = false;        // spelled with Latin letters (spacing in display)
};

u128 power_of(u128 base, int k) {
    u128 p = 1;
    for (int i = 0; i < k; ++i) p = mul(p, base);
    return p;
}

const char* const kDecimalBytes[] = {"B", "kB", "MB", "GB", "TB", "PB"};
const char* const kBinaryBytes[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
const char* const kFlopsNames[] = {"FLOPs", "KFLOPs", "MFLOPs", "GFLOPs", "TFLOPs", "PFLOPs"};

UnitWord bytes_unit(int level, bool binary) {
    UnitWord u;
    u.dim = dim_of(kBytes);
    u.factor = Ratio(power_of(binary ? 1024 : 1000, level));
    u.name = binary ? kBinaryBytes[level] : kDecimalBytes[level];
    u.byte_level = level;
    u.binary = binary && level > 0;
    u.latin = true;
    return u;
}

UnitWord flops_unit(int level) {
    UnitWord u;
    u.dim = dim_of(kFlops);
    u.factor = Ratio(power_of(1000, level));
    u.name = kFlopsNames[level];
    u.latin = true;
    return u;
}

UnitWord count_unit(Base b, const std::string& name, bool latin) {
    UnitWord u;
    u.dim = dim_of(b);
    u.name = name;
    u.latin = latin;
    return u;
}

// k/K → 1, M → 2, G → 3, T → 4, P → 5; 0 when not a prefix letter.
int prefix_level(char c) {
    switch (c) {
        case 'k': case 'K': return 1;
        case 'm': case 'M': return 2;
        case 'g': case 'G': return 3;
        case 't': case 'T': return 4;
        case 'p': case 'P': return 5;
        default: return 0;
    }
}

const char* const kUnitHelp =
    "可用的單位：B、KB、KiB、MB、MiB、GB、GiB、TB、TiB、bytes、位元組、FLOPs、GFLOPs、TFLOPs、"
    "tokens、個 token、requests、條請求、params、個參數、萬、億、%";

// ===========================================================================
// Tokens
// ===========================================================================

enum class Tok { Number, Plus, Minus, Times, Divide, Power, Open, Close, Super, Unit, Magnitude, Classifier, Per, End };

struct Token {
    Tok kind = Tok::End;
    std::string text;        // normalized as typed, for messages and display
    Ratio value;             // Number: the literal; Magnitude: its factor
    int sig = 0;             // Number: significant digits as typed
    bool exponent = false;   // Number: written with e-notation
    long long power = 0;     // Super: the exponent
    UnitWord unit;           // Unit, Classifier
    // Magnitude: a Latin letter K/M/G/T (1…4) whose factor, 1000^k or
    // 1024^k, the parser picks by the reading it is asked for; 0 = 萬/億/兆.
    int letter_level = 0;
    // Number: one comma group and nothing after it ("1,125"), which may be a
    // thousands separator or a decimal comma (docs/answers.md).
    bool comma_ambiguous = false;
};

Token op_token(Tok kind, const std::string& text) {
    Token t;
    t.kind = kind;
    t.text = text;
    return t;
}

Token unit_token(const UnitWord& u, const std::string& typed) {
    Token t;
    t.kind = Tok::Unit;
    t.unit = u;
    t.text = typed;
    return t;
}

// A Latin word: a unit (any sensible capitalization except the bit/byte
// distinction), "x" as multiplication or "per".
Token classify_latin(const std::string& w) {
    const std::string l = lower(w);
    if (w == "x" || w == "X") return op_token(Tok::Times, "×");
    if (l == "per") return op_token(Tok::Per, "per");
    if (w == "B" || l == "byte" || l == "bytes") return unit_token(bytes_unit(0, false), w);
    if (w.size() == 2 && prefix_level(w[0]) > 0 && w[1] == 'B') return unit_token(bytes_unit(prefix_level(w[0]), false), w);
    if (w.size() == 3 && prefix_level(w[0]) > 0 && (w[1] == 'i' || w[1] == 'I') && w[2] == 'B') {
        return unit_token(bytes_unit(prefix_level(w[0]), true), w);
    }
    const bool bits = l == "b" || l == "bit" || l == "bits" ||
                      (w.back() == 'b' && ((w.size() == 2 && prefix_level(w[0]) > 0) ||
                                           (w.size() == 3 && prefix_level(w[0]) > 0 && l[1] == 'i')));
    if (bits) throw ParseError(quoted(w) + "的小寫 b 是位元（bit）；位元組請寫大寫 B，例如 GB 或 GiB");
    if (l == "flop" || l == "flops") return unit_token(flops_unit(0), w);
    if ((l.size() == 5 || l.size() == 6) && prefix_level(w[0]) > 0 && (l.substr(1) == "flop" || l.substr(1) == "flops")) {
        return unit_token(flops_unit(prefix_level(w[0])), w);
    }
    if (l == "token" || l == "tokens" || l == "tok" || l == "toks") return unit_token(count_unit(kTokens, l, true), w);
    if (l == "request" || l == "requests" || l == "req" || l == "reqs") return unit_token(count_unit(kRequests, l, true), w);
    if (l == "param" || l == "params" || l == "parameter" || l == "parameters") {
        return unit_token(count_unit(kParams, l, true), w);
    }
    if (l == "read" || l == "reads") {  // "8,912,384 reads": a count, like 次
        Token t = op_token(Tok::Classifier, w);
        t.unit.count_word = true;
        t.unit.name = l;
        return t;
    }
    throw ParseError("無法理解單位" + quoted(w) + "；" + kUnitHelp);
}

// CJK words, longest first.  Chinese numerals are refused with a hint: the
// checker reads Arabic digits only.
struct CjkWord {
    std::u32string_view text;
    int what;
};
enum CjkWhat { kCjkBytes, kCjkParams, kCjkRequests, kCjkTokens, kCjkCount, kCjkTiao, kCjkMagnitude, kCjkPer };

// Tables are constant arrays: nothing to build at start-up, and nothing a
// request allocates (the WASM module reclaims that, src/wasm/request_arena.hpp).
constexpr CjkWord kWords[] = {
    {U"位元組", kCjkBytes}, {U"字節", kCjkBytes},     {U"字节", kCjkBytes},     {U"參數", kCjkParams},
    {U"参数", kCjkParams},  {U"請求", kCjkRequests},  {U"请求", kCjkRequests},  {U"詞元", kCjkTokens},
    {U"词元", kCjkTokens},  {U"個", kCjkCount},        {U"个", kCjkCount},        {U"條", kCjkTiao},
    {U"条", kCjkTiao},      {U"萬", kCjkMagnitude},    {U"万", kCjkMagnitude},    {U"億", kCjkMagnitude},
    {U"亿", kCjkMagnitude}, {U"兆", kCjkMagnitude},    {U"千", kCjkMagnitude},    {U"百", kCjkMagnitude},
    {U"每", kCjkPer},
    {U"次讀取", kCjkCount}, {U"次读取", kCjkCount},   {U"次", kCjkCount},
};


Token magnitude_token(char32_t c) {
    Token t;
    t.kind = Tok::Magnitude;
    const bool wan = c == U'萬' || c == U'万';
    const bool yi = c == U'億' || c == U'亿';
    // 兆 is 10^12 as Taiwan writes it (萬億), the site's language.
    t.value = c == U'兆' ? pow10_ratio(12) : Ratio(wan ? 10000 : yi ? 100000000 : c == U'千' ? 1000 : 100);
    t.text = wan ? "萬" : yi ? "億" : utf8(c);
    return t;
}

// "32K", "1.5M", "2G", "1T": a count with a Latin magnitude letter.  Lower
// case m is left out (milli or mega?), lower case k is how many write kilo.
int magnitude_letter_level(const std::string& w) {
    if (w.size() != 1) return 0;
    switch (w[0]) {
        case 'k': case 'K': return 1;
        case 'M': return 2;
        case 'G': return 3;
        case 'T': return 4;
        default: return 0;
    }
}

Token letter_magnitude_token(const std::string& w) {
    Token t;
    t.kind = Tok::Magnitude;
    t.letter_level = magnitude_letter_level(w);
    t.text = w == "k" ? "K" : w;
    return t;
}

Token cjk_token(const CjkWord& w) {
    switch (w.what) {
        case kCjkBytes: {
            UnitWord u = bytes_unit(0, false);
            u.name = "位元組";
            u.latin = false;
            return unit_token(u, "位元組");
        }
        case kCjkParams: return unit_token(count_unit(kParams, "參數", false), "參數");
        case kCjkRequests: return unit_token(count_unit(kRequests, "請求", false), "請求");
        case kCjkTokens: return unit_token(count_unit(kTokens, "詞元", false), "詞元");
        case kCjkMagnitude: return magnitude_token(w.text[0]);
        case kCjkPer: return op_token(Tok::Per, "每");
        default: break;
    }
    Token t;
    t.kind = Tok::Classifier;
    if (w.what == kCjkCount) {
        t.unit.count_word = true;  // 個, 次: a count of whatever the question asks
        t.unit.name = w.text[0] == U'次' ? "次" : "個";
    } else {
        t.unit = count_unit(kRequests, "條", false);  // 條 counts requests
    }
    t.text = t.unit.name;
    return t;
}

bool is_chinese_numeral(char32_t c) {
    constexpr std::u32string_view kNumerals = U"零〇一二兩两三四五六七八九十";
    return kNumerals.find(c) != std::u32string_view::npos;
}

class Lexer {
public:
    explicit Lexer(const std::u32string& s) : s_(s) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        while (i_ < s_.size()) {
            const char32_t c = s_[i_];
            if (is_space(c)) {
                ++i_;
            } else if (is_digit(c) || (c == '.' && is_digit(at(i_ + 1)))) {
                out.push_back(number());
            } else if (c == '.') {
                throw ParseError("多餘的小數點" + context(i_));
            } else if (c == ',') {
                throw ParseError(comma_message(context(i_)));
            } else if (is_superscript(c)) {
                out.push_back(superscript());
            } else if (is_latin(c)) {
                out.push_back(latin());
            } else if (c < 0x80) {
                out.push_back(ascii_op(c));
            } else {
                out.push_back(cjk());
            }
        }
        out.push_back(op_token(Tok::End, ""));
        return out;
    }

private:
    char32_t at(size_t i) const { return i < s_.size() ? s_[i] : 0; }

    // A few characters around position i, for messages.
    std::string context(size_t i) const {
        const size_t from = i >= 4 ? i - 4 : 0;
        return "，在" + quoted(utf8(s_, from, i + 4)) + "附近";
    }

    static std::string comma_message(const std::string& where) {
        return "千位分隔號「,」的位置不對" + where + "：「,」只能每 3 位數字一組，例如 8,190,735,360；小數點請用「.」";
    }

    Token ascii_op(char32_t c) {
        ++i_;
        switch (c) {
            case '+': return op_token(Tok::Plus, "+");
            case '-': return op_token(Tok::Minus, "−");
            case '*':
                if (at(i_) == '*') throw ParseError("「**」不是運算子；次方請寫 ^，例如 2^30");
                return op_token(Tok::Times, "×");
            case '/': return op_token(Tok::Divide, "÷");
            case '^': return op_token(Tok::Power, "^");
            case '(': return op_token(Tok::Open, "(");
            case ')': return op_token(Tok::Close, ")");
            case '%': {
                UnitWord u;
                u.factor = Ratio(1, 100);
                u.name = "%";
                u.percent = true;
                return unit_token(u, "%");
            }
            default: break;
        }
        throw ParseError("無法理解" + quoted(utf8(c)) + context(i_ - 1));
    }

    // Digits with optional thousands separators, fraction and e-notation.
    Token number() {
        const size_t start = i_;
        std::string int_digits, frac_digits;
        while (is_digit(at(i_))) int_digits.push_back(static_cast<char>(s_[i_++]));
        const int groups = read_groups(int_digits, start);
        const bool has_point = at(i_) == '.';
        if (has_point) {
            if (at(i_ + 1) == '.') throw ParseError("連續的小數點「..」" + context(i_));
            if (!is_digit(at(i_ + 1))) throw ParseError("小數點後缺少數字" + context(i_));
            ++i_;
            while (is_digit(at(i_))) frac_digits.push_back(static_cast<char>(s_[i_++]));
            if (at(i_) == '.' && is_digit(at(i_ + 1))) throw ParseError(quoted(utf8(s_, start, i_ + 2)) + "有兩個小數點");
            if (at(i_) == ',') throw ParseError(comma_message(context(i_)));
        }
        Token t;
        t.kind = Tok::Number;
        t.comma_ambiguous = groups == 1 && !has_point;
        const int exponent = read_exponent(t);
        t.text = utf8(s_, start, i_);
        t.sig = significant_digits(int_digits, frac_digits, has_point);
        t.value = literal_value(int_digits + frac_digits, exponent - static_cast<int>(frac_digits.size()));
        return t;
    }

    // "8,190,735,360": every group after a comma has exactly 3 digits and the
    // first at most 3.  "1,2,3,4" is refused rather than guessed at.
    // Returns how many groups followed a comma.
    int read_groups(std::string& digits, size_t start) {
        int groups = 0;
        bool grouped = false;
        while (at(i_) == ',' && !digits.empty()) {
            size_t j = i_ + 1;
            while (is_digit(at(j))) ++j;
            if (j - i_ - 1 != 3 || (!grouped && digits.size() > 3)) {
                throw ParseError(comma_message("，在" + quoted(utf8(s_, start, j + 1))));
            }
            for (size_t k = i_ + 1; k < j; ++k) digits.push_back(static_cast<char>(s_[k]));
            grouped = true;
            ++groups;
            i_ = j;
        }
        return groups;
    }

    // "e9", "E+9", "e-3" right after the mantissa; a bare "e" is left for the
    // word reader (and is not a unit).
    int read_exponent(Token& t) {
        if (at(i_) != 'e' && at(i_) != 'E') return 0;
        size_t j = i_ + 1;
        bool negative = false;
        if (at(j) == '+' || at(j) == '-') negative = at(j++) == '-';
        if (!is_digit(at(j))) return 0;
        std::string digits;
        while (is_digit(at(j))) digits.push_back(static_cast<char>(s_[j++]));
        i_ = j;
        t.exponent = true;
        if (digits.size() > 3) throw ArithmeticOverflow("exponent");  // 10^1000 and beyond
        const int e = std::stoi(digits);
        return negative ? -e : e;
    }

    static int significant_digits(const std::string& int_digits, const std::string& frac_digits, bool has_point) {
        std::string all = int_digits + frac_digits;
        size_t first = all.find_first_not_of('0');
        if (first == std::string::npos) return 0;
        all = all.substr(first);
        if (!has_point) {
            // "1300" is read as 2 significant digits, "1300.0" as 5.
            while (!all.empty() && all.back() == '0') all.pop_back();
        }
        return static_cast<int>(all.size());
    }

    static Ratio literal_value(const std::string& digits, int exponent) {
        std::string d = digits;
        const size_t first = d.find_first_not_of('0');
        d = first == std::string::npos ? "0" : d.substr(first);
        if (d.size() > 38) throw ArithmeticOverflow("too many digits");
        u128 n = 0;
        for (char c : d) n = add(mul(n, 10), static_cast<u128>(c - '0'));
        if (n == 0) return Ratio(0);
        return Ratio(n) * pow10_ratio(exponent);
    }

    Token superscript() {
        const size_t start = i_;
        bool negative = false;
        if (s_[i_] == 0x207B || s_[i_] == 0x207A) negative = s_[i_++] == 0x207B;
        std::string digits;
        while (superscript_digit(at(i_)) >= 0) digits.push_back(static_cast<char>('0' + superscript_digit(s_[i_++])));
        if (digits.empty()) throw ParseError("上標的正負號後面缺少數字" + context(start));
        if (digits.size() > 4) throw ParseError("次方的指數太大" + context(start));
        Token t;
        t.kind = Tok::Super;
        t.power = std::stoll(digits) * (negative ? -1 : 1);
        t.text = (negative ? "-" : "") + digits;
        return t;
    }

    Token latin() {
        const size_t start = i_;
        while (is_latin(at(i_))) ++i_;
        const std::string word = utf8(s_, start, i_);
        if (magnitude_letter_level(word) > 0) return letter_magnitude_token(word);
        return classify_latin(word);
    }

    Token cjk() {
        for (const auto& w : kWords) {
            if (s_.compare(i_, w.text.size(), w.text) == 0) {
                i_ += w.text.size();
                return cjk_token(w);
            }
        }
        const char32_t c = s_[i_];
        if (is_chinese_numeral(c)) {
            throw ParseError("請用阿拉伯數字寫數值，例如 3 而不是" + quoted(utf8(c)) + "；萬、億可以接在數字後面，例如 85.1 億");
        }
        throw ParseError("無法理解" + quoted(utf8(c)) + context(i_));
    }

    const std::u32string& s_;
    size_t i_ = 0;
};

// ===========================================================================
// Parser: exact values with dimensions
// ===========================================================================

struct Value {
    Signed q;
    Dim dim;
    std::string text;          // canonical rendering: "2 × 36 × 8 × 128 × 2 B"
    int sig = 0;               // significant digits of one typed number (× a power of ten); 0 otherwise
    bool pow10 = false;        // "10^k": keeps the other factor's significant digits
    bool literal = false;      // one typed number with its units, no arithmetic
    bool plain = false;        // that number has no e-notation
    Signed literal_value;      // the typed number before units
};

// Everything the checker needs from the learner's text.
struct Reading {
    Value value;
    bool has_unit = false;     // a unit word, classifier, magnitude or % appeared
    bool percent = false;
    bool count_word = false;
    std::vector<UnitWord> units;
    std::string per;           // a "/token" tail, judged against the question (ExpectedAnswer::per)
    int per_base = -1;         // its base: kTokens or kRequests
    bool binary_letters = false;  // K/M/G/T read as 1024^k (set before parsing)
    std::string letters;       // the magnitude letters used, in order, once each ("K")
    std::string comma_ambiguous;  // the first number like "1,125" (Token::comma_ambiguous)
};

constexpr int kMaxDepth = 24;
constexpr long long kMaxExponent = 4096;

class Parser {
public:
    Parser(const std::vector<Token>& tokens, Reading& reading) : t_(tokens), r_(reading) {}

    Value run() {
        if (at(Tok::End)) throw ParseError("答案是空的");
        Value v = sum();
        if (!at(Tok::End)) misplaced();
        return v;
    }

private:
    // Bounds recursion: parentheses and exponent chains.
    struct Depth {
        explicit Depth(int& d) : d_(d) {
            if (++d_ > kMaxDepth) throw ParseError("算式的括號或次方層數太多（上限 24 層）");
        }
        ~Depth() { --d_; }
        int& d_;
    };

    const Token& peek() const { return t_[i_]; }
    bool at(Tok k) const { return peek().kind == k; }
    bool at_sign() const { return at(Tok::Plus) || at(Tok::Minus); }
    const Token& next() { return t_[i_++]; }

    Value sum() {
        Value v = term();
        while (at_sign()) {
            const Token& op = next();
            if (at_sign()) throw ParseError("連續的正負號「" + op.text + peek().text + "」");
            Value rhs = term();
            if (v.dim != rhs.dim) {
                throw ParseError(quoted(v.text) + "與" + quoted(rhs.text) + "的單位不同（" + dim_text(v.dim) + " 與 " +
                                 dim_text(rhs.dim) + "），不能相加減；請每一項都寫上單位，或都不寫");
            }
            v = arithmetic(v, rhs, op.text, op.kind == Tok::Plus ? v.q + rhs.q : v.q - rhs.q, v.dim);
        }
        return v;
    }

    Value term() {
        Value v = factor();
        for (;;) {
            if (at(Tok::Number) || at(Tok::Open)) {
                throw ParseError(quoted(v.text) + "與" + quoted(peek().text) + "之間缺少運算子（+ − × ÷）");
            }
            if (!at(Tok::Times) && !at(Tok::Divide)) return v;
            const Token& op = next();
            Value rhs = factor();
            if (op.kind == Tok::Divide && rhs.q.mag == Ratio(0)) {
                throw ParseError("除以零：" + quoted(rhs.text) + "等於 0");
            }
            const bool times = op.kind == Tok::Times;
            const int sig = times && rhs.pow10 ? v.sig : times && v.pow10 ? rhs.sig : 0;
            v = arithmetic(v, rhs, op.text, times ? v.q * rhs.q : v.q / rhs.q, combine(v.dim, rhs.dim, times ? 1 : -1));
            v.sig = sig;
        }
    }

    static Value arithmetic(const Value& a, const Value& b, const std::string& op, const Signed& q, const Dim& dim) {
        Value v;
        v.q = q;
        v.dim = dim;
        v.text = a.text + " " + op + " " + b.text;
        return v;
    }

    Value factor() {
        if (!at_sign()) return units_after(power());
        const Token& sign = next();
        if (at_sign()) throw ParseError("連續的正負號「" + sign.text + peek().text + "」");
        Value v = units_after(power());
        if (sign.kind == Tok::Minus) {
            v.q = -v.q;
            v.literal_value = -v.literal_value;
            v.text = "−" + v.text;
        }
        return v;
    }

    Value power() {
        Value base = atom();
        if (at(Tok::Power)) {
            next();
            Depth guard(depth_);
            return raise(base, exponent());
        }
        if (at(Tok::Super)) {
            const Token& s = next();
            Value e;
            e.q = make_signed(Ratio(static_cast<u128>(s.power < 0 ? -s.power : s.power)), s.power < 0);
            e.text = s.text;
            return raise(base, e);
        }
        return base;
    }

    // The exponent after ^: an optional sign and a power, without units.
    Value exponent() {
        bool negative = false;
        if (at_sign()) {
            negative = next().kind == Tok::Minus;
            if (at_sign()) throw ParseError("次方的指數有連續的正負號");
        }
        Value v = power();
        if (negative) {
            v.q = -v.q;
            v.text = "−" + v.text;
        }
        return v;
    }

    static Value raise(const Value& base, const Value& e) {
        if (!e.dim.pure()) throw ParseError("次方的指數不能帶單位：" + quoted(e.text));
        if (!e.q.mag.is_integer()) throw ParseError("次方的指數必須是整數：" + quoted(e.text));
        if (Ratio(static_cast<u128>(kMaxExponent)) < e.q.mag) throw ParseError("次方的指數太大（上限 4096）：" + quoted(e.text));
        const long long n = static_cast<long long>(e.q.mag.num()) * (e.q.negative ? -1 : 1);
        if (n < 0 && base.q.mag == Ratio(0)) throw ParseError("0 的負次方等於除以零：" + quoted(base.text + "^" + e.text));
        Value v;
        v.q = signed_power(base.q, n);
        v.dim = scaled(base.dim, n);
        v.text = base.text + "^" + e.text;
        v.pow10 = base.literal && base.text == "10";  // scientific notation "1.2×10^9"
        return v;
    }

    Value atom() {
        const Token& t = peek();
        if (t.kind == Tok::Number) {
            next();
            Value v;
            v.q = make_signed(t.value, false);
            v.literal_value = v.q;
            v.text = t.text;
            v.sig = t.sig;
            v.literal = true;
            v.plain = !t.exponent;
            return v;
        }
        if (t.kind == Tok::Open) {
            next();
            Depth guard(depth_);
            Value inner = sum();
            if (!at(Tok::Close)) throw ParseError("括號不成對：" + quoted("(" + inner.text) + "缺少「)」");
            next();
            Value v;
            v.q = inner.q;
            v.dim = inner.dim;
            v.text = "(" + inner.text + ")";
            return v;
        }
        missing_operand();
    }

    // Magnitudes (萬 億), a classifier (個 條) and a unit after a number or a
    // parenthesis: "85.1 億個參數", "4 條請求", "1.125 GiB", "12.5%".
    Value units_after(Value v) {
        Ratio factor(1);
        std::vector<std::string> parts;
        while (at(Tok::Magnitude)) {
            factor = factor * magnitude_value(peek());
            parts.push_back(next().text);
        }
        std::optional<UnitWord> unit;
        if (at(Tok::Classifier)) {
            unit = peek().unit;
            parts.push_back(next().text);
        }
        Dim per;
        if (at(Tok::Unit)) {
            const std::string classifier = unit ? unit->name : "";
            unit = peek().unit;
            parts.push_back(next().unit.name);
            if (!classifier.empty()) unit->name = classifier + (unit->latin ? " " : "") + unit->name;
            // A rate: "144 KiB/token".  The per-unit divides the dimension
            // but is not one of the units that set the tolerance scale.
            while (at(Tok::Divide) && t_[i_ + 1].kind == Tok::Unit) {
                next();
                const UnitWord& u = next().unit;
                factor = factor / u.factor;
                per = combine(per, u.dim, 1);
                parts.push_back("/" + u.name);
            }
        }
        if (parts.empty()) return v;
        r_.has_unit = true;
        if (unit) {
            factor = factor * unit->factor;
            v.dim = combine(combine(v.dim, unit->dim, 1), per, -1);
            r_.percent = r_.percent || unit->percent;
            r_.count_word = r_.count_word || unit->count_word;
            r_.units.push_back(*unit);
        }
        v.q = v.q * make_signed(factor, false);
        v.text += suffix_text(parts);
        return v;
    }

    // 萬/億/兆 as written; a letter by the reading asked for, noted so the
    // verdict can say which one was used.
    Ratio magnitude_value(const Token& t) {
        if (t.letter_level == 0) return t.value;
        if (r_.letters.find(t.text) == std::string::npos) r_.letters += t.text;
        return Ratio(power_of(r_.binary_letters ? 1024 : 1000, t.letter_level));
    }

    static std::string suffix_text(const std::vector<std::string>& parts) {
        std::string out;
        for (const auto& p : parts) {
            const bool latin = !p.empty() && static_cast<unsigned char>(p[0]) < 0x80 && p != "%";
            const bool letter = p == "K" || p == "M" || p == "G" || p == "T";  // "32K", as the chapter writes it
            const bool glue = letter || p == "%" || p[0] == '/' || (!out.empty() && !latin && static_cast<unsigned char>(out.back()) >= 0x80);
            out += (glue ? "" : " ") + p;
        }
        return out;
    }

    [[noreturn]] void missing_operand() const {
        const Token& t = peek();
        switch (t.kind) {
            case Tok::End: throw ParseError("算式不完整：結尾缺少數值");
            case Tok::Close: throw ParseError("「)」前面缺少數值，或多了「)」");
            case Tok::Unit: case Tok::Classifier: case Tok::Magnitude:
                throw ParseError("單位" + quoted(t.text) + "前面缺少數值");
            case Tok::Super: throw ParseError("上標次方前面缺少數值");
            default: throw ParseError(quoted(t.text) + "前面缺少數值");
        }
    }

    [[noreturn]] void misplaced() const {
        const Token& t = peek();
        switch (t.kind) {
            case Tok::Close: throw ParseError("多了「)」：括號不成對");
            case Tok::Unit: case Tok::Classifier: case Tok::Magnitude:
                throw ParseError("單位" + quoted(t.text) + "重複或位置不對：每個數值後面只能接一組單位");
            case Tok::Super: case Tok::Power:
                throw ParseError("次方只能寫在數字或括號後面；帶單位的次方請寫成 (2 GiB)^2 這樣");
            default: throw ParseError("無法理解" + quoted(t.text) + "的位置");
        }
    }

    const std::vector<Token>& t_;
    Reading& r_;
    size_t i_ = 0;
    int depth_ = 0;
};

// ===========================================================================
// From raw text to a Reading
// ===========================================================================

std::u32string trim(const std::u32string& s) {
    size_t a = 0, b = s.size();
    while (a < b && is_space(s[a])) ++a;
    while (b > a && is_space(s[b - 1])) --b;
    return s.substr(a, b - a);
}

bool starts_with(const std::u32string& s, const std::u32string& p) { return s.compare(0, p.size(), p) == 0; }

// Learners write sentences around the number: "B* = 13", "約 1.27 GiB。".
// Only the part after the last "=" (or "≈", ":") is judged.
std::u32string strip_decoration(std::u32string s) {
    s = trim(s);
    if (!s.empty() && (s.back() == U'。' || s.back() == '.')) s = trim(s.substr(0, s.size() - 1));
    const size_t eq = s.find_last_of(U"=:");
    if (eq != std::u32string::npos) {
        s = trim(s.substr(eq + 1));
        if (s.empty()) throw ParseError("等號後面沒有數值");
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
        throw ParseError("答案太長（" + std::to_string(raw.size()) + " 位元組），上限 " + std::to_string(kMaxAnswerChars) + " 個字元");
    }
    std::u32string s = decode_utf8(raw);
    if (s.size() > kMaxAnswerChars) {
        throw ParseError("答案太長（" + std::to_string(s.size()) + " 個字元），上限 " + std::to_string(kMaxAnswerChars) + " 個字元");
    }
    for (char32_t& c : s) {
        c = normalize(c);
        if (is_control(c)) throw ParseError("答案含有控制字元（例如空字元）");
    }
    return s;
}

// Where a "/token", "per token" or "每個 token" tail starts, or 0.
size_t per_tail(const std::vector<Token>& tokens) {
    const size_t n = tokens.size() - 1;  // without End
    if (n < 3 || tokens[n - 1].kind != Tok::Unit) return 0;
    const int b = tokens[n - 1].unit.dim.single();
    if (b != kTokens && b != kRequests) return 0;
    size_t sep = n - 2;
    if (tokens[sep].kind == Tok::Classifier && sep > 1) --sep;
    return tokens[sep].kind == Tok::Per || tokens[sep].kind == Tok::Divide ? sep : 0;
}

// "147,456 B/token", "144 KiB per token", "… 每個 token": the expected unit
// already means "per token", so such a tail is noted and dropped (once).
void drop_per_tail(std::vector<Token>& tokens, Reading& r) {
    const size_t sep = per_tail(tokens);
    if (sep == 0) return;
    const size_t n = tokens.size() - 1;
    r.per = (tokens[sep].kind == Tok::Divide ? "/" : tokens[sep].text + " ") + tokens[n - 1].text;
    r.per_base = tokens[n - 1].unit.dim.single();
    tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(sep), tokens.begin() + static_cast<std::ptrdiff_t>(n));
    if (per_tail(tokens) != 0) throw ParseError("結尾的「" + r.per + "」重複了");
}

Reading read_answer(const std::string& raw, bool binary_letters) {
    const std::u32string text = strip_decoration(checked_text(raw));
    if (text.empty()) throw ParseError("答案是空的");
    std::vector<Token> tokens = Lexer(text).run();
    Reading r;
    r.binary_letters = binary_letters;
    drop_per_tail(tokens, r);
    for (const Token& t : tokens) {
        if (t.kind == Tok::Per) throw ParseError(quoted(t.text) + "只能用在結尾，例如 147,456 B/token");
        if (t.comma_ambiguous && r.comma_ambiguous.empty()) r.comma_ambiguous = t.text;
    }
    r.value = Parser(tokens, r).run();
    return r;
}

// ===========================================================================
// Display
// ===========================================================================

// x rounded to d significant digits, with thousands separators.
std::string sig_text(const Ratio& x, unsigned d) {
    if (x == Ratio(0)) return "0";
    const int p = floor_log10(x) - static_cast<int>(d) + 1;
    if (p < 0) return fixed(x, static_cast<unsigned>(-p));
    const Ratio q = x / pow10_ratio(p);
    u128 n = q.floor();
    if (mul(q.num() % q.den(), 2) >= q.den()) n = add(n, 1);
    return group_thousands(mul(n, pow10_ratio(p).num()));
}

// A non-terminating ratio shown to 6 significant digits, trailing zeros cut.
std::string approx_text(const Ratio& x) {
    std::string s;
    if (!completes_without_overflow([&] { s = sig_text(x, 6); })) return to_exact_text(x);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

// Exact value with thousands separators ("3,514.25"), or "≈ 4.56222".
std::string number_text(const Signed& v) {
    const std::string exact = to_exact_text(v.mag);
    const std::string sign = v.negative ? "−" : "";
    if (exact.find('/') != std::string::npos) return "≈ " + sign + approx_text(v.mag);
    const size_t dot = exact.find('.');
    return sign + group_thousands(v.mag.floor()) + (dot == std::string::npos ? "" : exact.substr(dot));
}

std::string signed_exact(const Signed& v) { return (v.negative ? "-" : "") + to_exact_text(v.mag); }

const char* unit_label(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return " B";
        case AnswerUnit::Flops: return " FLOPs";
        case AnswerUnit::Tokens: return " 個 token";
        case AnswerUnit::Requests: return " 條請求";
        case AnswerUnit::Params: return " 個參數";
        case AnswerUnit::Percent: return "%";
        case AnswerUnit::Pure: break;
    }
    return "";
}

std::string quantity_text(const Signed& v, AnswerUnit u) { return number_text(v) + unit_label(u); }

const char* kind_name(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return "位元組數（B）";
        case AnswerUnit::Flops: return "運算量（FLOPs）";
        case AnswerUnit::Tokens: return "token 數";
        case AnswerUnit::Requests: return "請求數";
        case AnswerUnit::Params: return "參數個數";
        case AnswerUnit::Percent: return "百分比";
        case AnswerUnit::Pure: break;
    }
    return "純數";
}

// A space before a word that starts with Latin letters: "問的是 token 數".
std::string spaced(const std::string& s) {
    return !s.empty() && static_cast<unsigned char>(s[0]) < 0x80 ? " " + s : s;
}

AnswerUnit unit_of_base(int b) {
    static const AnswerUnit kUnits[] = {AnswerUnit::Bytes, AnswerUnit::Flops, AnswerUnit::Tokens, AnswerUnit::Requests,
                                        AnswerUnit::Params};
    return kUnits[b];
}

int base_of_unit(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return kBytes;
        case AnswerUnit::Flops: return kFlops;
        case AnswerUnit::Tokens: return kTokens;
        case AnswerUnit::Requests: return kRequests;
        case AnswerUnit::Params: return kParams;
        default: return -1;
    }
}

// ===========================================================================
// Tolerance
// ===========================================================================

// digits > 0: within half a unit of the d-th significant digit, measured in
// the scale the learner wrote (decimal, or the binary prefix of a KiB/MiB/
// GiB answer).  exact: equality.  Otherwise a relative error ≤ 0.5%.
struct Rule {
    unsigned digits = 0;
    bool exact = false;
};

Rule rule_of(const ExpectedAnswer& e) {
    if (e.digits != 0) return Rule{e.digits, false};
    return Rule{0, e.value.is_integer()};
}

// Half a unit of the d-th significant digit of target/scale, back in base units.
Ratio half_unit(const Ratio& target, unsigned digits, u128 scale) {
    const Ratio shown = target / Ratio(scale);
    const int p = floor_log10(shown) - static_cast<int>(digits) + 1;
    return pow10_ratio(p) * Ratio(scale) * Ratio(1, 2);
}

// The band is inclusive, so the book's own rounding (half away from zero) is
// always inside it.  If the band itself does not fit 128 bits (values past
// ~36 significant digits) the comparison falls back to equality.
bool within(const Ratio& v, const Ratio& target, const Rule& rule, u128 scale) {
    if (rule.exact || target == Ratio(0)) return v == target;
    bool inside = false;
    if (!completes_without_overflow([&] {
            const Ratio h = rule.digits != 0 ? half_unit(target, rule.digits, scale) : target * Ratio(1, 200);
            const Ratio lo = h < target ? target - h : Ratio(0);
            inside = lo <= v && v <= target + h;
        })) {
        return v == target;
    }
    return inside;
}

// ===========================================================================
// The judge
// ===========================================================================

struct Finding {
    std::string code;
    std::string reason;
};

struct Reason {
    const char* code;
    const char* text;
};
constexpr Reason kReasons[] = {
    {"gb_vs_gib", "看起來混用了十進位（GB = 10^9 B）與二進位（GiB = 2^30 B）單位。"},
    {"missing_kv_factor_2", "恰為正確值的一半：是否漏了一個因子 2？KV 快取要同時存 K 與 V 兩份。"},
    {"extra_factor_2", "恰為正確值的 2 倍：是否多乘了一個 2？例如 K/V 的 2 或 BF16 的 2 位元組算了兩次。"},
    {"query_heads",
     "看起來用了查詢頭數而非 KV 頭數：GQA 中多個查詢頭共用一組 K/V（Qwen3-8B 為 32 個查詢頭、8 個 KV 頭），快取只存 KV 頭。"},
    {"square_pairs",
     "看起來按完整的 S² 個查詢—鍵配對計算；因果注意力只計算有效配對，P 個新 token 接在 S 個舊 token 後共有 P·S + P(P+1)/2 對。"},
    {"decode_steps_g", "看起來把 decode 次數取為 G；回傳 G 個 token 只需 n_d = G − 1 次 decode，最後一個輸出不再送回模型。"},
    {"rounded_not_floored", "比正確值多 1：可容納的請求數要向下取整，放不下一整條請求的剩餘空間不能算一條。"},
    {"all_experts", "看起來把全部路由專家都算進了運算量；每個 token 只執行被選中的專家（加上共享專家），容量才需要計入全部專家。"},
    {"kv_heads_for_scores",
     "看起來按 KV 頭數計算了 QKᵀ 與 AV：每個查詢頭都要各自和上下文評分、再彙總，KV 頭共享只減少存下與讀取的 K、V，評分次數仍由查詢頭數決定。"},
    {"missing_factor_2", "恰為正確值的一半：是否漏了一個因子 2？"},
    {"off_by_power_of_ten", "與正確值差 10 的整數次方倍：請檢查單位前綴（k、M、G、T）或 10 的指數。"},
    {"missing_unit", "數值看起來對，但沒有寫單位。"},
};

const char* standard_reason(const std::string& code) {
    for (const auto& r : kReasons) {
        if (code == r.code) return r.text;
    }
    return nullptr;
}

// "（K 以 1,024 計）": which reading of a magnitude letter was used.
std::string letters_note(const Reading& r) {
    std::string out;
    for (char c : r.letters) {
        const u128 factor = power_of(r.binary_letters ? 1024 : 1000, magnitude_letter_level(std::string(1, c)));
        out += "（" + std::string(1, c) + " 以 " + group_thousands(factor) + " 計）";
    }
    return out;
}

struct Prefix {
    Ratio factor;
    std::string name;
    u128 scale;  // tolerance scale: the factor for binary prefixes, 1 for decimal ones
};

class Judge {
public:
    Judge(const Reading& r, const ExpectedAnswer& e) : r_(r), e_(e), rule_(rule_of(e)) {}

    AnswerVerdict run() {
        if (!convert()) return wrong_kind();
        if (v_.negative) {
            return verdict(false, "negative", "結果為負，但大小、運算量與個數都不會是負數；請檢查減法的先後次序。");
        }
        scale_ = learner_scale();
        mistake_rule_ = typed_precision_rule();
        if (auto f = per_mismatch()) return verdict(false, f->code, f->reason);
        if (within(v_.mag, e_.value, rule_, scale_)) return verdict(true, "", correct_reason());
        if (fraction_reading()) return verdict(true, "", correct_reason());
        const Finding f = diagnose();
        return verdict(false, f.code, f.reason);
    }

private:
    // The learner's value in the expected unit's base; false when the kinds differ.
    bool convert() {
        const Dim& d = r_.value.dim;
        const int want = base_of_unit(e_.unit);
        v_ = r_.value.q;
        if (want >= 0) {
            if (d == dim_of(static_cast<Base>(want))) return true;
            if (want == kBytes || want == kFlops) {
                // B/token, FLOPs/request: the chapter's rates are asked for in B or FLOPs.
                for (Base per : {kTokens, kRequests}) {
                    if (d != combine(dim_of(static_cast<Base>(want)), dim_of(per), -1)) continue;
                    rate_base_ = per;  // judged by per_mismatch(), like a "/token" tail
                    return true;
                }
            }
            if (!d.pure() || r_.percent) return false;
            return !r_.count_word || want >= kTokens;  // 個 counts things, not bytes or FLOPs
        }
        if (e_.unit == AnswerUnit::Pure && d.single() >= kTokens) return true;  // "13 條請求" counts too
        if (!d.pure() || (r_.count_word && e_.unit == AnswerUnit::Percent)) return false;
        if (e_.unit == AnswerUnit::Percent && r_.percent) v_ = v_ * make_signed(Ratio(100), false);
        return true;
    }

    // The base the answer is a rate of ("/token" tail or a B/token
    // dimension), or -1 for a total.
    int rate_of_answer() const { return r_.per_base >= 0 ? r_.per_base : rate_base_; }

    int rate_of_question() const {
        if (e_.per == "token") return kTokens;
        if (e_.per == "request") return kRequests;
        return -1;
    }

    static std::string per_word(int base) { return base == kTokens ? "每個 token " : "每條請求"; }

    // A "/token" is part of the answer, not decoration: a rate typed for a
    // total (or per request for per token) is a mistake even when the number
    // matches, and the message says so.
    std::optional<Finding> per_mismatch() const {
        const int theirs = rate_of_answer();
        const int ours = rate_of_question();
        if (theirs < 0 || theirs == ours) return std::nullopt;
        const bool number_right = within(v_.mag, e_.value, rule_, scale_);
        const std::string fix = number_right ? "數值本身和答案一致，" : "";
        if (ours < 0) {
            return Finding{"per_unit_for_total", "答案寫成" + per_word(theirs) + "的量，但本題問的是總量（不是比率）；" + fix +
                                                     "請寫總量的單位，不要加「/" + base_name(theirs) + "」。"};
        }
        return Finding{"wrong_per_unit", "答案寫成" + per_word(theirs) + "的量，但本題問的是" + per_word(ours) + "的量；" + fix +
                                             "請改用" + per_word(ours) + "的單位。"};
    }

    // Wrong derivations are matched at the precision the reader typed, from
    // three significant digits up: "0.598 GiB" is a forgotten ×2 of 1.195
    // GiB just as "0.5977 GiB" is.  Fewer digits stay a guess.
    Rule typed_precision_rule() const {
        const int n = r_.value.sig;
        if (rule_.digits != 0 && n >= 3 && static_cast<unsigned>(n) < rule_.digits) return Rule{static_cast<unsigned>(n), false};
        return rule_;
    }

    // The tolerance scale: a binary prefix when every byte unit written is
    // the same KiB/MiB/GiB/TiB, else decimal.
    u128 learner_scale() const {
        const UnitWord* u = single_prefixed_unit();
        return u != nullptr && u->binary && e_.unit == AnswerUnit::Bytes ? u->factor.num() : 1;
    }

    // The one prefixed unit the learner used (every unit word identical).
    const UnitWord* single_prefixed_unit() const {
        if (r_.units.empty()) return nullptr;
        for (const auto& u : r_.units) {
            if (u.name != r_.units.front().name) return nullptr;
        }
        const UnitWord& u = r_.units.front();
        return u.factor.num() > 1 && u.factor.is_integer() ? &u : nullptr;
    }

    // A bare number for a percent question may be a proportion: 0.125 = 12.5%.
    bool fraction_reading() {
        if (e_.unit != AnswerUnit::Percent || r_.has_unit) return false;
        const Signed as_percent = v_ * make_signed(Ratio(100), false);
        if (!within(as_percent.mag, e_.value, rule_, 1)) return false;
        v_ = as_percent;
        fraction_ = true;
        return true;
    }

    // A bare number for a percent question read as a proportion (0.75 =
    // 75%), as fraction_reading() does for the right value.
    bool proportion_matches(const Ratio& value) const {
        if (e_.unit != AnswerUnit::Percent || r_.has_unit) return false;
        bool inside = false;  // stays false on overflow
        completes_without_overflow([&] { inside = within(v_.mag * Ratio(100), value, rule_, 1); });
        return inside;
    }

    Finding diagnose() {
        if (auto f = too_coarse()) return *f;
        for (const auto& m : e_.mistakes) {
            if (within(v_.mag, m.value, mistake_rule_, scale_) || proportion_matches(m.value)) return listed(m);
        }
        for (auto check : {&Judge::missing_unit, &Judge::gb_vs_gib, &Judge::not_floored, &Judge::factor_two,
                           &Judge::query_heads, &Judge::power_slip}) {
            if (auto f = (this->*check)(); f && allows(f->code)) return *f;
        }
        return {"other",
                "與正確值不符，也不像常見的錯誤（少乘或多乘 2、GB 與 GiB 混用、差 10 的次方、單位前綴）。請重新檢查推導。"};
    }

    static Finding listed(const KnownMistake& m) {
        if (!m.message.empty()) return {m.code, m.message};
        const char* standard = standard_reason(m.code);
        if (standard != nullptr) return {m.code, standard};
        return {m.code, "與常見錯誤「" + m.code + "」算出的值一致；請對照題目重新檢查這一步。"};
    }

    // One typed number with fewer significant digits than required, which
    // agrees with the expected value at its own precision.  A single digit
    // ("10" for 13) is a guess, not a rounding, so it needs two.
    std::optional<Finding> too_coarse() const {
        const int n = r_.value.sig;
        if (n < 2 || (rule_.digits != 0 && static_cast<unsigned>(n) >= rule_.digits)) return std::nullopt;
        if (!within(v_.mag, e_.value, Rule{static_cast<unsigned>(n), false}, scale_)) return std::nullopt;
        const std::string head = "方向對了，但只寫了 " + std::to_string(n) + " 位有效數字；";
        if (rule_.digits != 0) {
            return Finding{"too_coarse", head + "本題按 " + std::to_string(rule_.digits) + " 位有效數字核對，請多寫幾位。"};
        }
        if (rule_.exact) return Finding{"too_coarse", head + "本題要求精確值，請寫出完整的數字，不要四捨五入。"};
        return Finding{"too_coarse", head + "本題要求相對誤差不超過 0.5%，請多寫幾位。"};
    }

    // A bare number that is right once a prefix or 萬/億 is attached.
    std::optional<Finding> missing_unit() const {
        if (r_.has_unit) return std::nullopt;
        for (const Prefix& p : missing_unit_candidates()) {
            if (!matches_scaled(p.factor, p.scale)) continue;
            const std::string number = r_.value.literal ? r_.value.text : "(" + r_.value.text + ")";
            const std::string rule = base_of_unit(e_.unit) >= kTokens ? "沒有寫「萬」或「億」時按個數計"
                                                                       : "沒有寫單位時按" + std::string(unit_label(e_.unit)) + " 計";
            return Finding{"missing_unit", rule + "；若你指的是「" + number + " " + p.name + "」，數值就對了——請寫上單位。"};
        }
        return std::nullopt;
    }

    std::vector<Prefix> missing_unit_candidates() const {
        std::vector<Prefix> out;
        if (e_.unit == AnswerUnit::Bytes) {
            for (int k = 1; k <= 4; ++k) out.push_back({Ratio(power_of(1024, k)), kBinaryBytes[k], power_of(1024, k)});
            for (int k = 1; k <= 4; ++k) out.push_back({Ratio(power_of(1000, k)), kDecimalBytes[k], 1});
        } else if (e_.unit == AnswerUnit::Flops) {
            for (int k = 1; k <= 5; ++k) out.push_back({Ratio(power_of(1000, k)), kFlopsNames[k], 1});
        } else if (base_of_unit(e_.unit) >= kTokens) {
            out.push_back({Ratio(10000), "萬", 1});
            out.push_back({Ratio(100000000), "億", 1});
        }
        return out;
    }

    // The learner's number, read in another unit (v·factor), matches.
    bool matches_scaled(const Ratio& factor, u128 scale) const {
        bool inside = false;  // stays false on overflow
        completes_without_overflow([&] { inside = within(v_.mag * factor, e_.value, mistake_rule_, scale); });
        return inside;
    }

    // The learner's value matches a wrong derivation worth expected·multiple
    // (the tolerance is the one a listed mistake value gets).
    bool near(const Ratio& multiple) const {
        bool inside = false;  // stays false on overflow
        completes_without_overflow([&] { inside = within(v_.mag, e_.value * multiple, mistake_rule_, scale_); });
        return inside;
    }

    // Right number, wrong prefix family: "1.125 GB" for 1.125 GiB.
    std::optional<Finding> gb_vs_gib() const {
        const UnitWord* u = single_prefixed_unit();
        if (u == nullptr || u->byte_level < 1 || e_.unit != AnswerUnit::Bytes) return std::nullopt;
        const int k = u->byte_level;
        const UnitWord other = bytes_unit(k, !u->binary);
        if (!matches_scaled(other.factor / u->factor, other.binary ? other.factor.num() : 1)) return std::nullopt;
        const UnitWord dec = u->binary ? other : *u;
        const UnitWord bin = u->binary ? *u : other;
        return Finding{"gb_vs_gib", "若把 " + u->name + " 換成 " + other.name + "，數值就對了：1 " + dec.name + " = 10^" +
                                        std::to_string(3 * k) + " B = " + group_thousands(dec.factor.num()) + " B，1 " +
                                        bin.name + " = 2^" + std::to_string(10 * k) + " B = " +
                                        group_thousands(bin.factor.num()) + " B。"};
    }

    // A request count rounded up, or not rounded at all.
    std::optional<Finding> not_floored() const {
        if (e_.unit != AnswerUnit::Requests || !e_.value.is_integer()) return std::nullopt;
        if (v_.mag == e_.value + Ratio(1)) return Finding{"rounded_not_floored", standard_reason("rounded_not_floored")};
        if (!v_.mag.is_integer() && Ratio(v_.mag.floor()) == e_.value) {
            return Finding{"rounded_not_floored", "請求數必須是整數：剩餘空間只能放下完整的請求，請向下取整。"};
        }
        return std::nullopt;
    }

    // Whether the checker may name a built-in pattern for this quantity: the
    // author's `guesses` when given, else the unit's defaults (the K/V
    // reading of a factor 2 and the ×4 head guess only for bytes).
    bool allows(const std::string& code) const {
        if (e_.guesses) return std::find(e_.guesses->begin(), e_.guesses->end(), code) != e_.guesses->end();
        const bool bytes = e_.unit == AnswerUnit::Bytes;
        if (code == "missing_kv_factor_2" || code == "query_heads") return bytes;
        if (code == "missing_factor_2") return !bytes;
        return true;
    }

    // Half or double the value.  Which factor 2 a half means depends on the
    // quantity: K and V for a KV size, the 2 FLOPs of a multiply-add (or a
    // term left out) for FLOPs, nothing more specific otherwise.
    std::optional<Finding> factor_two() const {
        if (near(Ratio(1, 2))) {
            if (allows("missing_kv_factor_2")) return Finding{"missing_kv_factor_2", standard_reason("missing_kv_factor_2")};
            if (e_.unit == AnswerUnit::Flops) {
                return Finding{"missing_factor_2",
                               "恰為正確值的一半：是否漏了一個因子 2？一次乘加算 2 個 FLOPs；也檢查是否漏算了一整項（例如只算 QKᵀ、沒算 AV）。"};
            }
            return Finding{"missing_factor_2", standard_reason("missing_factor_2")};
        }
        if (near(Ratio(2))) {
            if (e_.unit == AnswerUnit::Bytes) return Finding{"extra_factor_2", standard_reason("extra_factor_2")};
            if (e_.unit == AnswerUnit::Flops) {
                return Finding{"extra_factor_2", "恰為正確值的 2 倍：是否多乘了一個 2？乘加的 2 只算一次，也檢查是否有一項重複計算。"};
            }
            return Finding{"extra_factor_2", "恰為正確值的 2 倍：是否多乘了一個 2，或把某一項算了兩次？"};
        }
        return std::nullopt;
    }

    // Qwen-style GQA (32 query heads over 8 KV heads) when the author gave no
    // query_heads value of their own.
    std::optional<Finding> query_heads() const {
        if (e_.unit != AnswerUnit::Bytes) return std::nullopt;
        for (const auto& m : e_.mistakes) {
            if (m.code == "query_heads") return std::nullopt;
        }
        if (!near(Ratio(4))) return std::nullopt;
        return Finding{"query_heads",
                       "恰為正確值的 4 倍：是否用了查詢頭數而非 KV 頭數？Qwen3-8B 的 32 個查詢頭共用 8 組 K/V，快取只存 KV 頭。"};
    }

    // 10^k (any unit) or 1024^k (bytes): a prefix or exponent slip.
    std::optional<Finding> power_slip() const {
        for (int k = 1; k <= 15; ++k) {
            for (int sign : {1, -1}) {
                if (!near(pow10_ratio(sign * k))) continue;
                return Finding{"off_by_power_of_ten", slip_text("10^" + std::to_string(k), sign > 0) +
                                                          "請檢查單位前綴（k、M、G、T）或 10 的指數。"};
            }
        }
        if (e_.unit != AnswerUnit::Bytes) return std::nullopt;
        for (int k = 1; k <= 4; ++k) {
            const Ratio f(power_of(1024, k));
            for (bool larger : {true, false}) {
                if (!near(larger ? f : Ratio(1) / f)) continue;
                return Finding{"off_by_power_of_ten", slip_text("1024^" + std::to_string(k), larger) +
                                                          "請檢查 KiB、MiB、GiB、TiB 的換算（每級 1024 倍）。"};
            }
        }
        return std::nullopt;
    }

    static std::string slip_text(const std::string& factor, bool larger) {
        return larger ? "是正確值的 " + factor + " 倍：" : "只有正確值的 1/" + factor + "：";
    }

    // ---- messages ----------------------------------------------------------

    AnswerVerdict wrong_kind() const {
        const int b = r_.value.dim.single();
        AnswerVerdict v;
        v.mistake = "wrong_unit_kind";
        if (b >= 0 || r_.value.dim.pure()) {
            const AnswerUnit theirs = b >= 0 ? unit_of_base(b) : r_.percent ? AnswerUnit::Percent : AnswerUnit::Pure;
            const Signed shown = theirs == AnswerUnit::Percent ? r_.value.q * make_signed(Ratio(100), false) : r_.value.q;
            v.understood = understood_text(shown, theirs);
            v.has_parsed = true;
            v.parsed = signed_exact(shown);
            v.parsed_unit = answer_unit_id(theirs);
            const std::string what = r_.count_word && theirs == AnswerUnit::Pure ? "個數" : kind_name(theirs);
            if (theirs == AnswerUnit::Pure && r_.has_unit) {
                // "4 個": keep the counter word the learner wrote.
                v.understood = r_.value.text + (r_.value.literal_value == shown ? "" : " = " + number_text(shown));
            }
            v.message = "讀作 " + v.understood + "。這是" + spaced(what) + "，但本題問的是" + spaced(kind_name(e_.unit)) + "。";
        } else {
            v.understood = r_.value.text;
            v.message = "讀作 " + v.understood + "。單位組合後是「" + dim_text(r_.value.dim) + "」，不是單一的量；本題問的是" +
                        spaced(kind_name(e_.unit)) + "。";
        }
        return v;
    }

    AnswerVerdict verdict(bool correct, const std::string& code, const std::string& reason) const {
        AnswerVerdict v;
        v.correct = correct;
        v.mistake = code;
        v.understood = understood_text(v_, e_.unit);
        v.message = "讀作 " + v.understood + "。" + reason;
        v.has_parsed = true;
        v.parsed = signed_exact(v_);
        v.parsed_unit = answer_unit_id(e_.unit);
        return v;
    }

    // "1.125 GiB = 1,207,959,552 B"; just "4 條請求" when nothing was converted.
    std::string understood_text(const Signed& shown, AnswerUnit unit) const {
        const std::string right = quantity_text(shown, unit);
        std::string out;
        if (fraction_) {
            out = r_.value.text + "（比例）= " + right;
        } else if (r_.value.literal && r_.value.plain && r_.value.literal_value == shown) {
            out = right;
        } else {
            out = r_.value.text + (right.compare(0, 3, "≈") == 0 ? " " : " = ") + right;
        }
        if (!r_.has_unit && !fraction_ && (unit == AnswerUnit::Bytes || unit == AnswerUnit::Flops)) {
            out += "（未寫單位，按" + std::string(unit_label(unit)) + " 計）";
        }
        if (!r_.has_unit && !fraction_ && unit == AnswerUnit::Percent) out += "（未寫 %，按百分數計）";
        const int rate = rate_of_answer();
        if (rate >= 0) out += rate == rate_of_question() ? "（按" + per_word(rate) + "計）" : "（這是" + per_word(rate) + "的量）";
        out += letters_note(r_);
        return out;
    }

    std::string correct_reason() const {
        const std::string ref = reference_text();
        if (v_.mag == e_.value) return "正確，與答案 " + ref + (ends_with_paren(ref) ? "" : " ") + "一致。";
        if (rule_.digits != 0) {
            const UnitWord* u = single_prefixed_unit();
            const std::string in = scale_ != 1 && u != nullptr ? u->name + " 的 " : "";
            return "正確：答案為 " + ref + "，按 " + in + std::to_string(rule_.digits) + " 位有效數字核對，你的數值在容許範圍內。";
        }
        std::string error;
        completes_without_overflow(
            [&] { error = "相對誤差 " + fixed(abs_diff(v_.mag, e_.value) / e_.value * Ratio(100), 2) + "%，"; });
        return "正確：答案為 " + ref + "，" + error + "不超過 0.5%。";
    }

    static bool ends_with_paren(const std::string& s) { return s.size() >= 3 && s.compare(s.size() - 3, 3, "）") == 0; }

    // The expected value, exact, with the book's form in parentheses:
    // "1,358,954,496 B（1.27 GiB）", "8,510,339,072 個參數（85.1 億）".
    std::string reference_text() const {
        const std::string exact = quantity_text(make_signed(e_.value, false), e_.unit);
        std::string text = exact;  // stays bare on overflow
        completes_without_overflow([&] {
            const std::optional<Prefix> p = display_prefix();
            if (!p) return;
            const Ratio shown = e_.value / p->factor;
            const std::string number = e_.digits != 0 ? sig_text(shown, e_.digits) : trimmed(shown, 3);
            text = exact + "（" + number + " " + p->name + "）";
        });
        return text;
    }

    std::optional<Prefix> display_prefix() const {
        const UnitWord* u = single_prefixed_unit();
        const int want = base_of_unit(e_.unit);
        if (u != nullptr && want >= 0 && u->dim == dim_of(static_cast<Base>(want))) return Prefix{u->factor, u->name, 1};
        if (e_.unit == AnswerUnit::Bytes || e_.unit == AnswerUnit::Flops) {
            const bool bytes = e_.unit == AnswerUnit::Bytes;
            std::optional<Prefix> best;
            for (int k = 1; k <= 5; ++k) {
                const Ratio f(power_of(bytes ? 1024 : 1000, k));
                if (f <= e_.value) best = Prefix{f, bytes ? kBinaryBytes[k] : kFlopsNames[k], 1};
            }
            return best;
        }
        if (e_.unit == AnswerUnit::Params && Ratio(100000000) <= e_.value) return Prefix{Ratio(100000000), "億", 1};
        if (e_.unit == AnswerUnit::Params && Ratio(10000) <= e_.value) return Prefix{Ratio(10000), "萬", 1};
        return std::nullopt;
    }

    const Reading& r_;
    const ExpectedAnswer& e_;
    Rule rule_;
    Rule mistake_rule_;
    int rate_base_ = -1;
    Signed v_;
    u128 scale_ = 1;
    bool fraction_ = false;
};

const char* const kAcceptedForms =
    "可接受的寫法例如：1.125 GiB、1,207,959,552 B、2*36*8*128*2 B、1.2e9、1.2×10^9、85.1 億、4 條請求、12.5%、"
    "(24e9 - 16381470720 - 2*2^30)/(1.125*2^30)";

AnswerVerdict unparsable(const std::string& reason) {
    AnswerVerdict v;
    v.mistake = "unparsable";
    v.message = "無法理解答案：" + reason + "。" + kAcceptedForms + "。";
    return v;
}

}  // namespace

struct UnitId {
    const char* id;
    AnswerUnit unit;
};
constexpr UnitId kIds[] = {
    {"B", AnswerUnit::Bytes},       {"FLOPs", AnswerUnit::Flops},   {"tokens", AnswerUnit::Tokens},
    {"requests", AnswerUnit::Requests}, {"params", AnswerUnit::Params}, {"", AnswerUnit::Pure},
    {"%", AnswerUnit::Percent},
};

bool answer_unit_from_id(const std::string& id, AnswerUnit& out) {
    for (const auto& p : kIds) {
        if (id == p.id) {
            out = p.unit;
            return true;
        }
    }
    return false;
}

std::string answer_unit_id(AnswerUnit unit) {
    switch (unit) {
        case AnswerUnit::Bytes: return "B";
        case AnswerUnit::Flops: return "FLOPs";
        case AnswerUnit::Tokens: return "tokens";
        case AnswerUnit::Requests: return "requests";
        case AnswerUnit::Params: return "params";
        case AnswerUnit::Percent: return "%";
        case AnswerUnit::Pure: break;
    }
    return "";
}

// "1,125 GiB" is 1125 with a thousands separator or 1.125 with a decimal
// comma.  It is read as 1125; a right reading ("8,192") stands, and so does
// a wrong one with a mistake of its own ("73,728 B", half of 147,456).  It is
// called ambiguous when the thousands reading is off by a power of ten (what
// a misread decimal comma looks like: the readings differ by 10³) or the
// decimal reading would be right (docs/answers.md, "Numbers").
bool reading_is_doubtful(const Reading& reading, const AnswerVerdict& verdict) {
    return !reading.comma_ambiguous.empty() && !verdict.correct && verdict.mistake != "wrong_unit_kind" &&
           verdict.mistake != "negative";
}

// The answer with the doubtful comma read as a decimal point, when it was
// typed as is (an ASCII ","); empty otherwise.
std::string with_decimal_point(const std::string& answer, const std::string& number) {
    const std::size_t at = answer.find(number);
    if (at == std::string::npos) return "";
    std::string out = answer;
    out[at + number.find(',')] = '.';
    return out;
}

AnswerVerdict ambiguous_comma(const std::string& number) {
    const std::size_t comma = number.find(',');  // the lexer has made "，" a ","
    const std::string whole = number.substr(0, comma) + number.substr(comma + 1);
    const std::string decimal = number.substr(0, comma) + "." + number.substr(comma + 1);
    AnswerVerdict v;
    v.mistake = "ambiguous_decimal_comma";
    v.message = quoted(number) + "有兩種讀法：逗號當千位分隔是 " + whole + "，當小數點是 " + decimal +
                "。請寫成 " + decimal + "（小數用「.」）或 " + whole + "（整數不加逗號）再核對。";
    return v;
}

// One reading of the answer: magnitude letters as 1000^k or 1024^k.
// `letters` says whether any were typed (so the other reading matters).
static AnswerVerdict check_reading(const std::string& answer, const ExpectedAnswer& expected, bool binary, bool& letters) {
    Reading reading;
    const Outcome read = run_reading([&] { reading = read_answer(answer, binary); });
    if (read.stop == Stop::InvalidArgument) return unparsable(read.message);
    if (read.stop == Stop::Overflow) return unparsable(kOverflowText);
    letters = !reading.letters.empty();
    AnswerVerdict verdict;
    if (!completes_without_overflow([&] { verdict = Judge(reading, expected).run(); })) return unparsable(kOverflowText);
    if (!reading_is_doubtful(reading, verdict)) return verdict;
    const std::string decimal = with_decimal_point(answer, reading.comma_ambiguous);
    if (verdict.mistake == "off_by_power_of_ten" || (!decimal.empty() && check_answer(decimal, expected).correct)) {
        return ambiguous_comma(reading.comma_ambiguous);
    }
    return verdict;
}

// "32K" is 32,768 in the chapter's lengths but 32,000 to many readers, and
// "3.168K" means 3,168: either reading that is right is accepted (binary
// tried first for token counts, decimal for everything else), and the
// verdict says which was used.  When neither is right, the other reading
// speaks only if it names a mistake the first cannot.
AnswerVerdict check_answer(const std::string& answer, const ExpectedAnswer& expected) {
    const bool binary_first = expected.unit == AnswerUnit::Tokens;
    bool letters = false;
    AnswerVerdict first = check_reading(answer, expected, binary_first, letters);
    if (!letters || first.correct) return first;
    AnswerVerdict second = check_reading(answer, expected, !binary_first, letters);
    if (second.correct) return second;
    const bool first_vague = first.mistake == "other" || first.mistake == "off_by_power_of_ten";
    const bool second_named = second.mistake != "other" && second.mistake != "off_by_power_of_ten";
    return first_vague && second_named ? second : first;
}

bool parse_expected_decimal(const std::string& text, Ratio& out) {
    // "num/den" is how the core writes a non-terminating exact value (an H*
    // of 49312/3 tokens), so a value can go from one op to check_answer as is.
    const size_t slash = text.find('/');
    if (slash != std::string::npos) {
        Ratio num, den;
        if (text.find('.') != std::string::npos || text.find('/', slash + 1) != std::string::npos ||
            !parse_expected_decimal(text.substr(0, slash), num) ||
            !parse_expected_decimal(text.substr(slash + 1), den) || den == Ratio(0)) {
            return false;
        }
        out = num / den;
        return true;
    }
    const size_t dot = text.find('.');
    const std::string whole = text.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : text.substr(dot + 1);
    auto digits_only = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
    if (!digits_only(whole) || (dot != std::string::npos && !digits_only(frac))) return false;
    if (whole.size() + frac.size() > 38 || frac.size() > 12) return false;
    u128 n = 0;
    for (char c : whole + frac) n = n * 10 + static_cast<u128>(c - '0');  // < 10^38 < 2^128
    out = Ratio(n) * pow10_ratio(-static_cast<int>(frac.size()));
    return true;
}

// Built at start-up (not on first use, which could fall inside a request's
// arena), as the callers take them as vectors.
const std::vector<std::string> kBuiltinGuessCodes = {
    "missing_unit",     "gb_vs_gib",      "rounded_not_floored", "missing_kv_factor_2",
    "missing_factor_2", "extra_factor_2", "query_heads",         "off_by_power_of_ten",
};

const std::vector<std::string> kCodes = {
    "unparsable",          "wrong_unit_kind",     "negative",         "ambiguous_decimal_comma", "too_coarse", "query_heads",
    "kv_heads_for_scores", "square_pairs",        "decode_steps_g",   "all_experts",    "missing_unit",
    "gb_vs_gib",           "rounded_not_floored", "missing_kv_factor_2", "missing_factor_2",
    "extra_factor_2",      "off_by_power_of_ten", "per_unit_for_total", "wrong_per_unit", "other",
};

const std::vector<std::string>& builtin_guess_codes() { return kBuiltinGuessCodes; }

const std::vector<std::string>& mistake_codes() {
    return kCodes;
}

// ===========================================================================
// Widget fields: the same reader, one quantity of one kind
// ===========================================================================

namespace {

const char* quantity_word(QuantityKind kind) {
    switch (kind) {
        case QuantityKind::Tokens: return "token 數";
        case QuantityKind::Count: return "個數";
        case QuantityKind::Bytes: break;
    }
    return "位元組數";
}

// The unit a field's value is shown in: "32,768 個 token", "2,147,483,648 B".
const char* quantity_label(QuantityKind kind) {
    switch (kind) {
        case QuantityKind::Tokens: return " 個 token";
        case QuantityKind::Count: return "";
        case QuantityKind::Bytes: break;
    }
    return " B";
}

// Why the reading's units do not fit the field; empty when they do.
std::string unit_problem(const Reading& r, QuantityKind kind) {
    const std::string what = quantity_word(kind);
    if (r.percent) return "百分比不是" + spaced(what) + "，" + quoted(r.value.text) + "請寫成數值";
    if (r.per_base >= 0) return "「" + r.per + "」是比率；這個欄位要的是" + spaced(what) + "，不是每單位的量";
    const Dim& d = r.value.dim;
    if (d.pure()) {
        if (kind == QuantityKind::Bytes && r.count_word) return quoted(r.value.text) + "是個數，這個欄位要的是位元組數";
        return "";
    }
    const int b = d.single();
    const bool fits = (kind == QuantityKind::Tokens && b == kTokens) || (kind == QuantityKind::Count && b == kRequests) ||
                      (kind == QuantityKind::Bytes && b == kBytes);
    if (fits) return "";
    const std::string theirs = b >= 0 ? kind_name(unit_of_base(b)) : "「" + dim_text(d) + "」";
    return quoted(r.value.text) + "的單位是" + spaced(theirs) + "，這個欄位要的是" + spaced(what);
}

// The checker's messages speak of "答案"; a field holds an input.
std::string as_field_text(std::string message) {
    const std::string from = "答案";
    const std::string to = "輸入的文字";
    for (size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size())) {
        message.replace(at, from.size(), to);
    }
    return message;
}

// The checker's list of units covers every exercise; a field names its own.
std::string unreadable_field_text(const std::string& message, QuantityKind kind) {
    std::string text = as_field_text(message);
    const size_t help = text.find("；可用的單位：");
    if (help != std::string::npos) text = text.substr(0, help);
    if (text.compare(0, std::string("無法理解").size(), "無法理解") != 0) text = "無法理解：" + text;
    switch (kind) {
        case QuantityKind::Tokens: return text + "；可以寫 4096、32K（= 32,768）、32,768、1e6 或 8 萬";
        case QuantityKind::Count: return text + "；可以寫 8、1,000、1K（= 1,000）或 1e3";
        case QuantityKind::Bytes: break;
    }
    return text + "；可以寫 2147483648、2 GiB、512 MiB 或 24 GB";
}

QuantityReading refused(const std::string& problem) {
    QuantityReading q;
    q.problem = problem;
    return q;
}

QuantityReading judged_quantity(const Reading& r, QuantityKind kind) {
    const std::string units = unit_problem(r, kind);
    if (!units.empty()) return refused(units);
    const Signed& v = r.value.q;
    if (v.negative) return refused("不可為負數，讀作 " + number_text(v));
    if (!v.mag.is_integer()) {
        const std::string read = r.value.literal && r.value.plain && !r.has_unit ? "" : "讀作 " + number_text(v) + "，";
        return refused(quoted(r.value.text) + read + "不是整數；這個欄位只接受整數，不會替你四捨五入");
    }
    QuantityReading q;
    q.ok = true;
    q.value = v.mag.num();
    const bool requests = r.value.dim == dim_of(kRequests);
    const std::string exact = group_thousands(q.value) + (requests ? " 條請求" : quantity_label(kind));
    const bool as_typed = r.value.literal && r.value.plain && !r.has_unit;
    q.understood = (as_typed || r.value.text == exact ? "" : r.value.text + " = ") + exact + letters_note(r);
    return q;
}

}  // namespace

QuantityReading read_quantity(const std::string& text, QuantityKind kind) {
    Reading reading;
    const Outcome read = run_reading([&] { reading = read_answer(text, kind == QuantityKind::Tokens); });
    if (read.stop == Stop::InvalidArgument) return refused(unreadable_field_text(read.message, kind));
    if (read.stop == Stop::Overflow) return refused(kOverflowText);
    QuantityReading q;
    if (!completes_without_overflow([&] { q = judged_quantity(reading, kind); })) return refused(kOverflowText);
    return q;
}

bool quantity_kind_from_id(const std::string& id, QuantityKind& out) {
    if (id == "tokens") out = QuantityKind::Tokens;
    else if (id == "count") out = QuantityKind::Count;
    else if (id == "bytes") out = QuantityKind::Bytes;
    else return false;
    return true;
}

}  // namespace tally
