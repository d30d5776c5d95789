#include "judge.hpp"

#include <optional>
#include <vector>

#include "core/attempt.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "display.hpp"
#include "text.hpp"
#include "tolerance.hpp"

namespace tally::checker {

namespace {

struct Finding {
    std::string code;
    std::string reason;
};

struct Reason {
    const char* code;
    MessageId text;
};
constexpr Reason kReasons[] = {
    {"gb_vs_gib", msg::answer_reason_gb_vs_gib},
    {"missing_kv_factor_2", msg::answer_reason_missing_kv_factor_2},
    {"extra_factor_2", msg::answer_reason_extra_factor_2},
    {"query_heads", msg::answer_reason_query_heads},
    {"square_pairs", msg::answer_reason_square_pairs},
    {"decode_steps_g", msg::answer_reason_decode_steps_g},
    {"rounded_not_floored", msg::answer_reason_rounded_not_floored},
    {"all_experts", msg::answer_reason_all_experts},
    {"kv_heads_for_scores", msg::answer_reason_kv_heads_for_scores},
    {"missing_factor_2", msg::answer_reason_missing_factor_2},
    {"off_by_power_of_ten", msg::answer_reason_off_by_power_of_ten},
    {"missing_unit", msg::answer_reason_missing_unit},
    {"ms_vs_s", msg::answer_reason_ms_vs_s},
    {"hours_vs_seconds", msg::answer_reason_hours_vs_seconds},
    {"per_gpu_vs_total", msg::answer_reason_per_gpu_vs_total},
};

// The standard explanation of a mistake code; empty for a code without one.
std::string standard_reason(const std::string& code) {
    for (const auto& r : kReasons) {
        if (code == r.code) return render(r.text);
    }
    return "";
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
            return verdict(false, "negative", render(msg::answer_reason_negative));
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
        Dim want_dim;
        Ratio unit_factor;
        if (unit_dim(e_.unit, want_dim, unit_factor)) {
            if (d == want_dim) {
                v_ = v_ * make_signed(Ratio(1) / unit_factor, false);  // GPU·s → GPU-hours
                return true;
            }
            if (want == kBytes || want == kFlops) {
                // B/token, FLOPs/request: the chapter's rates are asked for in B or FLOPs.
                for (Base per : {kTokens, kRequests}) {
                    if (d != combine(dim_of(static_cast<Base>(want)), dim_of(per), -1)) continue;
                    rate_base_ = per;  // judged by per_mismatch(), like a "/token" tail
                    return true;
                }
            }
            if (!d.pure() || r_.percent) return false;
            return !r_.count_word || is_count_base(want);  // 個 counts things, not bytes or seconds
        }
        if (e_.unit == AnswerUnit::Pure && is_count_base(d.single())) return true;  // "13 條請求" counts too
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

    static std::string per_word(int base) { return render(base == kTokens ? msg::answer_per_token : msg::answer_per_request); }

    // A "/token" is part of the answer, not decoration: a rate typed for a
    // total (or per request for per token) is a mistake even when the number
    // matches, and the message says so.
    std::optional<Finding> per_mismatch() const {
        const int theirs = rate_of_answer();
        const int ours = rate_of_question();
        if (theirs < 0 || theirs == ours) return std::nullopt;
        const bool number_right = within(v_.mag, e_.value, rule_, scale_);
        const std::string fix = number_right ? render(msg::answer_number_matches) : "";
        if (ours < 0) {
            return Finding{"per_unit_for_total", render(msg::answer_per_unit_for_total,
                                                        {{"per", per_word(theirs)}, {"fix", fix}, {"base", base_name(theirs)}})};
        }
        return Finding{"wrong_per_unit",
                       render(msg::answer_wrong_per_unit, {{"per", per_word(theirs)}, {"asked", per_word(ours)}, {"fix", fix}})};
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
        return u != nullptr && u->binary && holds_bytes() ? u->factor.num() : 1;
    }

    // Bytes, or bytes held over time (GiB·s): where GB and GiB differ.
    bool holds_bytes() const { return e_.unit == AnswerUnit::Bytes || e_.unit == AnswerUnit::ByteSeconds; }

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
        for (auto check : {&Judge::missing_unit, &Judge::gb_vs_gib, &Judge::not_floored, &Judge::ms_slip, &Judge::hours_slip,
                           &Judge::factor_two, &Judge::query_heads, &Judge::power_slip}) {
            if (auto f = (this->*check)(); f && allows(f->code)) return *f;
        }
        return {"other", render(msg::answer_reason_other)};
    }

