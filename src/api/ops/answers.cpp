// The `check_answer` op: one learner answer against one exercise's expected
// value (docs/answers.md).
#include "all_ops.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/answer.hpp"
#include "core/answer_quantity.hpp"
#include "core/format.hpp"
#include "api/errors.hpp"
#include "api/fields.hpp"
#include "api/word_list.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kCheckAnswerFields[] = {field::of_kind("answer", FieldKind::Text),
                                            field::of_kind("expected", FieldKind::Object)};
constexpr FieldDecl kReadQuantityFields[] = {field::of_kind("text", FieldKind::Text), field::of_kind("kind", FieldKind::Text)};

// Exercises list a handful of typical wrong values; more is a content bug.
constexpr std::size_t kMaxMistakes = 16;
constexpr std::size_t kMaxCodeLength = 40;
constexpr std::size_t kMaxMessageBytes = 600;

std::string shown(const Json& v) {
    return json::clip_utf8(v.dump(), 40);  // never cut inside a character
}

// Like RequestFields for the nested objects: a typo ("digit") must not be
// silently ignored.
void reject_unknown(const Json& object, const std::vector<std::string>& allowed, const std::string& path) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool known = false;
        for (const auto& a : allowed) known = known || a == it.key();
        if (known) continue;
        throw FieldError(path + "." + it.key(), msg::answer_field_unknown,
                         {{"field", it.key()}, {"object", path}, {"available", word_list(allowed)}});
    }
}

std::string answer_of(const Json& request) {
    if (!request.contains("answer")) throw FieldError("answer", msg::answer_missing);
    const Json& a = request.at("answer");
    if (!a.is_string()) throw FieldError("answer", msg::answer_not_string, {{"received", shown(a)}});
    return a.get<std::string>();  // empty or unreadable text is a verdict, not an error
}

Ratio decimal_of(const Json& parent, const std::string& key, const std::string& path) {
    const std::string accepted = render(msg::accepted_decimal);
    if (!parent.contains(key)) throw FieldError(path, msg::answer_decimal_missing, {{"field", path}, {"accepted", accepted}});
    const Json& v = parent.at(key);
    Ratio out;
    if (!v.is_string() || !parse_expected_decimal(v.get<std::string>(), out)) {
        throw FieldError(path, msg::answer_decimal_invalid, {{"field", path}, {"accepted", accepted}, {"received", shown(v)}});
    }
    return out;
}

AnswerUnit unit_of(const Json& expected) {
    const std::string accepted = render(msg::accepted_units);
    if (!expected.contains("unit")) throw FieldError("expected.unit", msg::expected_unit_missing, {{"accepted", accepted}});
    const Json& u = expected.at("unit");
    AnswerUnit out = AnswerUnit::Pure;
    if (!u.is_string() || !answer_unit_from_id(u.get<std::string>(), out)) {
        throw FieldError("expected.unit", msg::expected_unit_unknown, {{"received", shown(u)}, {"accepted", accepted}});
    }
    return out;
}

unsigned digits_of(const Json& expected) {
    if (!expected.contains("digits")) return 0;
    const Json& d = expected.at("digits");
    if (!d.is_number_unsigned() || d.get<std::uint64_t>() < 1 || d.get<std::uint64_t>() > 30) {
        throw FieldError("expected.digits", msg::expected_digits_invalid, {{"received", shown(d)}});
    }
    return static_cast<unsigned>(d.get<std::uint64_t>());
}

