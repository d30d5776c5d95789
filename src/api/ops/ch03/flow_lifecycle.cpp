// Chapter 3's life-cycle arithmetic (§3.6.1):
//   lifecycle_cost    training 6ND and one call 2N[P + (G − 1)] in GPU time, and
//                     where consecutive models' cost lines cross (Figure 3-29);
//                     D as sent, or read off a scaling fit at a target loss
//   chinchilla_alloc  the compute-optimal exponents β/(α+β), α/(α+β) and what a
//                     budget k times larger does to N and D
#include <optional>
#include <string>
#include <vector>

#include "api/ops/ch03/ops.hpp"
#include "flow_display.hpp"
#include "flow_read.hpp"
#include "flow_scaling.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "core/ch03/approximate.hpp"
#include "core/ch03/lifecycle.hpp"
#include "core/ch03/scaling_fit.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using flow::approximate_text;
using flow::Range;
using flow::scientific;
using flow::short_count;
using flow::significant;

// A count in the edition's magnitude words to four significant digits: "2.048 億", "204.8 million".
std::string calls_text(const Ratio& calls) {
    const CountMagnitude m = count_magnitude(calls);
    if (*m.word == '\0') return fixed(calls, 0);
    return significant(calls / m.factor, 4) + " " + m.word;
}

// ---- lifecycle_cost -------------------------------------------------------

constexpr FieldDecl kLifecycleFields[] = {
    field::of_kind("models", FieldKind::List),
    field::integer("prompt", 1, kMaxCount, "512"),
    field::integer("output", 1, kMaxCount, "128"),
    field::of_kind("gpu", FieldKind::Text),
    field::of_kind("peak_tflops", FieldKind::Decimal, "989.4"),
    field::of_kind("mfu", FieldKind::Decimal, "0.4"),
    field::of_kind("fit", FieldKind::Object),
    field::of_kind("target_loss", FieldKind::Decimal),
    field::of_kind("calls", FieldKind::Decimal),
};

// One model of the request: N, and D either as sent or derived from the fit.
struct ModelRow {
    std::string id;
    ch03::LifecycleModel model;
    bool derived = false;      // D read off the fitted law at target_loss
    bool outside_fit = false;  // (N, D) outside the runs the law was fitted on
    bool feasible = true;      // false: the law's floor for this N lies above the target
    double floor = 0;          // that floor, when not feasible
};

constexpr double kMostDerivedTokens = 1e30;

std::string floor_text(double floor) { return ch03::roundable(floor, 3) ? flow::decimal_text(floor, 3) : "> 10^18"; }

MessageParams unreachable_params(const std::string& field, const ModelRow& row, const Ratio& target) {
    return {{"field", field},
            {"params", short_count(row.model.params)},
            {"floor", floor_text(row.floor)},
            {"target", trimmed(target, 4)}};
}

// The D at which the fitted law reaches the target loss, to 4 decimals as an
// exact value so that everything after it stays exact.  A model whose floor
// lies above the target cannot get there with any data: the row says so
// (feasible = false, with the floor) and the other models are still priced,
// as in the book's calculator.
void derive_tokens(const flow::ScalingRun& run, const Ratio& target, ModelRow& row) {
    const Ratio& params = row.model.params;
    const double goal = ch03::to_double(target);
    const std::optional<double> d = ch03::tokens_for_loss(run.fit.law, params, goal, run.params_scale, run.tokens_scale);
    if (!d) {
        row.feasible = false;
        row.floor = ch03::loss_floor(run.fit.law, params, run.params_scale);
        return;
    }
    // Beyond 10^30 tokens the number is an overflow, not a plan (a tiny β
    // puts D at B/room to the power 1/β); below one token the target sits
    // so far above the floor that the law no longer describes training.
    // Either way the row would read "D 0, 0 FLOPs" or worse.
    if (!(*d <= kMostDerivedTokens) || *d < 1) {
        throw FieldError("target_loss", *d < 1 ? msg::flow_lifecycle_tokens_too_few : msg::flow_lifecycle_tokens_too_many,
                         {{"field", "target_loss"}, {"params", short_count(params)}, {"target", trimmed(target, 4)}});
    }
    row.model.tokens = ch03::rounded_ratio(*d, 4);
}

