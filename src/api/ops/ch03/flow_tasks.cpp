// Chapter 3's closed forms about one task (§3.1.2, §3.2.2, §3.2.4):
//   percentile         nearest-rank p95 (rank ⌈p·n⌉)
//   state_time         byte·s under held state (Figure 3-3, Exercise 3-4)
//   steady_state       Little's law: λτ tasks and λ·M0·τ bytes waiting (Exercise 3-2)
//   success_cost       c/p and the success rate a costlier method needs (Figure 3-9, Exercise 3-3)
//   handoff_cost       c_dec + e·c_LLM and the break-even share (§3.2.4, Exercise 3-3)
//   critical_path      serial against parallel stages (Figures 3-11, 3-12, Exercise 3-4)
//   amdahl             one part sped up (Example 3-2, Exercise 3-4)
//   branch_state       branches sharing one prefix (Figure 3-13)
//   ced_expert_layers  V4.1 Flash's CED expert-layer sums (Figure 3-14)
#include "api/ops/ch03/ops.hpp"
#include "flow_read.hpp"

#include "api/errors.hpp"
#include "api/positive_decimal.hpp"
#include "core/ch03/branch_state.hpp"
#include "core/ch03/critical_path.hpp"
#include "core/ch03/percentile.hpp"
#include "core/ch03/state_time.hpp"
#include "core/ch03/success_cost.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using flow::Range;

constexpr std::size_t kMaxValues = 100000;
constexpr std::size_t kMaxSegments = 4096;
constexpr std::size_t kMaxStages = 256;
constexpr std::size_t kMaxBranches = 256;

Ratio top_decimal(const Json& req, const char* name, Range range) { return flow::decimal_at(req, name, "", range); }

Ratio top_decimal_or(const Json& req, const char* name, Range range, const Ratio& fallback) {
    return req.contains(name) ? top_decimal(req, name, range) : fallback;
}

std::string percent_text(const Ratio& share, unsigned places) { return fixed(share * Ratio(100), places) + "%"; }

std::string seconds_text(const Ratio& s, unsigned places) {
    return render(msg::flow_seconds_display, {{"value", fixed(s, places)}});
}

// ---- percentile -----------------------------------------------------------

constexpr FieldDecl kPercentileFields[] = {
    field::of_kind("values", FieldKind::List),
    field::integer("count", 1, kMaxCount),
    field::of_kind("p", FieldKind::Decimal, "0.95"),
};

Json op_percentile(const Json& req) {
    RequestFields f(req, kPercentileFields);
    // Ranges first, so a count out of range is named as such.
    const u128 count = f.has("count") ? f.integer("count") : 0;
    const Ratio level = req.contains("p") ? top_decimal(req, "p", Range::Fraction) : Ratio(95, 100);
    if (f.has("values") == f.has("count")) throw FieldError("values", msg::flow_percentile_source);
    Json r;
    r["p"] = exact_json(level);
    if (count != 0) {
        r["count"] = exact_json(count);
        r["rank"] = exact_json(ch03::nearest_rank(count, level));
        r["value"] = nullptr;
        return r;
    }
    const Json& list = flow::list_field(req, "values", kMaxValues);
    std::vector<Ratio> values;
    for (std::size_t i = 0; i < list.size(); ++i) {
        values.push_back(flow::decimal_value(list[i], flow::item_path("values", i), "values", Range::NonNegative));
    }
    const ch03::Percentile q = ch03::nearest_rank_percentile(std::move(values), level);
    r["count"] = exact_json(q.sorted.size());
    r["rank"] = exact_json(q.rank);
    r["value"] = exact_json(q.value);
    return r;
}

constexpr ResultDecl kPercentileResult[] = {
    result::exact("p"),
    result::exact("count"),
    result::exact("rank"),
    result::nullable(result::exact("value")),
};
constexpr const char* kPercentileSamples[] = {
    R"({"op":"percentile","values":["3.1","2.4","9.8","4.4"]})",
    R"({"op":"percentile","count":480})",
};

