#include "parser.hpp"

#include <cstddef>
#include <optional>

#include "core/messages.hpp"
#include "lexer.hpp"
#include "text.hpp"

namespace tally::checker {

namespace {

constexpr int kMaxDepth = 24;
constexpr long long kMaxExponent = 4096;

class Parser {
  public:
    Parser(const std::vector<Token>& tokens, Reading& reading) : t_(tokens), r_(reading) {}

    Value run() {
        if (at(Tok::End)) throw ParseError(render(msg::answer_parse_empty));
        Value v = sum();
        if (!at(Tok::End)) misplaced();
        return v;
    }

  private:
    // Bounds recursion: parentheses and exponent chains.
    struct Depth {
        explicit Depth(int& d) : d_(d) {
            if (++d_ > kMaxDepth) throw ParseError(render(msg::answer_parse_too_deep));
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
            if (at_sign()) throw ParseError(render(msg::answer_parse_two_signs, {{"signs", op.text + peek().text}}));
            Value rhs = term();
            if (v.dim != rhs.dim) {
                throw ParseError(render(msg::answer_parse_units_differ, {{"left", quoted(v.text)},
                                                                         {"right", quoted(rhs.text)},
                                                                         {"left_unit", dim_text(v.dim)},
                                                                         {"right_unit", dim_text(rhs.dim)}}));
            }
            v = arithmetic(v, rhs, op.text, op.kind == Tok::Plus ? v.q + rhs.q : v.q - rhs.q, v.dim);
        }
        return v;
    }