std::vector<ModelRow> read_models(const Json& req, const RequestFields& f) {
    const Json& list = flow::list_field(req, "models", 64);
    std::optional<flow::ScalingRun> run;
    Ratio target;
    if (f.has("fit")) {
        if (!req.at("fit").is_object()) throw FieldError("fit", msg::spec_not_object, {{"field", "fit"}});
        run = flow::run_scaling_fit(req.at("fit"), "fit");
        target = flow::decimal_at(req, "target_loss", "", Range::Positive);  // the fit needs a target
    }
    std::vector<ModelRow> rows;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& item = flow::object_at(list, "models", i, {"id", "params", "tokens"});
        const std::string path = flow::item_path("models", i);
        ModelRow row;
        row.id = item.contains("id") && item["id"].is_string() ? item["id"].get<std::string>() : std::to_string(i);
        row.model.params = flow::decimal_at(item, "params", path, Range::Positive);
        row.derived = run && !item.contains("tokens");
        if (row.derived) {
            derive_tokens(*run, target, row);
        } else {
            row.model.tokens = flow::decimal_at(item, "tokens", path, Range::NonNegative);
        }
        if (run && row.feasible) row.outside_fit = !ch03::fit_box(run->points).contains(row.model.params, row.model.tokens);
        rows.push_back(row);
    }
    // With no model able to reach the target there is nothing to price: say
    // why for the first one.
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].feasible) return rows;
    }
    const std::string field = flow::member_path(flow::item_path("models", 0), "params");
    throw FieldError(field, msg::flow_lifecycle_unreachable, unreachable_params(field, rows[0], target));
}

// The row of a model that cannot reach the target: its floor, no prices.
Json unreachable_row(const ModelRow& model, const Ratio& target) {
    const MessageText words = message_text(msg::flow_lifecycle_unreachable);
    const MessageParams params = unreachable_params("", model, target);
    Json row = {{"id", model.id},
                {"label_display", model.id},
                {"feasible", false},
                {"floor_display", floor_text(model.floor)},
                {"status_display", render_template(words.detail ? words.detail : words.message, params)},
                {"tokens_display", "—"},
                {"tokens_derived", true},
                {"outside_fit", false},
                {"training_flops_display", "—"},
                {"training_gpu_hours_display", "—"},
                {"per_call_display", "—"},
                {"next_crossover_display", "—"}};
    return row;
}

