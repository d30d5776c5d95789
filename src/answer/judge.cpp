#include "judge.hpp"

#include <optional>
#include <vector>

#include "core/attempt.hpp"
#include "core/format.hpp"
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


}  // namespace

AnswerVerdict unparsable(const std::string& reason) {
    AnswerVerdict v;
    v.mistake = "unparsable";
    v.message = "無法理解答案：" + reason + "。" + kAcceptedForms + "。";
    return v;
}

AnswerVerdict judge(const Reading& reading, const ExpectedAnswer& expected) { return Judge(reading, expected).run(); }

}  // namespace tally::checker