    static Finding listed(const KnownMistake& m) {
        if (!m.message.empty()) return {m.code, m.message};
        const std::string standard = standard_reason(m.code);
        if (!standard.empty()) return {m.code, standard};
        return {m.code, render(msg::answer_reason_listed, {{"code", m.code}})};
    }

    // One typed number with fewer significant digits than required, which
    // agrees with the expected value at its own precision.  A single digit
    // ("10" for 13) is a guess, not a rounding, so it needs two.
    std::optional<Finding> too_coarse() const {
        const int n = r_.value.sig;
        if (n < 2 || (rule_.digits != 0 && static_cast<unsigned>(n) >= rule_.digits)) return std::nullopt;
        if (!within(v_.mag, e_.value, Rule{static_cast<unsigned>(n), false}, scale_)) return std::nullopt;
        const std::string typed = std::to_string(n);
        if (rule_.digits != 0) {
            return Finding{"too_coarse",
                           render(msg::answer_too_coarse_digits, {{"typed", typed}, {"digits", std::to_string(rule_.digits)}})};
        }
        if (rule_.exact) return Finding{"too_coarse", render(msg::answer_too_coarse_exact, {{"typed", typed}})};
        return Finding{"too_coarse", render(msg::answer_too_coarse_relative, {{"typed", typed}})};
    }

    // A bare number that is right once a prefix or 萬/億 is attached.
    std::optional<Finding> missing_unit() const {
        if (r_.has_unit) return std::nullopt;
        for (const Prefix& p : missing_unit_candidates()) {
            if (!matches_scaled(p.factor, p.scale)) continue;
            const std::string number = r_.value.literal ? r_.value.text : "(" + r_.value.text + ")";
            const MessageParams typed{{"typed", number + " " + p.name}, {"unit", unit_label(e_.unit)}};
            return Finding{
                "missing_unit",
                render(is_count_base(base_of_unit(e_.unit)) ? msg::answer_missing_unit_count : msg::answer_missing_unit, typed)};
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
        } else if (is_count_base(base_of_unit(e_.unit))) {
            for (const CountMagnitude& m : count_magnitude_words()) out.push_back({m.factor, m.word, 1});
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
        if (u == nullptr || u->byte_level < 1 || !holds_bytes()) return std::nullopt;
        const int k = u->byte_level;
        const UnitWord other = bytes_unit(k, !u->binary);
        if (!matches_scaled(other.factor / u->factor, other.binary ? other.factor.num() : 1)) return std::nullopt;
        const UnitWord dec = u->binary ? other : *u;
        const UnitWord bin = u->binary ? *u : other;
        return Finding{"gb_vs_gib",
                       render(msg::answer_reason_gb_vs_gib_units, {{"unit", u->name},
                                                                   {"other", other.name},
                                                                   {"decimal", dec.name},
                                                                   {"decimal_power", std::to_string(3 * k)},
                                                                   {"decimal_bytes", group_thousands(dec.factor.num())},
                                                                   {"binary", bin.name},
                                                                   {"binary_power", std::to_string(10 * k)},
                                                                   {"binary_bytes", group_thousands(bin.factor.num())}})};
    }

    // A request count rounded up, or not rounded at all.
    std::optional<Finding> not_floored() const {
        if (e_.unit != AnswerUnit::Requests || !e_.value.is_integer()) return std::nullopt;
        if (v_.mag == e_.value + Ratio(1)) return Finding{"rounded_not_floored", standard_reason("rounded_not_floored")};
        if (!v_.mag.is_integer() && Ratio(v_.mag.floor()) == e_.value) {
            return Finding{"rounded_not_floored", render(msg::answer_reason_requests_not_integer)};
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
                return Finding{"missing_factor_2", render(msg::answer_reason_missing_factor_2_flops)};
            }
            return Finding{"missing_factor_2", standard_reason("missing_factor_2")};
        }
        if (near(Ratio(2))) {
            if (e_.unit == AnswerUnit::Bytes) return Finding{"extra_factor_2", standard_reason("extra_factor_2")};
            if (e_.unit == AnswerUnit::Flops) {
                return Finding{"extra_factor_2", render(msg::answer_reason_extra_factor_2_flops)};
            }
            return Finding{"extra_factor_2", render(msg::answer_reason_extra_factor_2_other)};
        }
        return std::nullopt;
    }

    // A time off by 1000: milliseconds written as seconds or the reverse
    // (78 for 0.078 s), or steps per millisecond for steps per second.
    std::optional<Finding> ms_slip() const {
        const bool timed = e_.unit == AnswerUnit::Seconds || e_.unit == AnswerUnit::Milliseconds ||
                           e_.unit == AnswerUnit::StepsPerSecond || e_.unit == AnswerUnit::ByteSeconds;
        if (!timed || !(near(Ratio(1000)) || near(Ratio(1, 1000)))) return std::nullopt;
        return Finding{"ms_vs_s", standard_reason("ms_vs_s")};
    }

