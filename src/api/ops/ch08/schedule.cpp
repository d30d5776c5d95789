// The step_time and iteration_schedule ops (§8.2.2, §8.2.3, Figures 8-5 …
// 8-7, Exercise 8-2).  step_time (§8.2.2, §8.2.3, Exercise 8-2): one engine iteration's
// time from Experiment 8-1's fitted model, base + per new position + per
// causal pair, for a step made of parts (a prefill chunk, a decode
// position) each adding new positions after a cached history.  The
// defaults are the fit as efficiency.json stores it (26,223,442 ns,
// 30,411.1 ns, 3 ns); the chapter's worked case prints them rounded
// (26.22 ms, 30.4 μs, 3 ns), and a request may send those.
#include "api/ops/ch08/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch08/iteration_schedule.hpp"
#include "core/ch08/step_time.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxParts = 1024;

constexpr FieldDecl kStepTimeFields[] = {
    field::of_kind("parts", FieldKind::List),
    field::of_kind("base_ms", FieldKind::Decimal, "26.223442"),
    field::of_kind("per_token_us", FieldKind::Decimal, "30.4111"),
    field::of_kind("per_pair_ns", FieldKind::Decimal, "3"),
};

std::vector<ch08::StepPart> parts_of(const Json& req) {
    if (!req.contains("parts") || !req["parts"].is_array() || req["parts"].empty() || req["parts"].size() > kMaxParts) {
        throw FieldError("parts", msg::ch08_list_size,
                         {{"label", ch08_fields::label("parts")}, {"max", std::to_string(kMaxParts)}});
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

ch08::StepFit fit_of(const RequestFields& f) {
    ch08::StepFit fit;
    fit.base_ms = ch08_fields::nonnegative_or(f, "base_ms", "26.223442");
    fit.per_token_us = ch08_fields::nonnegative_or(f, "per_token_us", "30.4111");
    fit.per_pair_ns = ch08_fields::nonnegative_or(f, "per_pair_ns", "3");
    return fit;
}

Json op_step_time(const Json& req) {
    RequestFields f(req, kStepTimeFields);
    const std::vector<ch08::StepPart> parts = parts_of(req);
    const ch08::StepFit fit = fit_of(f);
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
    result::exact("new_positions"), result::exact("pairs"),   result::exact_list("part_pairs"), result::exact("base_ms"),
    result::exact("token_ms"),      result::exact("pair_ms"), result::exact("step_ms"),         result::display("step_display"),
};
constexpr const char* kStepTimeSamples[] = {
    R"({"op":"step_time","parts":[{"new":2048},{"new":2048}],"base_ms":"26.22","per_token_us":"30.4"})",
    R"({"op":"step_time","parts":[{"new":1,"history":2048}]})",
    R"({"op":"step_time","parts":[{"new":512,"history":7680}]})",
};

// ---- iteration_schedule ------------------------------------------------------

constexpr std::size_t kMaxArrivals = 16;
constexpr u128 kMaxInput = 65536;
constexpr u128 kMaxOutputs = 1024;

constexpr FieldDecl kScheduleFields[] = {
    field::of_kind("arrivals", FieldKind::List),
    field::of_kind("policy", FieldKind::Text, "continuous"),
    field::integer("max_running", 1, kMaxArrivals, "2"),
    field::integer("chunk", 64, kMaxInput, "2048"),
    field::integer("token_budget", 64, kMaxInput, "4096"),
    field::of_kind("base_ms", FieldKind::Decimal, "26.223442"),
    field::of_kind("per_token_us", FieldKind::Decimal, "30.4111"),
    field::of_kind("per_pair_ns", FieldKind::Decimal, "3"),
};

// `arrivals`: [{arrive_ms, input, generated}] in order of arrival.
std::vector<ch08::Arrival> arrivals_of(const Json& req) {
    if (!req.contains("arrivals") || !req["arrivals"].is_array() || req["arrivals"].empty() ||
        req["arrivals"].size() > kMaxArrivals) {
        throw FieldError("arrivals", msg::ch08_list_size,
                         {{"label", ch08_fields::label("arrivals")}, {"max", std::to_string(kMaxArrivals)}});
    }
    std::vector<ch08::Arrival> out;
    const Json& list = req["arrivals"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "arrivals[" + std::to_string(i) + "]";
        const Json& item = list[i];
        if (!item.is_object()) throw FieldError(path, msg::ch08_arrival_object, {{"label", path}});
        for (auto it = item.begin(); it != item.end(); ++it) {
            if (it.key() != "arrive_ms" && it.key() != "input" && it.key() != "generated") {
                throw FieldError(path + "." + it.key(), msg::ch08_arrival_object, {{"label", path}});
            }
        }
        ch08::Arrival a;
        a.arrive_ms = item.contains("arrive_ms") ? ch08_fields::nonnegative_in(item, "arrive_ms", path) : Ratio(0);
        a.input = ch08_fields::count_in(item, "input", path, 1, kMaxInput);
        a.outputs = ch08_fields::count_in(item, "generated", path, 1, kMaxOutputs);
        if (!out.empty() && a.arrive_ms < out.back().arrive_ms) {
            throw FieldError(path + ".arrive_ms", msg::ch08_arrivals_order, {{"label", ch08_fields::label("arrivals")}});
        }
        out.push_back(a);
    }
    return out;
}

ch08::Policy policy_of(const RequestFields& f) {
    const std::string p = f.text_or("policy");
    if (p == "fixed") return ch08::Policy::Fixed;
    if (p == "continuous") return ch08::Policy::Continuous;
    if (p == "chunked") return ch08::Policy::Chunked;
    throw FieldError("policy", msg::ch08_policy_unknown, {{"label", ch08_fields::label("policy")}});
}

std::string request_id(std::size_t i) { return "r" + std::to_string(i); }

Json op_iteration_schedule(const Json& req) {
    RequestFields f(req, kScheduleFields);
    ch08::ScheduleInput in;
    in.arrivals = arrivals_of(req);
    in.policy = policy_of(f);
    in.max_running = f.integer_or("max_running");
    in.chunk = f.integer_or("chunk");
    in.token_budget = f.integer_or("token_budget");
    in.fit = fit_of(f);
    const ch08::Schedule s = ch08::iteration_schedule(in);
    Json iterations = Json::array();
    // One band per request per stretch of its life, for a timeline drawn by
    // request (Figures 8-5 … 8-7): waiting from arrival to admission, then
    // each iteration's prefill (a whole input or a chunk) or decode position.
    Json bands = Json::array();
    const auto band = [&bands](std::size_t request, const char* kind, const Ratio& start, const Ratio& end) {
        bands.push_back({{"request", request_id(request)},
                         {"kind", kind},
                         {"start_ms", exact_json(start)},
                         {"end_ms", exact_json(end)},
                         {"start_display", fixed(start, 1)},
                         {"end_display", fixed(end, 1)}});
    };
    for (std::size_t i = 0; i < s.requests.size(); ++i) {
        if (in.arrivals[i].arrive_ms < s.requests[i].start_ms) band(i, "wait", in.arrivals[i].arrive_ms, s.requests[i].start_ms);
    }
    for (const ch08::Iteration& it : s.iterations) {
        for (const ch08::IterationWork& w : it.work) band(w.request, w.prefill ? "prefill" : "decode", it.start_ms, it.end_ms);
    }
    for (const ch08::Iteration& it : s.iterations) {
        Json decode = Json::array();
        Json prefill = Json::array();
        Json prefill_positions = Json::array();
        for (const ch08::IterationWork& w : it.work) {
            if (!w.prefill) {
                decode.push_back(request_id(w.request));
                continue;
            }
            prefill.push_back(request_id(w.request));
            prefill_positions.push_back(exact_json(Ratio(w.positions)));
        }
        iterations.push_back({{"start_ms", exact_json(it.start_ms)},
                              {"end_ms", exact_json(it.end_ms)},
                              {"step_ms", exact_json(it.step.total_ms)},
                              {"new_positions", exact_json(Ratio(it.step.new_positions))},
                              {"pairs", exact_json(Ratio(it.step.pairs))},
                              {"decode", decode},
                              {"prefill", prefill},
                              {"prefill_positions", prefill_positions}});
    }
    Json requests = Json::array();
    for (std::size_t i = 0; i < s.requests.size(); ++i) {
        const ch08::RequestTimes& t = s.requests[i];
        requests.push_back({{"id", request_id(i)},
                            {"arrive_ms", exact_json(in.arrivals[i].arrive_ms)},
                            {"start_ms", exact_json(t.start_ms)},
                            {"first_token_ms", exact_json(t.first_token_ms)},
                            {"finish_ms", exact_json(t.finish_ms)},
                            {"max_gap_ms", exact_json(t.max_gap_ms)}});
    }
    Json r;
    r["total_ms"] = exact_json(s.total_ms);
    r["total_display"] = fixed(s.total_ms, 0) + " ms";
    r["max_gap_ms"] = exact_json(s.max_gap_ms);
    r["max_gap_display"] = fixed(s.max_gap_ms, 0) + " ms";
    r["requests"] = requests;
    r["iterations"] = iterations;
    r["bands"] = bands;
    return r;
}

constexpr ResultDecl kScheduleRequestItems[] = {
    result::text("id"),         result::exact("arrive_ms"),  result::exact("start_ms"), result::exact("first_token_ms"),
    result::exact("finish_ms"), result::exact("max_gap_ms"),
};
constexpr ResultDecl kScheduleIterationItems[] = {
    result::exact("start_ms"), result::exact("end_ms"),     result::exact("step_ms"),     result::exact("new_positions"),
    result::exact("pairs"),    result::text_list("decode"), result::text_list("prefill"), result::exact_list("prefill_positions"),
};
constexpr ResultDecl kScheduleBandItems[] = {
    result::text("request"),          result::text("kind"),           result::exact("start_ms"), result::exact("end_ms"),
    result::display("start_display"), result::display("end_display"),
};
constexpr ResultDecl kScheduleResult[] = {
    result::exact("total_ms"),
    result::display("total_display"),
    result::exact("max_gap_ms"),
    result::display("max_gap_display"),
    result::list("requests", kScheduleRequestItems),
    result::list("iterations", kScheduleIterationItems),
    result::list("bands", kScheduleBandItems),
};
constexpr const char* kScheduleSamples[] = {
    R"({"op":"iteration_schedule","policy":"fixed","arrivals":[{"input":2048,"generated":8},{"input":2048,"generated":2},{"arrive_ms":"20","input":8192,"generated":2},{"arrive_ms":"30","input":2048,"generated":4}],"base_ms":"26.22","per_token_us":"30.4"})",
    R"({"op":"iteration_schedule","arrivals":[{"input":2048,"generated":8},{"input":2048,"generated":2},{"arrive_ms":"20","input":8192,"generated":2},{"arrive_ms":"30","input":2048,"generated":4}]})",
    R"({"op":"iteration_schedule","policy":"chunked","arrivals":[{"input":2048,"generated":8},{"input":2048,"generated":2},{"arrive_ms":"20","input":8192,"generated":2},{"arrive_ms":"30","input":2048,"generated":4}]})",
    R"({"op":"iteration_schedule","arrivals":[{"arrive_ms":"100","input":16,"generated":1}]})",
};

}  // namespace

const OpDef kIterationScheduleOp = {"iteration_schedule", op_iteration_schedule, kScheduleFields, kScheduleResult,
                                    kScheduleSamples};
const OpDef kStepTimeOp = {"step_time", op_step_time, kStepTimeFields, kStepTimeResult, kStepTimeSamples};

}  // namespace tally::api