// ---- state_time -----------------------------------------------------------

constexpr FieldDecl kStateTimeFields[] = {field::of_kind("segments", FieldKind::List)};

Json op_state_time(const Json& req) {
    RequestFields f(req, kStateTimeFields);
    const Json& list = flow::list_field(req, "segments", kMaxSegments);
    std::vector<ch03::StateSegment> segments;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& s = flow::object_at(list, "segments", i, {"bytes", "seconds"});
        const std::string path = flow::item_path("segments", i);
        segments.push_back(
            {flow::decimal_at(s, "bytes", path, Range::NonNegative), flow::decimal_at(s, "seconds", path, Range::NonNegative)});
    }
    const ch03::StateTime st = ch03::state_time(segments);
    Json r;
    r["area"] = exact_json(st.area);
    r["area_display"] = bytes_binary_text(st.area) + "·s";
    r["seconds"] = exact_json(st.seconds);
    r["peak_bytes"] = exact_json(st.peak);
    return r;
}

constexpr ResultDecl kStateTimeResult[] = {
    result::exact("area"),
    result::display("area_display"),
    result::exact("seconds"),
    result::exact("peak_bytes"),
};
constexpr const char* kStateTimeSamples[] = {
    R"({"op":"state_time","segments":[{"bytes":"1073741824","seconds":"10"}]})",
};

// ---- steady_state ---------------------------------------------------------

constexpr FieldDecl kSteadyStateFields[] = {
    field::of_kind("rate", FieldKind::Decimal),
    field::of_kind("wait_seconds", FieldKind::Decimal),
    field::of_kind("state_bytes", FieldKind::Decimal, "0"),
};

Json op_steady_state(const Json& req) {
    RequestFields f(req, kSteadyStateFields);
    const Ratio rate = top_decimal(req, "rate", Range::NonNegative);
    const Ratio wait = top_decimal(req, "wait_seconds", Range::NonNegative);
    const Ratio state_bytes = top_decimal_or(req, "state_bytes", Range::NonNegative, Ratio(0));
    const ch03::SteadyState s = ch03::steady_state(rate, wait, state_bytes);
    Json r;
    r["tasks"] = exact_json(s.tasks);
    r["tasks_display"] = trimmed(s.tasks, 2);
    r["bytes"] = exact_json(s.bytes);
    r["bytes_display"] = bytes_binary_text(s.bytes);
    // One task's own state × time, M0·τ (Figure 3-3's rectangle).
    const Ratio task_area = state_bytes * wait;
    r["task_area"] = exact_json(task_area);
    r["task_area_display"] = bytes_binary_text(task_area) + "·s";
    return r;
}

constexpr ResultDecl kSteadyStateResult[] = {
    result::exact("tasks"),           result::display("tasks_display"), result::exact("bytes"),
    result::display("bytes_display"), result::exact("task_area"),       result::display("task_area_display"),
};
constexpr const char* kSteadyStateSamples[] = {
    R"({"op":"steady_state","rate":"2","wait_seconds":"10","state_bytes":"1073741824"})",
};

// ---- success_cost ---------------------------------------------------------

constexpr FieldDecl kSuccessCostFields[] = {
    field::of_kind("cost", FieldKind::Decimal),
    field::of_kind("success", FieldKind::Decimal),
    field::of_kind("new_cost", FieldKind::Decimal),
    field::of_kind("new_success", FieldKind::Decimal),
};