bool is_code(const std::string& s) {
    if (s.empty() || s.size() > kMaxCodeLength || s[0] < 'a' || s[0] > 'z') return false;
    for (char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

KnownMistake mistake_of(const Json& m, const std::string& path, const Ratio& right) {
    if (!m.is_object()) throw FieldError(path, msg::mistake_not_object, {{"field", path}, {"received", shown(m)}});
    reject_unknown(m, {"code", "value", "message"}, path);
    KnownMistake out;
    if (!m.contains("code") || !m.at("code").is_string() || !is_code(m.at("code").get<std::string>())) {
        throw FieldError(path + ".code", msg::mistake_code_invalid,
                         {{"field", path}, {"received", shown(m.contains("code") ? m.at("code") : Json())}});
    }
    out.code = m.at("code").get<std::string>();
    out.value = decimal_of(m, "value", path + ".value");
    if (out.value == right) throw FieldError(path + ".value", msg::mistake_same_as_expected, {{"field", path}});
    if (m.contains("message")) {
        const Json& msg = m.at("message");
        if (!msg.is_string() || msg.get<std::string>().empty() || msg.get<std::string>().size() > kMaxMessageBytes) {
            throw FieldError(path + ".message", msg::mistake_message_invalid, {{"field", path}, {"received", shown(msg)}});
        }
        out.message = msg.get<std::string>();
    }
    return out;
}

std::vector<KnownMistake> mistakes_of(const Json& expected, const Ratio& right) {
    std::vector<KnownMistake> out;
    if (!expected.contains("mistakes")) return out;
    const Json& list = expected.at("mistakes");
    if (!list.is_array() || list.size() > kMaxMistakes) {
        throw FieldError("expected.mistakes", msg::mistakes_not_list, {{"received", shown(list)}});
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        out.push_back(mistake_of(list[i], "expected.mistakes[" + std::to_string(i) + "]", right));
    }
    return out;
}

// The built-in guesses an exercise allows for its quantity (answers.md).
std::optional<std::vector<std::string>> guesses_of(const Json& expected) {
    if (!expected.contains("guesses")) return std::nullopt;
    const std::vector<std::string>& known = builtin_guess_codes();
    const std::string list = word_list(known);
    const Json& g = expected.at("guesses");
    if (!g.is_array() || g.size() > known.size()) {
        throw FieldError("expected.guesses", msg::guesses_not_list,
                         {{"max", std::to_string(known.size())}, {"list", list}, {"received", shown(g)}});
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < g.size(); ++i) {
        const std::string path = "expected.guesses[" + std::to_string(i) + "]";
        if (!g[i].is_string() || std::find(known.begin(), known.end(), g[i].get<std::string>()) == known.end()) {
            throw FieldError(path, msg::guess_unknown, {{"field", path}, {"list", list}, {"received", shown(g[i])}});
        }
        out.push_back(g[i].get<std::string>());
    }
    return out;
}

// "token" or "request" for a rate question; absent for a total.
std::string per_of(const Json& expected) {
    if (!expected.contains("per")) return "";
    const Json& p = expected.at("per");
    if (!p.is_string() || (p.get<std::string>() != "token" && p.get<std::string>() != "request")) {
        throw FieldError("expected.per", msg::expected_per_invalid, {{"received", shown(p)}});
    }
    return p.get<std::string>();
}

ExpectedAnswer expected_of(const Json& request) {
    if (!request.contains("expected")) {
        throw FieldError("expected", msg::expected_missing);
    }
    const Json& e = request.at("expected");
    if (!e.is_object()) throw FieldError("expected", msg::expected_not_object, {{"received", shown(e)}});
    reject_unknown(e, {"value", "unit", "digits", "per", "mistakes", "guesses"}, "expected");
    ExpectedAnswer out;
    out.value = decimal_of(e, "value", "expected.value");
    out.unit = unit_of(e);
    out.digits = digits_of(e);
    out.mistakes = mistakes_of(e, out.value);
    out.guesses = guesses_of(e);
    out.per = per_of(e);
    return out;
}

Json verdict_json(const AnswerVerdict& v) {
    Json r;
    r["correct"] = v.correct;
    r["mistake"] = v.mistake.empty() ? Json(nullptr) : Json(v.mistake);
    r["message"] = v.message;
    r["understood"] = v.understood.empty() ? Json(nullptr) : Json(v.understood);
    r["parsed"] = v.has_parsed ? Json(v.parsed) : Json(nullptr);
    r["parsed_unit"] = v.has_parsed ? Json(v.parsed_unit) : Json(nullptr);
    return r;
}

// {"answer": "1.125 GiB", "expected": {"value": "1207959552", "unit": "B",
//  "digits": 4, "per": "token", "mistakes": [{"code": "query_heads", "value": "4831838208"}]}}
// → {correct, mistake, message, understood, parsed, parsed_unit}.  An answer
// the checker cannot read is a verdict (mistake "unparsable"), not an error;
// only a malformed request raises FieldError.
Json op_check_answer(const Json& request) {
    RequestFields f(request, kCheckAnswerFields);
    const std::string answer = answer_of(request);
    return verdict_json(check_answer(answer, expected_of(request)));
}

// {"text": "32K", "kind": "tokens"|"count"|"bytes"} → {"value": "32768",
// "understood": "32,768 個 token（K 以 1,024 計）"}: a reader's text read
// exactly as a widget field reads it (sliders, URL state).  Text that cannot
// be a whole quantity of that kind is a FieldError on "text".
Json op_read_quantity(const Json& request) {
    RequestFields f(request, kReadQuantityFields);
    if (!request.contains("text") || !request.at("text").is_string()) {
        if (!request.contains("text")) throw FieldError("text", msg::text_missing);
        throw FieldError("text", msg::text_not_string, {{"received", shown(request.at("text"))}});
    }
    QuantityKind kind = QuantityKind::Count;
    if (!quantity_kind_from_id(f.text("kind"), kind)) {
        throw FieldError("kind", msg::quantity_kind_invalid, {{"received", shown(request.at("kind"))}});
    }
    const QuantityReading q = read_quantity(request.at("text").get<std::string>(), kind);
    if (!q.ok) throw FieldError("text", msg::quantity_text_unreadable, {{"problem", q.problem}});
    Json r;
    r["value"] = to_decimal(q.value);
    r["understood"] = q.understood;
    return r;
}

constexpr ResultDecl kCheckAnswerResult[] = {
    result::flag("correct"),
    result::nullable(result::text("mistake")),
    result::display("message"),
    result::nullable(result::display("understood")),
    result::nullable(result::ratio("parsed")),
    result::nullable(result::text("parsed_unit")),
};
constexpr const char* kCheckAnswerSamples[] = {
    R"({"op":"check_answer","answer":"1.125 GiB","expected":{"value":"1207959552","unit":"B","digits":4}})",
    R"({"op":"check_answer","answer":"1.125 GB","expected":{"value":"1207959552","unit":"B","digits":4}})",
};
constexpr ResultDecl kReadQuantityResult[] = {result::exact("value"), result::display("understood")};
constexpr const char* kReadQuantitySamples[] = {R"({"op":"read_quantity","text":"32K","kind":"tokens"})"};

}  // namespace

const OpDef kCheckAnswerOp = {"check_answer", op_check_answer, kCheckAnswerFields, kCheckAnswerResult, kCheckAnswerSamples};
const OpDef kReadQuantityOp = {"read_quantity", op_read_quantity, kReadQuantityFields, kReadQuantityResult, kReadQuantitySamples};

}  // namespace tally::api