Json op_lifecycle_cost(const Json& req) {
    RequestFields f(req, kLifecycleFields);
    const std::vector<ModelRow> read = read_models(req, f);
    // The core prices the models that can reach the target; crossings are
    // between consecutive priced models.
    std::vector<ch03::LifecycleModel> models;
    std::vector<std::string> ids;
    std::vector<std::size_t> priced_index(read.size(), 0);
    for (std::size_t i = 0; i < read.size(); ++i) {
        if (!read[i].feasible) continue;
        priced_index[i] = models.size();
        models.push_back(read[i].model);
        ids.push_back(read[i].id);
    }
    const u128 prompt = f.integer_or("prompt");
    const u128 output = f.integer_or("output");
    // `gpu` supplies the BF16 peak the request leaves out (the default is H100 SXM's).
    const std::optional<Ratio> gpu_peak = gpu_peak_tflops(f, "bf16", describe_field("peak_tflops"));
    const Ratio peak = gpu_peak               ? *gpu_peak
                       : f.has("peak_tflops") ? flow::decimal_at(req, "peak_tflops", "", Range::Positive)
                                              : Ratio(9894, 10);
    const Ratio mfu = f.has("mfu") ? flow::decimal_at(req, "mfu", "", Range::Fraction) : Ratio(2, 5);
    const Ratio target = f.has("target_loss") ? flow::decimal_at(req, "target_loss", "", Range::Positive) : Ratio(0);
    const ch03::Lifecycle life = ch03::lifecycle_cost(models, prompt, output, peak, mfu);
    // Where a chart of the cost lines ends: each priced row's cost there.
    const std::optional<Ratio> axis_calls =
        f.has("calls") ? std::optional<Ratio>(flow::decimal_at(req, "calls", "", Range::Positive)) : std::nullopt;

    Json crossovers = Json::array();
    std::vector<std::string> next_display;
    for (std::size_t i = 0; i < life.crossovers.size(); ++i) {
        const ch03::LifecycleCrossover& x = life.crossovers[i];
        const std::string& first = x.a_cheaper_first ? ids[i] : ids[i + 1];
        const std::string& other = x.a_cheaper_first ? ids[i + 1] : ids[i];
        Json c;
        c["id"] = ids[i] + "-" + ids[i + 1];
        c["left"] = ids[i];
        c["right"] = ids[i + 1];
        c["crosses"] = x.crosses;
        c["cheaper_first"] = first;
        c["cheaper_after"] = x.crosses ? other : first;
        c["extra_training_gpu_seconds"] = exact_json(x.extra_training_gpu_seconds);
        c["extra_training_gpu_hours"] = exact_json(x.extra_training_gpu_seconds / Ratio(3600));
        c["extra_training_display"] = fixed(x.extra_training_gpu_seconds / Ratio(3600), 1);
        c["saving_per_call_gpu_seconds"] = exact_json(x.saving_per_call_gpu_seconds);
        c["saving_per_call_display"] = significant(x.saving_per_call_gpu_seconds, 3);
        if (x.crosses) {
            c["calls"] = exact_json(x.calls);
            c["calls_display"] = calls_text(x.calls);
            const Ratio at = ch03::lifecycle_gpu_hours_at(life.rows[i], x.calls);
            c["gpu_hours"] = exact_json(at);
            c["gpu_hours_display"] = fixed(at, 1);
            next_display.push_back(render(msg::flow_lifecycle_calls, {{"calls", calls_text(x.calls)}}));
        } else {
            next_display.push_back(render(msg::flow_lifecycle_never_cross, {{"cheaper", first}}));
        }
        crossovers.push_back(c);
    }

    Json rows = Json::array();
    for (std::size_t k = 0; k < read.size(); ++k) {
        const ModelRow& model = read[k];
        if (!model.feasible) {
            rows.push_back(unreachable_row(model, target));
            continue;
        }
        const std::size_t i = priced_index[k];
        const ch03::LifecycleRow& row = life.rows[i];
        const std::string label = model.outside_fit ? ids[i] + render(msg::flow_lifecycle_outside_fit) : ids[i];
        Json priced = {{"id", ids[i]},
                       {"label_display", label},
                       {"feasible", true},
                       {"status_display", ""},
                       {"tokens", exact_json(model.model.tokens)},
                       {"tokens_display", short_count(model.model.tokens, 4)},
                       {"tokens_derived", model.derived},
                       {"outside_fit", model.outside_fit},
                       {"training_flops", exact_json(row.training_flops)},
                       {"training_flops_display", scientific(row.training_flops, 4) + " FLOPs"},
                       {"training_gpu_seconds", exact_json(row.training_gpu_seconds)},
                       {"training_gpu_hours", exact_json(row.training_gpu_hours)},
                       {"training_gpu_hours_display", fixed(row.training_gpu_hours, 1)},
                       {"per_call_flops", exact_json(row.per_call_flops)},
                       {"per_call_gpu_seconds", exact_json(row.per_call_gpu_seconds)},
                       {"per_call_display", significant(row.per_call_gpu_seconds, 3)},
                       {"next_crossover_display", i < next_display.size() ? next_display[i] : "—"}};
        if (axis_calls) {
            const Ratio at = ch03::lifecycle_gpu_hours_at(row, *axis_calls);
            priced["gpu_hours_at_calls"] = exact_json(at);
            priced["gpu_hours_at_calls_display"] = fixed(at, 1);
        }
        rows.push_back(priced);
    }
    Json r;
    r["gpu_flops_per_second"] = exact_json(life.rate);
    r["rows"] = rows;
    r["crossovers"] = crossovers;
    return r;
}