Json op_success_cost(const Json& req) {
    RequestFields f(req, kSuccessCostFields);
    const Ratio cost = top_decimal(req, "cost", Range::Positive), success = top_decimal(req, "success", Range::Fraction);
    Json r;
    const Ratio per_success = ch03::cost_per_success(cost, success);
    r["cost_per_success"] = exact_json(per_success);
    r["attempts_per_success"] = exact_json(Ratio(1) / success);
    if (f.has("new_success") && !f.has("new_cost")) throw FieldError("new_cost", msg::flow_new_cost_needed);
    if (!f.has("new_cost")) return r;
    const Ratio new_cost = top_decimal(req, "new_cost", Range::Positive);
    const Ratio needed = ch03::success_needed(cost, success, new_cost);
    r["success_needed"] = exact_json(needed);
    r["success_needed_display"] = percent_text(needed, 1);
    r["reachable"] = needed <= Ratio(1);
    if (!f.has("new_success")) return r;
    const Ratio new_per_success = ch03::cost_per_success(new_cost, top_decimal(req, "new_success", Range::Fraction));
    r["new_cost_per_success"] = exact_json(new_per_success);
    r["ratio"] = exact_json(new_per_success / per_success);
    r["cheaper"] = new_per_success < per_success;
    return r;
}

constexpr ResultDecl kSuccessCostResult[] = {
    result::exact("cost_per_success"),
    result::exact("attempts_per_success"),
    result::optional(result::exact("success_needed")),
    result::optional(result::display("success_needed_display")),
    result::optional(result::flag("reachable")),
    result::optional(result::exact("new_cost_per_success")),
    result::optional(result::exact("ratio")),
    result::optional(result::flag("cheaper")),
};
constexpr const char* kSuccessCostSamples[] = {
    R"({"op":"success_cost","cost":"1","success":"0.5","new_cost":"2","new_success":"0.8"})",
    R"({"op":"success_cost","cost":"1","success":"0.5","new_cost":"1.5"})",
};

// ---- handoff_cost ---------------------------------------------------------

constexpr FieldDecl kHandoffCostFields[] = {
    field::of_kind("decision_cost", FieldKind::Decimal),
    field::of_kind("llm_cost", FieldKind::Decimal),
    field::of_kind("handoff", FieldKind::Decimal, "0"),
};

Json op_handoff_cost(const Json& req) {
    RequestFields f(req, kHandoffCostFields);
    const Ratio decision_cost = top_decimal(req, "decision_cost", Range::Positive);
    const Ratio llm_cost = top_decimal(req, "llm_cost", Range::Positive);
    const Ratio handoff_share = top_decimal_or(req, "handoff", Range::Share, Ratio(0));
    const ch03::Handoff h = ch03::handoff(decision_cost, llm_cost, handoff_share);
    Json r;
    r["per_request"] = exact_json(h.per_request);
    r["break_even"] = exact_json(h.break_even);
    r["break_even_percent"] = exact_json(h.break_even * Ratio(100));
    r["break_even_display"] = percent_text(h.break_even, 2);
    r["success_ratio"] = exact_json(h.success_ratio);
    r["success_ratio_display"] = fixed(h.success_ratio, 2);
    return r;
}

constexpr ResultDecl kHandoffCostResult[] = {
    result::exact("per_request"),          result::exact("break_even"),    result::exact("break_even_percent"),
    result::display("break_even_display"), result::exact("success_ratio"), result::display("success_ratio_display"),
};
constexpr const char* kHandoffCostSamples[] = {
    R"({"op":"handoff_cost","decision_cost":"0.000081","llm_cost":"0.013880","handoff":"0.01"})",
};

// ---- critical_path --------------------------------------------------------

constexpr FieldDecl kCriticalPathFields[] = {
    field::of_kind("stages", FieldKind::List),
    field::of_kind("state_bytes", FieldKind::Decimal, "0"),
};