    // Off by 3600: hours as seconds (GPU-hours as GPU-seconds) or the reverse.
    std::optional<Finding> hours_slip() const {
        const bool timed = e_.unit == AnswerUnit::Seconds || e_.unit == AnswerUnit::Hours || e_.unit == AnswerUnit::GpuHours ||
                           e_.unit == AnswerUnit::ByteSeconds;
        if (!timed || !(near(Ratio(3600)) || near(Ratio(1, 3600)))) return std::nullopt;
        return Finding{"hours_vs_seconds", standard_reason("hours_vs_seconds")};
    }

    // Qwen-style GQA (32 query heads over 8 KV heads) when the author gave no
    // query_heads value of their own.
    std::optional<Finding> query_heads() const {
        if (e_.unit != AnswerUnit::Bytes) return std::nullopt;
        for (const auto& m : e_.mistakes) {
            if (m.code == "query_heads") return std::nullopt;
        }
        if (!near(Ratio(4))) return std::nullopt;
        return Finding{"query_heads", render(msg::answer_reason_query_heads_qwen)};
    }

    // 10^k (any unit) or 1024^k (bytes): a prefix or exponent slip.
    std::optional<Finding> power_slip() const {
        for (int k = 1; k <= 15; ++k) {
            for (int sign : {1, -1}) {
                if (!near(pow10_ratio(sign * k))) continue;
                return Finding{"off_by_power_of_ten",
                               slip_text("10^" + std::to_string(k), sign > 0) + render(msg::answer_slip_check_prefix)};
            }
        }
        if (e_.unit != AnswerUnit::Bytes) return std::nullopt;
        for (int k = 1; k <= 4; ++k) {
            const Ratio f(power_of(1024, k));
            for (bool larger : {true, false}) {
                if (!near(larger ? f : Ratio(1) / f)) continue;
                return Finding{"off_by_power_of_ten",
                               slip_text("1024^" + std::to_string(k), larger) + render(msg::answer_slip_check_binary)};
            }
        }
        return std::nullopt;
    }

    static std::string slip_text(const std::string& factor, bool larger) {
        return render(larger ? msg::answer_slip_larger : msg::answer_slip_smaller, {{"factor", factor}});
    }

    // ---- messages ----------------------------------------------------------

    AnswerVerdict wrong_kind() const {
        const int b = r_.value.dim.single();
        const std::optional<AnswerUnit> single = b >= 0 ? unit_of_base(b) : std::nullopt;
        AnswerVerdict v;
        v.mistake = "wrong_unit_kind";
        if (single || r_.value.dim.pure()) {
            const AnswerUnit theirs = single ? *single : r_.percent ? AnswerUnit::Percent : AnswerUnit::Pure;
            const Signed shown = theirs == AnswerUnit::Percent ? r_.value.q * make_signed(Ratio(100), false) : r_.value.q;
            v.understood = understood_text(shown, theirs);
            v.has_parsed = true;
            v.parsed = signed_exact(shown);
            v.parsed_unit = answer_unit_id(theirs);
            const std::string what =
                r_.count_word && theirs == AnswerUnit::Pure ? render(msg::answer_kind_count) : kind_name(theirs);
            if (theirs == AnswerUnit::Pure && r_.has_unit) {
                // "4 個": keep the counter word the learner wrote.
                v.understood = r_.value.text + (r_.value.literal_value == shown ? "" : " = " + number_text(shown));
            }
            v.message = render(msg::answer_wrong_kind,
                               {{"understood", v.understood}, {"theirs", spaced(what)}, {"asked", spaced(kind_name(e_.unit))}});
        } else {
            v.understood = r_.value.text;
            v.message =
                render(msg::answer_wrong_kind_compound,
                       {{"understood", v.understood}, {"dim", dim_text(r_.value.dim)}, {"asked", spaced(kind_name(e_.unit))}});
        }
        return v;
    }

    AnswerVerdict verdict(bool correct, const std::string& code, const std::string& reason) const {
        AnswerVerdict v;
        v.correct = correct;
        v.mistake = code;
        v.understood = understood_text(v_, e_.unit);
        v.message = render(msg::answer_verdict, {{"understood", v.understood}, {"reason", reason}});
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
            out = render(msg::answer_note_fraction, {{"typed", r_.value.text}, {"value", right}});
        } else if (r_.value.literal && r_.value.plain && r_.value.literal_value == shown) {
            out = right;
        } else {
            out = r_.value.text + (right.compare(0, 3, "≈") == 0 ? " " : " = ") + right;
        }
        if (!r_.has_unit && !fraction_ && needs_unit(unit)) {
            out += render(msg::answer_note_no_unit, {{"unit", unit_label(unit)}});
        }
        if (!r_.has_unit && !fraction_ && unit == AnswerUnit::Percent) out += render(msg::answer_note_no_percent);
        const int rate = rate_of_answer();
        if (rate >= 0) {
            out += render(rate == rate_of_question() ? msg::answer_note_rate : msg::answer_note_rate_other,
                          {{"per", per_word(rate)}});
        }
        out += letters_note(r_);
        return out;
    }

