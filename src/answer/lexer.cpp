#include "lexer.hpp"

#include <optional>
#include <string_view>

#include "core/exact.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "forms.hpp"
#include "math.hpp"
#include "text.hpp"

namespace tally::checker {

Token op_token(Tok kind, const std::string& text) {
    Token t;
    t.kind = kind;
    t.text = text;
    return t;
}

int magnitude_letter_level(const std::string& w) {
    if (w.size() != 1) return 0;
    switch (w[0]) {
        case 'k':
        case 'K': return 1;
        case 'M': return 2;
        case 'G': return 3;
        case 'T': return 4;
        default: return 0;
    }
}

namespace {

Token unit_token(const UnitWord& u, const std::string& typed) {
    Token t;
    t.kind = Tok::Unit;
    t.unit = u;
    t.text = typed;
    return t;
}

// Time words in seconds: "s", "ms", "μs" (or "us"), "h", "hours", "min", "days".  Null
// when the word is none of them.
std::optional<UnitWord> latin_time(const std::string& w) {
    const std::string l = lower(w);
    if (l == "s" || l == "sec" || l == "secs" || l == "second" || l == "seconds") return time_unit(Ratio(1), "s", true);
    if (l == "ms" || l == "msec" || l == "millisecond" || l == "milliseconds") return time_unit(Ratio(1, 1000), "ms", true);
    if (l == "us" || l == "μs" || l == "µs" || l == "usec" || l == "microsecond" || l == "microseconds") {
        return time_unit(Ratio(1, 1000000), "μs", true);
    }
    if (l == "min" || l == "mins" || l == "minute" || l == "minutes") return time_unit(Ratio(60), "min", true);
    if (l == "h" || l == "hr" || l == "hrs" || l == "hour" || l == "hours") return time_unit(Ratio(3600), "h", true);
    if (l == "day" || l == "days") return time_unit(Ratio(86400), "day", true);
    return std::nullopt;
}

bool is_gpu_word(const std::string& w) { return lower(w) == "gpu" || lower(w) == "gpus"; }

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
                      (w.back() == 'b' &&
                       ((w.size() == 2 && prefix_level(w[0]) > 0) || (w.size() == 3 && prefix_level(w[0]) > 0 && l[1] == 'i')));
    if (bits) throw ParseError(render(msg::answer_parse_bits, {{"word", quoted(w)}}));
    if (l == "flop" || l == "flops") return unit_token(flops_unit(0), w);
    if ((l.size() == 5 || l.size() == 6) && prefix_level(w[0]) > 0 && (l.substr(1) == "flop" || l.substr(1) == "flops")) {
        return unit_token(flops_unit(prefix_level(w[0])), w);
    }
    if (l == "token" || l == "tokens" || l == "tok" || l == "toks") return unit_token(count_unit(kTokens, l, true), w);
    if (l == "request" || l == "requests" || l == "req" || l == "reqs") return unit_token(count_unit(kRequests, l, true), w);
    if (l == "param" || l == "params" || l == "parameter" || l == "parameters") {
        return unit_token(count_unit(kParams, l, true), w);
    }
    if (auto t = latin_time(w)) return unit_token(*t, w);
    if (is_gpu_word(w)) return unit_token(count_unit(kGpus, "GPU", true), w);
    if (l == "usd" || l == "dollar" || l == "dollars") return unit_token(count_unit(kDollars, "USD", true), w);
    if (l == "step" || l == "steps") return unit_token(count_unit(kSteps, l, true), w);
    if (l == "read" || l == "reads") {  // "8,912,384 reads": a count, like 次
        Token t = op_token(Tok::Classifier, w);
        t.unit.count_word = true;
        t.unit.name = l;
        return t;
    }
    throw ParseError(render(msg::answer_parse_unknown_unit, {{"word", quoted(w)}}) + render(msg::answer_unit_help));
}

// CJK words, longest first.  Chinese numerals are refused with a hint: the
// checker reads Arabic digits only.
struct CjkWord {
    std::u32string_view text;
    int what;
};
enum CjkWhat {
    kCjkBytes,
    kCjkParams,
    kCjkRequests,
    kCjkTokens,
    kCjkCount,
    kCjkTiao,
    kCjkMagnitude,
    kCjkPer,
    kCjkTime,
    kCjkDollars,
    kCjkSteps
};

// Tables are constant arrays: nothing to build at start-up, and nothing a
// request allocates (the WASM module reclaims that, src/wasm/request_arena.hpp).
constexpr CjkWord kWords[] = {
    {U"位元組", kCjkBytes},  {U"字節", kCjkBytes},    {U"字节", kCjkBytes},   {U"參數", kCjkParams},  {U"参数", kCjkParams},
    {U"請求", kCjkRequests}, {U"请求", kCjkRequests}, {U"詞元", kCjkTokens},  {U"词元", kCjkTokens},  {U"個", kCjkCount},
    {U"个", kCjkCount},      {U"條", kCjkTiao},       {U"条", kCjkTiao},      {U"萬", kCjkMagnitude}, {U"万", kCjkMagnitude},
    {U"億", kCjkMagnitude},  {U"亿", kCjkMagnitude},  {U"兆", kCjkMagnitude}, {U"千", kCjkMagnitude}, {U"百", kCjkMagnitude},
    {U"每", kCjkPer},        {U"次讀取", kCjkCount},  {U"次读取", kCjkCount}, {U"次", kCjkCount},     {U"毫秒", kCjkTime},
    {U"微秒", kCjkTime},     {U"秒", kCjkTime},       {U"分鐘", kCjkTime},    {U"分钟", kCjkTime},    {U"小時", kCjkTime},
    {U"小时", kCjkTime},     {U"天", kCjkTime},       {U"美元", kCjkDollars}, {U"美金", kCjkDollars}, {U"步", kCjkSteps},
    {U"倍", kCjkCount},
};

// A Chinese time word in seconds, echoed in the request's edition.
UnitWord cjk_time(std::u32string_view w) {
    if (w == U"毫秒") return time_unit(Ratio(1, 1000), "毫秒", false);
    if (w == U"微秒") return time_unit(Ratio(1, 1000000), "微秒", false);
    if (w == U"秒") return time_unit(Ratio(1), "秒", false);
    if (w == U"天") return time_unit(Ratio(86400), "天", false);
    if (w[0] == U'分') return time_unit(Ratio(60), current_lang() == Lang::zh_Hans ? "分钟" : "分鐘", false);
    return time_unit(Ratio(3600), current_lang() == Lang::zh_Hans ? "小时" : "小時", false);
}

// How the echo writes a typed magnitude: the edition's own characters for
// the Chinese ones (a zh-Hant page shows 億 for a typed 亿, as it always has).
std::string cjk_magnitude_text(const CjkMagnitude& m, const std::string& typed) {
    switch (current_lang()) {
        case Lang::zh_Hans: return m.hans;
        case Lang::en: return typed;
        case Lang::zh_Hant: break;
    }
    return m.hant;
}

Token magnitude_token(char32_t c) {
    Token t;
    t.kind = Tok::Magnitude;
    for (const CjkMagnitude& m : kCjkMagnitudes) {
        if (m.text != c) continue;
        const std::string typed = utf8(c);
        t.value = pow10_ratio(m.power10);
        t.text = cjk_magnitude_text(m, typed);
    }
    return t;
}

// "billion", "bn", "Thousand": a magnitude word, or nullptr.
const LatinMagnitude* latin_magnitude(const std::string& w) {
    const std::string l = lower(w);
    for (const LatinMagnitude& m : kLatinMagnitudes) {
        if (l == m.word) return &m;
    }
    return nullptr;
}

Token latin_magnitude_token(const LatinMagnitude& m, const std::string& w) {
    Token t;
    t.kind = Tok::Magnitude;
    t.value = pow10_ratio(m.power10);
    t.text = lower(w);
    return t;
}

Token letter_magnitude_token(const std::string& w) {
    Token t;
    t.kind = Tok::Magnitude;
    t.letter_level = magnitude_letter_level(w);
    t.text = w == "k" ? "K" : w;
    return t;
}

// A typed Chinese unit word echoed in the request's edition: Simplified on
// a zh-Hans page, Traditional otherwise (as zh-Hant always has).
std::string echo(const char* hant, const char* hans) { return current_lang() == Lang::zh_Hans ? hans : hant; }

Token cjk_token(const CjkWord& w) {
    switch (w.what) {
        case kCjkBytes: {
            UnitWord u = bytes_unit(0, false);
            u.name = echo("位元組", "字节");
            u.latin = false;
            return unit_token(u, u.name);
        }
        case kCjkParams: return unit_token(count_unit(kParams, echo("參數", "参数"), false), echo("參數", "参数"));
        case kCjkRequests: return unit_token(count_unit(kRequests, echo("請求", "请求"), false), echo("請求", "请求"));
        case kCjkTokens: return unit_token(count_unit(kTokens, echo("詞元", "词元"), false), echo("詞元", "词元"));
        case kCjkMagnitude: return magnitude_token(w.text[0]);
        case kCjkPer: return op_token(Tok::Per, "每");
        case kCjkTime: {
            const UnitWord u = cjk_time(w.text);
            return unit_token(u, u.name);
        }
        case kCjkDollars: return unit_token(count_unit(kDollars, "美元", false), "美元");
        case kCjkSteps: return unit_token(count_unit(kSteps, "步", false), "步");
        default: break;
    }
    Token t;
    t.kind = Tok::Classifier;
    if (w.what == kCjkCount) {
        t.unit.count_word = true;  // 個, 次, 倍: a count (or factor) of whatever the question asks
        t.unit.name = w.text[0] == U'次' ? "次" : w.text[0] == U'倍' ? "倍" : echo("個", "个");
    } else {
        t.unit = count_unit(kRequests, echo("條", "条"), false);  // 條 counts requests
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
                throw ParseError(render(msg::answer_parse_extra_point, {{"where", context(i_)}}));
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
        place_prefix_units(out);
        return out;
    }

  private:
    char32_t at(size_t i) const { return i < s_.size() ? s_[i] : 0; }

    // A few characters around position i, for messages.
    std::string context(size_t i) const {
        const size_t from = i >= 4 ? i - 4 : 0;
        return render(msg::answer_parse_near, {{"text", quoted(utf8(s_, from, i + 4))}});
    }

    // "$0.0139", "$1.2M": the dollar sign goes after the number and its
    // magnitudes, where every other unit is written.
    static void place_prefix_units(std::vector<Token>& out) {
        for (size_t i = 0; i < out.size(); ++i) {
            if (out[i].kind != Tok::Unit || !out[i].prefix) continue;
            if (out[i + 1].kind != Tok::Number) throw ParseError(render(msg::answer_parse_dollar_number));
            size_t j = i + 2;
            while (out[j].kind == Tok::Magnitude) ++j;
            Token unit = out[i];
            unit.prefix = false;
            out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(j - 1), unit);
            i = j - 1;
        }
    }