std::vector<ch03::Stage> stages_of(const Json& req) {
    const Json& list = flow::list_field(req, "stages", kMaxStages);
    std::vector<ch03::Stage> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& s = flow::object_at(list, "stages", i, {"kind", "seconds"});
        const std::string path = flow::item_path("stages", i);
        ch03::Stage stage;
        const std::string kind_path = flow::member_path(path, "kind");
        const Json kind = s.contains("kind") ? s["kind"] : Json("model");
        if (!kind.is_string() || (kind.get<std::string>() != "model" && kind.get<std::string>() != "tool")) {
            throw FieldError(kind_path, msg::flow_stage_kind, {{"field", kind_path}, {"received", kind.dump()}});
        }
        stage.tool = kind.get<std::string>() == "tool";
        const std::string seconds_path = flow::member_path(path, "seconds");
        const Json& branches = flow::list_at(s, "seconds", path, kMaxBranches);
        for (std::size_t b = 0; b < branches.size(); ++b) {
            stage.branches.push_back(
                flow::decimal_value(branches[b], flow::item_path(seconds_path, b), "seconds", Range::NonNegative));
        }
        out.push_back(stage);
    }
    return out;
}

Json op_critical_path(const Json& req) {
    RequestFields f(req, kCriticalPathFields);
    const ch03::CriticalPath c = ch03::critical_path(stages_of(req));
    const Ratio held = top_decimal_or(req, "state_bytes", Range::NonNegative, Ratio(0));
    Json r;
    r["serial"] = exact_json(c.serial);
    r["parallel"] = exact_json(c.parallel);
    r["saved"] = exact_json(c.serial - c.parallel);
    r["work"] = exact_json(c.work);
    r["tool_work"] = exact_json(c.tool_work);
    r["tool_wait_serial"] = exact_json(c.tool_wait_serial);
    r["tool_wait_parallel"] = exact_json(c.tool_wait_parallel);
    r["state_time_serial"] = exact_json(held * c.tool_wait_serial);
    r["state_time_parallel"] = exact_json(held * c.tool_wait_parallel);
    r["state_time_serial_display"] = bytes_binary_text(held * c.tool_wait_serial) + "·s";
    r["state_time_parallel_display"] = bytes_binary_text(held * c.tool_wait_parallel) + "·s";
    return r;
}

constexpr ResultDecl kCriticalPathResult[] = {
    result::exact("serial"),
    result::exact("parallel"),
    result::exact("saved"),
    result::exact("work"),
    result::exact("tool_work"),
    result::exact("tool_wait_serial"),
    result::exact("tool_wait_parallel"),
    result::exact("state_time_serial"),
    result::exact("state_time_parallel"),
    result::display("state_time_serial_display"),
    result::display("state_time_parallel_display"),
};
constexpr const char* kCriticalPathSamples[] = {
    R"({"op":"critical_path","stages":[{"kind":"model","seconds":["2"]},{"kind":"tool","seconds":["6","10"]},{"kind":"model","seconds":["3"]}],"state_bytes":"1073741824"})",
};

// ---- amdahl ---------------------------------------------------------------

constexpr FieldDecl kAmdahlFields[] = {
    field::of_kind("total", FieldKind::Decimal),       field::of_kind("part", FieldKind::Decimal),
    field::of_kind("speedup", FieldKind::Decimal),     field::of_kind("added", FieldKind::Decimal, "0"),
    field::of_kind("time_unit", FieldKind::Text, "s"),
};

// The unit `total` and `part` are in, for the displays only (Example 3-2
// is in seconds, chapter 5's Example 5-2 in μs).
std::string time_text(const Ratio& t, unsigned places, const std::string& unit) {
    if (unit == "ms") return render(msg::flow_ms_display, {{"value", fixed(t, places)}});
    if (unit == "us") return fixed(t, places) + " μs";
    return seconds_text(t, places);
}