    Value term() {
        Value v = factor();
        for (;;) {
            if (at(Tok::Number) || at(Tok::Open)) {
                throw ParseError(
                    render(msg::answer_parse_missing_operator, {{"left", quoted(v.text)}, {"right", quoted(peek().text)}}));
            }
            if (!at(Tok::Times) && !at(Tok::Divide)) return v;
            const Token& op = next();
            Value rhs = factor();
            if (op.kind == Tok::Divide && rhs.q.mag == Ratio(0)) {
                throw ParseError(render(msg::answer_parse_divide_by_zero, {{"text", quoted(rhs.text)}}));
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
        if (at_sign()) throw ParseError(render(msg::answer_parse_two_signs, {{"signs", sign.text + peek().text}}));
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
            if (at_sign()) throw ParseError(render(msg::answer_parse_exponent_signs));
        }
        Value v = power();
        if (negative) {
            v.q = -v.q;
            v.text = "−" + v.text;
        }
        return v;
    }

    static Value raise(const Value& base, const Value& e) {
        if (!e.dim.pure()) throw ParseError(render(msg::answer_parse_exponent_unit, {{"text", quoted(e.text)}}));
        if (!e.q.mag.is_integer()) throw ParseError(render(msg::answer_parse_exponent_integer, {{"text", quoted(e.text)}}));
        if (Ratio(static_cast<u128>(kMaxExponent)) < e.q.mag)
            throw ParseError(render(msg::answer_parse_exponent_large, {{"text", quoted(e.text)}}));
        const long long n = static_cast<long long>(e.q.mag.num()) * (e.q.negative ? -1 : 1);
        if (n < 0 && base.q.mag == Ratio(0))
            throw ParseError(render(msg::answer_parse_zero_negative_power, {{"text", quoted(base.text + "^" + e.text)}}));
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
            if (!at(Tok::Close)) throw ParseError(render(msg::answer_parse_unclosed, {{"text", quoted("(" + inner.text)}}));
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
        const bool billion = billion_b();
        if (billion) {
            factor = pow10_ratio(9);
            parts.push_back(next().text);
            r_.billion_b = true;
        }
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
            for (;;) {
                if (at(Tok::Divide) && t_[i_ + 1].kind == Tok::Unit) {
                    next();
                    const UnitWord& u = next().unit;
                    factor = factor / u.factor;
                    per = combine(per, u.dim, 1);
                    parts.push_back("/" + u.name);
                } else if (product_follows(*unit)) {
                    if (at(Tok::Times)) next();
                    unit = product(*unit, next().unit);
                    parts.back() = unit->name;
                } else {
                    break;
                }
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
        v.text += suffix_text(parts, billion);
        return v;
    }

    // "GiB·s", "GPU·h": a unit times a unit; "GiB s", "GPU 小時": a time
    // written right after a byte or GPU unit means the same product.
    bool product_follows(const UnitWord& u) const {
        if (at(Tok::Times) && t_[i_ + 1].kind == Tok::Unit) return true;
        const bool holds = u.dim == dim_of(kBytes) || u.dim == dim_of(kGpus);
        return at(Tok::Unit) && holds && is_time_unit(peek().unit);
    }

    // The product keeps the byte prefix (for the tolerance scale and GB vs
    // GiB) only when the time is in seconds: "GiB·s", not "GiB·h".
    static UnitWord product(const UnitWord& a, const UnitWord& b) {
        UnitWord u = a;
        u.dim = combine(a.dim, b.dim, 1);
        u.factor = a.factor * b.factor;
        u.name = a.name + "·" + b.name;
        if (b.factor != Ratio(1) || b.byte_level >= 0) {
            u.byte_level = -1;
            u.binary = false;
        }
        return u;
    }

    // "85.1B": a B typed right after a number's last digit (read_answer says
    // when it is billion rather than bytes).
    bool billion_b() const {
        const Token& t = peek();
        if (t.kind != Tok::Unit || t.text != "B" || !t.glued) return false;
        const Tok after = t_[i_ + 1].kind;
        if (after == Tok::Unit || after == Tok::Classifier) return true;
        if (after == Tok::Divide) return false;
        return !r_.b_is_bytes;
    }

    // 萬/億/兆 as written; a letter by the reading asked for, noted so the
    // verdict can say which one was used.
    Ratio magnitude_value(const Token& t) {
        if (t.letter_level == 0) return t.value;
        if (r_.letters.find(t.text) == std::string::npos) r_.letters += t.text;
        return Ratio(power_of(r_.binary_letters ? 1024 : 1000, t.letter_level));
    }

    static std::string suffix_text(const std::vector<std::string>& parts, bool billion) {
        std::string out;
        for (const auto& p : parts) {
            const bool latin = !p.empty() && static_cast<unsigned char>(p[0]) < 0x80 && p != "%";
            const bool letter = p == "K" || p == "M" || p == "G" || p == "T" ||  // "32K", as the chapter writes it
                                (p == "B" && out.empty() && billion);            // "85.1B", as models are named
            const bool glue =
                letter || p == "%" || p[0] == '/' || (!out.empty() && !latin && static_cast<unsigned char>(out.back()) >= 0x80);
            out += (glue ? "" : " ") + p;
        }
        return out;
    }

    [[noreturn]] void missing_operand() const {
        const Token& t = peek();
        switch (t.kind) {
            case Tok::End: throw ParseError(render(msg::answer_parse_incomplete));
            case Tok::Close: throw ParseError(render(msg::answer_parse_close_without_value));
            case Tok::Unit:
            case Tok::Classifier:
            case Tok::Magnitude: throw ParseError(render(msg::answer_parse_unit_without_value, {{"text", quoted(t.text)}}));
            case Tok::Super: throw ParseError(render(msg::answer_parse_superscript_without_value));
            default: throw ParseError(render(msg::answer_parse_missing_value, {{"text", quoted(t.text)}}));
        }
    }

    [[noreturn]] void misplaced() const {
        const Token& t = peek();
        switch (t.kind) {
            case Tok::Close: throw ParseError(render(msg::answer_parse_extra_close));
            case Tok::Unit:
            case Tok::Classifier:
            case Tok::Magnitude: throw ParseError(render(msg::answer_parse_unit_misplaced, {{"text", quoted(t.text)}}));
            case Tok::Super:
            case Tok::Power: throw ParseError(render(msg::answer_parse_power_misplaced));
            default: throw ParseError(render(msg::answer_parse_misplaced, {{"text", quoted(t.text)}}));
        }
    }

    const std::vector<Token>& t_;
    Reading& r_;
    size_t i_ = 0;
    int depth_ = 0;
};

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
    if (per_tail(tokens) != 0) throw ParseError(render(msg::answer_parse_per_twice, {{"per", r.per}}));
}

}  // namespace

Reading read_answer(const std::string& raw, bool binary_letters, bool b_is_bytes) {
    const std::u32string text = strip_decoration(checked_text(raw));
    if (text.empty()) throw ParseError(render(msg::answer_parse_empty));
    std::vector<Token> tokens = lex(text);
    Reading r;
    r.binary_letters = binary_letters;
    r.b_is_bytes = b_is_bytes;
    drop_per_tail(tokens, r);
    for (const Token& t : tokens) {
        if (t.kind == Tok::Per) throw ParseError(render(msg::answer_parse_per_not_last, {{"text", quoted(t.text)}}));
        if (t.comma_ambiguous && r.comma_ambiguous.empty()) r.comma_ambiguous = t.text;
    }
    r.value = Parser(tokens, r).run();
    return r;
}

}  // namespace tally::checker