constexpr ResultDecl kLifecycleRow[] = {
    result::text("id"),
    result::display("label_display"),
    result::flag("feasible"),
    result::optional(result::display("floor_display")),
    result::display("status_display"),
    result::optional(result::exact("tokens")),
    result::display("tokens_display"),
    result::flag("tokens_derived"),
    result::flag("outside_fit"),
    result::optional(result::exact("training_flops")),
    result::display("training_flops_display"),
    result::optional(result::exact("training_gpu_seconds")),
    result::optional(result::exact("training_gpu_hours")),
    result::display("training_gpu_hours_display"),
    result::optional(result::exact("per_call_flops")),
    result::optional(result::exact("per_call_gpu_seconds")),
    result::display("per_call_display"),
    result::display("next_crossover_display"),
    result::optional(result::exact("gpu_hours_at_calls")),
    result::optional(result::display("gpu_hours_at_calls_display")),
};
constexpr ResultDecl kLifecycleCrossover[] = {
    result::text("id"),
    result::text("left"),
    result::text("right"),
    result::flag("crosses"),
    result::text("cheaper_first"),
    result::text("cheaper_after"),
    result::exact("extra_training_gpu_seconds"),
    result::exact("extra_training_gpu_hours"),
    result::display("extra_training_display"),
    result::exact("saving_per_call_gpu_seconds"),
    result::display("saving_per_call_display"),
    result::optional(result::exact("calls")),
    result::optional(result::display("calls_display")),
    result::optional(result::exact("gpu_hours")),
    result::optional(result::display("gpu_hours_display")),
};
constexpr ResultDecl kLifecycleResult[] = {
    result::exact("gpu_flops_per_second"),
    result::list("rows", kLifecycleRow),
    result::list("crossovers", kLifecycleCrossover),
};
constexpr const char* kLifecycleSamples[] = {
    R"({"op":"lifecycle_cost","models":[{"id":"0.1B","params":"100000000","tokens":"298578849033.8124"},)"
    R"({"id":"0.5B","params":"500000000","tokens":"24819592197.315968"},)"
    R"({"id":"1B","params":"1000000000","tokens":"14895647223.134624"}],"prompt":512,"output":128,"mfu":"0.4"})",
    R"({"op":"lifecycle_cost","models":[{"id":"0.1B","params":"100000000"},{"id":"0.5B","params":"500000000"}],)"
    R"("target_loss":"2.9","fit":{"points":[{"id":"F1","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
    R"({"id":"F2","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
    R"({"id":"F3","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
    R"({"id":"F5","params":"1096300000","tokens":"12000000000","loss":"2.925644"}],"alphas":["0.1"],"betas":["0.45"]}})",
    // A target the smallest model cannot reach: its row has the floor, the others are priced, read at 10^9 calls.
    R"({"op":"lifecycle_cost","models":[{"id":"0.1B","params":"100000000"},{"id":"0.5B","params":"500000000"},)"
    R"({"id":"1B","params":"1000000000"}],"target_loss":"2.7","calls":"1000000000","fit":{"points":[)"
    R"({"id":"F1","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
    R"({"id":"F2","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
    R"({"id":"F3","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
    R"({"id":"F5","params":"1096300000","tokens":"12000000000","loss":"2.925644"}],"alphas":["0.1"],"betas":["0.45"]}})",
};

// ---- chinchilla_alloc -----------------------------------------------------

constexpr FieldDecl kChinchillaFields[] = {
    field::of_kind("alpha", FieldKind::Decimal),
    field::of_kind("beta", FieldKind::Decimal),
    field::of_kind("budget_factor", FieldKind::Decimal, "4"),
};

void put_multiplier(Json& r, const std::string& key, const ch03::Power& p) {
    r[key + "_exact"] = p.exact;
    if (p.exact) {
        r[key] = exact_json(p.value);
        r[key + "_display"] = trimmed(p.value, 3);
    } else {
        r[key + "_display"] = "≈" + approximate_text(p.approximate);
    }
}

Json op_chinchilla_alloc(const Json& req) {
    RequestFields f(req, kChinchillaFields);
    const Ratio alpha = flow::decimal_at(req, "alpha", "", Range::Positive);
    const Ratio beta = flow::decimal_at(req, "beta", "", Range::Positive);
    const Ratio k = f.has("budget_factor") ? flow::decimal_at(req, "budget_factor", "", Range::Positive) : Ratio(4);
    const ch03::AllocationExponents e = ch03::allocation_exponents(alpha, beta);
    Json r;
    r["params_exponent"] = exact_json(e.params);
    r["params_exponent_display"] = fixed(e.params, 3);
    r["tokens_exponent"] = exact_json(e.tokens);
    r["tokens_exponent_display"] = fixed(e.tokens, 3);
    r["budget_factor"] = exact_json(k);
    put_multiplier(r, "params_multiplier", ch03::rational_power(k, e.params));
    put_multiplier(r, "tokens_multiplier", ch03::rational_power(k, e.tokens));
    return r;
}

constexpr ResultDecl kChinchillaResult[] = {
    result::exact("params_exponent"),
    result::display("params_exponent_display"),
    result::exact("tokens_exponent"),
    result::display("tokens_exponent_display"),
    result::exact("budget_factor"),
    result::flag("params_multiplier_exact"),
    result::optional(result::exact("params_multiplier")),
    result::display("params_multiplier_display"),
    result::flag("tokens_multiplier_exact"),
    result::optional(result::exact("tokens_multiplier")),
    result::display("tokens_multiplier_display"),
};
constexpr const char* kChinchillaSamples[] = {
    R"({"op":"chinchilla_alloc","alpha":"0.34","beta":"0.34","budget_factor":"4"})",
    R"({"op":"chinchilla_alloc","alpha":"0.27","beta":"0.73","budget_factor":"10"})",
};

}  // namespace

const OpDef kLifecycleCostOp = {"lifecycle_cost", op_lifecycle_cost, kLifecycleFields, kLifecycleResult, kLifecycleSamples};
const OpDef kChinchillaAllocOp = {"chinchilla_alloc", op_chinchilla_alloc, kChinchillaFields, kChinchillaResult,
                                  kChinchillaSamples};

}  // namespace tally::api