Json op_amdahl(const Json& req) {
    RequestFields f(req, kAmdahlFields);
    const Ratio total = top_decimal(req, "total", Range::Positive), part = top_decimal(req, "part", Range::Positive);
    if (total < part) {
        throw FieldError("part", msg::flow_part_exceeds_total, {{"part", trimmed(part, 6)}, {"total", trimmed(total, 6)}});
    }
    const Ratio speedup = top_decimal(req, "speedup", Range::Positive);
    // Serial time the change brings (Exercise 8-8's draft preparation); none by default.
    const Ratio added = top_decimal_or(req, "added", Range::NonNegative, Ratio(0));
    const ch03::Amdahl a = ch03::amdahl(total, part, speedup, added);
    const std::string unit = f.text_or("time_unit");
    if (unit != "s" && unit != "ms" && unit != "us") {
        throw FieldError("time_unit", msg::flow_time_unit, {{"received", received_text(f.raw("time_unit"))}});
    }
    // A part made slower "saves" a negative time: exact values are
    // unsigned, so the size goes to `lost` instead of `saved`, and the
    // signed texts carry the minus sign for whoever wants one number.
    const std::string sign = a.slower ? "-" : "";
    const std::string minus = a.slower ? "−" : "";
    Json r;
    r["total_after"] = exact_json(a.total_after);
    r["total_after_display"] = time_text(a.total_after, 3, unit);
    r["slower"] = a.slower;
    r[a.slower ? "lost" : "saved"] = exact_json(a.saved);
    r["saved_signed"] = sign + to_exact_text(a.saved);
    r["saved_display"] = minus + time_text(a.saved, 3, unit);
    r["speedup"] = exact_json(a.speedup);
    r["speedup_display"] = fixed(a.speedup, 2);
    r["share"] = exact_json(a.share);
    r["share_percent"] = exact_json(a.share * Ratio(100));
    if (!a.slower) {
        r["saved_share"] = exact_json(a.saved_share);
        r["saved_percent"] = exact_json(a.saved_share * Ratio(100));
    }
    r["saved_percent_display"] = minus + percent_text(a.saved_share, 1);
    r["rest"] = exact_json(a.rest);
    r["rest_display"] = time_text(a.rest, 3, unit);
    r["limit_speedup"] = a.limit_speedup ? exact_json(*a.limit_speedup) : Json(nullptr);
    r["limit_speedup_display"] = a.limit_speedup ? Json(fixed(*a.limit_speedup, 2)) : Json(nullptr);
    return r;
}

constexpr ResultDecl kAmdahlResult[] = {
    result::exact("total_after"),
    result::display("total_after_display"),
    result::flag("slower"),
    result::optional(result::exact("saved")),
    result::optional(result::exact("lost")),
    result::text("saved_signed"),
    result::display("saved_display"),
    result::exact("speedup"),
    result::display("speedup_display"),
    result::exact("share"),
    result::exact("share_percent"),
    result::optional(result::exact("saved_share")),
    result::optional(result::exact("saved_percent")),
    result::display("saved_percent_display"),
    result::exact("rest"),
    result::display("rest_display"),
    result::nullable(result::exact("limit_speedup")),
    result::nullable(result::display("limit_speedup_display")),
};
constexpr const char* kAmdahlSamples[] = {
    R"({"op":"amdahl","total":"76.510","part":"36.375","speedup":"4"})",
    R"({"op":"amdahl","total":"76.510","part":"36.375","speedup":"0.5"})",
    R"({"op":"amdahl","total":"35","part":"20","speedup":"4","time_unit":"us"})",
    R"({"op":"amdahl","total":"100","part":"50","speedup":"4","added":"8"})",
};

// ---- branch_state ---------------------------------------------------------

constexpr FieldDecl kBranchStateFields[] = {
    field::of_kind("bytes_per_token", FieldKind::Decimal),
    field::integer("prefix", 0, kMaxCount),
    field::of_kind("tails", FieldKind::List),
};

Json op_branch_state(const Json& req) {
    RequestFields f(req, kBranchStateFields);
    const Ratio per_token = top_decimal(req, "bytes_per_token", Range::Positive);
    const u128 prefix = f.integer("prefix");
    const Json& list = flow::list_field(req, "tails", kMaxBranches);
    std::vector<u128> tails;
    for (std::size_t i = 0; i < list.size(); ++i) {
        tails.push_back(flow::count_value(list[i], flow::item_path("tails", i), "tails", kMaxCount, 0));
    }
    const ch03::BranchState b = ch03::branch_state(per_token, prefix, tails);
    Json r;
    r["branches"] = exact_json(tails.size());
    r["shared_tokens"] = exact_json(b.shared_tokens);
    r["shared_bytes"] = exact_json(b.shared_bytes);
    r["shared_display"] = bytes_binary_text(b.shared_bytes);
    r["copied_tokens"] = exact_json(b.copied_tokens);
    r["copied_bytes"] = exact_json(b.copied_bytes);
    r["copied_display"] = bytes_binary_text(b.copied_bytes);
    r["saved_bytes"] = exact_json(b.copied_bytes - b.shared_bytes);
    r["saved_display"] = bytes_binary_text(b.copied_bytes - b.shared_bytes);
    return r;
}