    // Units a bare number is silently read in (a count needs none).
    static bool needs_unit(AnswerUnit u) {
        return u != AnswerUnit::Pure && u != AnswerUnit::Percent && !is_count_base(base_of_unit(u));
    }

    std::string correct_reason() const {
        const std::string ref = reference_text();
        if (v_.mag == e_.value) {
            return render(ends_with_paren(ref) ? msg::answer_correct_exact_paren : msg::answer_correct_exact,
                          {{"reference", ref}});
        }
        if (rule_.digits != 0) {
            const UnitWord* u = single_prefixed_unit();
            const std::string digits = std::to_string(rule_.digits);
            if (scale_ != 1 && u != nullptr) {
                return render(msg::answer_correct_digits_in, {{"reference", ref}, {"unit", u->name}, {"digits", digits}});
            }
            return render(msg::answer_correct_digits, {{"reference", ref}, {"digits", digits}});
        }
        std::string error;
        completes_without_overflow([&] { error = fixed(abs_diff(v_.mag, e_.value) / e_.value * Ratio(100), 2); });
        if (error.empty()) return render(msg::answer_correct_relative_bare, {{"reference", ref}});
        return render(msg::answer_correct_relative, {{"reference", ref}, {"error", error}});
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
            text = render(msg::answer_reference, {{"exact", exact}, {"number", number}, {"unit", p->name}});
        });
        return text;
    }

    std::optional<Prefix> display_prefix() const {
        const UnitWord* u = single_prefixed_unit();
        const int want = base_of_unit(e_.unit);
        if (u != nullptr && want >= 0 && u->dim == dim_of(static_cast<Base>(want))) return Prefix{u->factor, u->name, 1};
        if (auto typed = typed_unit_prefix()) return typed;
        if (e_.unit == AnswerUnit::ByteSeconds) {
            std::optional<Prefix> best;  // "10 GiB·s"
            for (int k = 1; k <= 5; ++k) {
                const Ratio f(power_of(1024, k));
                if (f <= e_.value) best = Prefix{f, std::string(kBinaryBytes[k]) + "·s", 1};
            }
            return best;
        }
        if (e_.unit == AnswerUnit::Bytes || e_.unit == AnswerUnit::Flops) {
            const bool bytes = e_.unit == AnswerUnit::Bytes;
            std::optional<Prefix> best;
            for (int k = 1; k <= 5; ++k) {
                const Ratio f(power_of(bytes ? 1024 : 1000, k));
                if (f <= e_.value) best = Prefix{f, bytes ? kBinaryBytes[k] : kFlopsNames[k], 1};
            }
            return best;
        }
        if (e_.unit != AnswerUnit::Params) return std::nullopt;
        const CountMagnitude m = count_magnitude(e_.value);  // 85.1 億, 85.1 亿, 8.51 billion
        if (*m.word == '\0') return std::nullopt;
        return Prefix{m.factor, m.word, 1};
    }

    // The expected value in the one unit the reader wrote for a chapter-3
    // quantity ("78 ms", "1,022,362 GPU-hours"), when that is not the base.
    std::optional<Prefix> typed_unit_prefix() const {
        Dim dim;
        Ratio factor;
        if (r_.units.empty() || base_of_unit(e_.unit) == kBytes || base_of_unit(e_.unit) == kFlops ||
            !unit_dim(e_.unit, dim, factor)) {
            return std::nullopt;
        }
        const UnitWord& u = r_.units.front();
        for (const auto& w : r_.units) {
            if (w.name != u.name) return std::nullopt;
        }
        if (u.dim != dim || u.factor == factor) return std::nullopt;
        return Prefix{u.factor / factor, u.name, 1};
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

}  // namespace

AnswerVerdict unparsable(const std::string& reason) {
    AnswerVerdict v;
    v.mistake = "unparsable";
    v.message = render(msg::answer_unparsable, {{"reason", reason}});
    return v;
}

AnswerVerdict judge(const Reading& reading, const ExpectedAnswer& expected) { return Judge(reading, expected).run(); }

}  // namespace tally::checker