    static std::string comma_message(const std::string& where) { return render(msg::answer_parse_comma, {{"where", where}}); }

    Token ascii_op(char32_t c) {
        ++i_;
        switch (c) {
            case '+': return op_token(Tok::Plus, "+");
            case '-': return op_token(Tok::Minus, "−");
            case '*':
                if (at(i_) == '*') throw ParseError(render(msg::answer_parse_double_star));
                return op_token(Tok::Times, "×");
            case '/': return op_token(Tok::Divide, "÷");
            case '^': return op_token(Tok::Power, "^");
            case '(': return op_token(Tok::Open, "(");
            case ')': return op_token(Tok::Close, ")");
            case '$': {
                Token t = unit_token(count_unit(kDollars, "USD", true), "$");
                t.prefix = true;
                return t;
            }
            case '%': {
                UnitWord u;
                u.factor = Ratio(1, 100);
                u.name = "%";
                u.percent = true;
                return unit_token(u, "%");
            }
            default: break;
        }
        throw ParseError(render(msg::answer_parse_unknown, {{"text", quoted(utf8(c))}, {"where", context(i_ - 1)}}));
    }

    // Digits with optional thousands separators, fraction and e-notation.
    Token number() {
        const size_t start = i_;
        std::string int_digits, frac_digits;
        while (is_digit(at(i_))) int_digits.push_back(static_cast<char>(s_[i_++]));
        const int groups = read_groups(int_digits, start);
        const bool has_point = at(i_) == '.';
        if (has_point) {
            if (at(i_ + 1) == '.') throw ParseError(render(msg::answer_parse_double_point, {{"where", context(i_)}}));
            if (!is_digit(at(i_ + 1))) throw ParseError(render(msg::answer_parse_no_fraction, {{"where", context(i_)}}));
            ++i_;
            while (is_digit(at(i_))) frac_digits.push_back(static_cast<char>(s_[i_++]));
            if (at(i_) == '.' && is_digit(at(i_ + 1)))
                throw ParseError(render(msg::answer_parse_two_points, {{"text", quoted(utf8(s_, start, i_ + 2))}}));
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
                throw ParseError(comma_message(render(msg::answer_parse_comma_in, {{"text", quoted(utf8(s_, start, j + 1))}})));
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
        if (digits.empty()) throw ParseError(render(msg::answer_parse_superscript_sign, {{"where", context(start)}}));
        if (digits.size() > 4) throw ParseError(render(msg::answer_parse_superscript_large, {{"where", context(start)}}));
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
        Token t = is_gpu_word(word) && at(i_) == '-' ? gpu_time(word) : read_latin(word);
        t.glued = start > 0 && is_digit(s_[start - 1]);
        return t;
    }

    // "GPU-hours", "GPU-h", "GPU-seconds": one unit, GPUs × a time.  A "-"
    // before anything else stays a minus.
    Token gpu_time(const std::string& gpu) {
        size_t j = i_ + 1;
        while (is_latin(at(j))) ++j;
        const std::string word = utf8(s_, i_ + 1, j);
        const std::optional<UnitWord> time = latin_time(word);
        if (!time) return read_latin(gpu);
        i_ = j;
        return unit_token(gpu_time_unit(time->factor, "GPU-" + word), gpu + "-" + word);
    }

    static Token read_latin(const std::string& word) {
        if (magnitude_letter_level(word) > 0) return letter_magnitude_token(word);
        if (const LatinMagnitude* m = latin_magnitude(word)) return latin_magnitude_token(*m, word);
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
            throw ParseError(render(msg::answer_parse_numeral, {{"text", quoted(utf8(c))}}));
        }
        throw ParseError(render(msg::answer_parse_unknown, {{"text", quoted(utf8(c))}, {"where", context(i_)}}));
    }

    const std::u32string& s_;
    size_t i_ = 0;
};

}  // namespace

std::vector<Token> lex(const std::u32string& s) { return Lexer(s).run(); }

}  // namespace tally::checker