constexpr ResultDecl kBranchStateResult[] = {
    result::exact("branches"),         result::exact("shared_tokens"), result::exact("shared_bytes"),
    result::display("shared_display"), result::exact("copied_tokens"), result::exact("copied_bytes"),
    result::display("copied_display"), result::exact("saved_bytes"),   result::display("saved_display"),
};
constexpr const char* kBranchStateSamples[] = {
    R"({"op":"branch_state","bytes_per_token":"147456","prefix":4096,"tails":[512,256]})",
};

// ---- ced_expert_layers ----------------------------------------------------

constexpr FieldDecl kCedLayersFields[] = {
    field::integer("input", 1, kMaxCount),
    field::integer("encoder_layers", 1, 4096, "20"),
    field::integer("decoder_layers", 1, 4096, "20"),
    field::integer("window", 0, kMaxCount, "128"),
};

Json op_ced_expert_layers(const Json& req) {
    RequestFields f(req, kCedLayersFields);
    const u128 input = f.integer("input");
    const u128 encoder_layers = f.integer_or("encoder_layers");
    const u128 decoder_layers = f.integer_or("decoder_layers");
    const u128 window = f.integer_or("window");
    const ch03::CedLayers c = ch03::ced_expert_layers(input, encoder_layers, decoder_layers, window);
    Json r;
    r["full"] = exact_json(c.full);
    r["ced"] = exact_json(c.ced);
    r["share"] = exact_json(c.share);
    r["share_percent"] = exact_json(c.share * Ratio(100));
    r["share_display"] = percent_text(c.share, 1);
    return r;
}

constexpr ResultDecl kCedLayersResult[] = {
    result::exact("full"),
    result::exact("ced"),
    result::exact("share"),
    result::exact("share_percent"),
    result::display("share_display"),
};
constexpr const char* kCedLayersSamples[] = {
    R"({"op":"ced_expert_layers","input":8192})",
};

}  // namespace

const OpDef kPercentileOp = {"percentile", op_percentile, kPercentileFields, kPercentileResult, kPercentileSamples};
const OpDef kStateTimeOp = {"state_time", op_state_time, kStateTimeFields, kStateTimeResult, kStateTimeSamples};
const OpDef kSteadyStateOp = {"steady_state", op_steady_state, kSteadyStateFields, kSteadyStateResult, kSteadyStateSamples};
const OpDef kSuccessCostOp = {"success_cost", op_success_cost, kSuccessCostFields, kSuccessCostResult, kSuccessCostSamples};
const OpDef kHandoffCostOp = {"handoff_cost", op_handoff_cost, kHandoffCostFields, kHandoffCostResult, kHandoffCostSamples};
const OpDef kCriticalPathOp = {"critical_path", op_critical_path, kCriticalPathFields, kCriticalPathResult, kCriticalPathSamples};
const OpDef kAmdahlOp = {"amdahl", op_amdahl, kAmdahlFields, kAmdahlResult, kAmdahlSamples};
const OpDef kBranchStateOp = {"branch_state", op_branch_state, kBranchStateFields, kBranchStateResult, kBranchStateSamples};
const OpDef kCedExpertLayersOp = {"ced_expert_layers", op_ced_expert_layers, kCedLayersFields, kCedLayersResult,
                                  kCedLayersSamples};

}  // namespace tally::api
