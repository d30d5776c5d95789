// The step_time op (§8.2.2, §8.2.3, Exercise 8-2): one engine iteration's
// time from Experiment 8-1's fitted model, base + per new position + per
// causal pair, for a step made of parts (a prefill chunk, a decode
// position) each adding new positions after a cached history.  The
// defaults are the fit as efficiency.json stores it (26,223,442 ns,
// 30,411.1 ns, 3 ns); the chapter's worked case prints them rounded
// (26.22 ms, 30.4 μs, 3 ns), and a request may send those.
#include "api/ops/ch08/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch08/step_time.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxParts = 1024;
constexpr u128 kMaxPositions = u128{1} << 24;

constexpr FieldDecl kStepTimeFields[] = {
    field::of_kind("parts", FieldKind::List),
    field::of_kind("base_ms", FieldKind::Decimal, "26.223442"),
    field::of_kind("per_token_us", FieldKind::Decimal, "30.4111"),
    field::of_kind("per_pair_ns", FieldKind::Decimal, "3"),
};

std::vector<ch08::StepPart> parts_of(const Json& req) {
    if (!req.contains("parts") || !req["parts"].is_array() || req["parts"].empty() || req["parts"].size() > kMaxParts) {
        throw FieldError("parts", msg::ch08_list_size, {{"label", ch08_fields::label("parts")}, {"max", std::to_string(kMaxParts)}});
    }
    std::vector<ch08::StepPart> out;
    const Json& list = req["parts"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "parts[" + std::to_string(i) + "]";
        const Json& item = list[i];
        if (!item.is_object()) throw FieldError(path, msg::ch08_part_object, {{"label", path}});
        for (auto it = item.begin(); it != item.end(); ++it) {
            if (it.key() != "new" && it.key() != "history") {
                throw FieldError(path + "." + it.key(), msg::ch08_part_object, {{"label", path}});
            }
        }
        ch08::StepPart p;
        p.new_positions = ch08_fields::count_in(item, "new", path, 1, kMaxPositions);
        p.history = item.contains("history") ? ch08_fields::count_in(item, "history", path, 0, kMaxPositions) : 0;
        out.push_back(p);
    }
    return out;
}

Json op_step_time(const Json& req) {
    RequestFields f(req, kStepTimeFields);
    const std::vector<ch08::StepPart> parts = parts_of(req);
    ch08::StepFit fit;
    fit.base_ms = ch08_fields::nonnegative_or(f, "base_ms", "26.223442");
    fit.per_token_us = ch08_fields::nonnegative_or(f, "per_token_us", "30.4111");
    fit.per_pair_ns = ch08_fields::nonnegative_or(f, "per_pair_ns", "3");
    const ch08::StepTime t = ch08::step_time(parts, fit);
    Json r;
    r["new_positions"] = exact_json(Ratio(t.new_positions));
    r["pairs"] = exact_json(Ratio(t.pairs));
    Json pairs = Json::array();
    for (const ch08::StepPart& p : parts) pairs.push_back(exact_json(Ratio(ch08::causal_pairs(p))));
    r["part_pairs"] = pairs;
    r["base_ms"] = exact_json(t.base_ms);
    r["token_ms"] = exact_json(t.token_ms);
    r["pair_ms"] = exact_json(t.pair_ms);
    r["step_ms"] = exact_json(t.total_ms);
    r["step_display"] = fixed(t.total_ms, 2) + " ms";
    return r;
}

constexpr ResultDecl kStepTimeResult[] = {
    result::exact("new_positions"), result::exact("pairs"),   result::exact_list("part_pairs"),
    result::exact("base_ms"),       result::exact("token_ms"), result::exact("pair_ms"),
    result::exact("step_ms"),       result::display("step_display"),
};
constexpr const char* kStepTimeSamples[] = {
    R"({"op":"step_time","parts":[{"new":2048},{"new":2048}],"base_ms":"26.22","per_token_us":"30.4"})",
    R"({"op":"step_time","parts":[{"new":1,"history":2048}]})",
    R"({"op":"step_time","parts":[{"new":512,"history":7680}]})",
};

}  // namespace

const OpDef kStepTimeOp = {"step_time", op_step_time, kStepTimeFields, kStepTimeResult, kStepTimeSamples};

}  // namespace tally::api
