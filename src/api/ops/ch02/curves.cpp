// The ops of the charts on which a reader drags the batch B (issue 16):
//   crossover_curve  Example 2-2 against B: the weight bytes one decode step
//                    reads once (flat), the context bytes its B requests read
//                    (rising) and the batch B* where the second reaches the first
//   routing_curve    Figure 2-23 against B: the routed experts one MoE layer
//                    touches (U) and their weight bytes, per dispatch
// The core picks the sampled batches (core/batch_curves.hpp); results are
// parallel columns a chart reads directly, with the core's display strings.
#include "api/ops/ch02/ops.hpp"

#include "api/columns.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "core/messages.hpp"
#include "core/batch_curves.hpp"
#include "core/format.hpp"
#include "core/mechanisms/ffn.hpp"
#include "core/params.hpp"
#include "api/ops/request_readers.hpp"
#include "api/ops/result_parts.hpp"

namespace tally::api {

namespace {

// The batch fields share routing's limit (2^32 tokens in one layer).
constexpr u128 kMaxBatch = u128{1} << 32;
// An axis ends at 1,024 unless the request asks otherwise (or B, B* reach past it).
constexpr FieldDecl kCurveBatch = field::integer("batch", 1, kMaxBatch, "1");
constexpr FieldDecl kMaxBatchField = field::integer("max_batch", 2, kMaxBatch, "1024");
constexpr FieldDecl kDispatches = field::of_kind("dispatches", FieldKind::List, "[\"uniform\",\"concentrated\"]");
constexpr FieldDecl kCrossoverCurveFields[] = {fields::kModel, fields::kStoredContext, fields::kWeightDtype, fields::kKvDtype,
                                               kCurveBatch,    kMaxBatchField};
constexpr FieldDecl kRoutingCurveFields[] = {fields::kModel, kCurveBatch, kMaxBatchField, kDispatches, fields::kWeightDtype};

struct BatchAxis {
    u128 batch;      // the reader's B
    u128 least_end;  // the axis reaches at least this far
};

BatchAxis batch_axis_of(const RequestFields& f) {
    BatchAxis a{};
    a.batch = f.integer_or("batch");
    a.least_end = f.integer_or("max_batch");
    return a;
}

// Which side of the crossover a batch is on, in the reader's words as a key
// (the page words it from content): the weights dominate below B*.
const char* dominant_of(const BatchReads& p) {
    if (p.kv_read_bytes < p.weight_read_bytes) return "weights";
    if (p.weight_read_bytes < p.kv_read_bytes) return "context";
    return "equal";
}

Json op_crossover_curve(const Json& req) {
    RequestFields f(req, kCrossoverCurveFields);
    const ModelSpec& m = model_of(f);
    const u128 context = f.integer("context");
    const BatchAxis axis = batch_axis_of(f);
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const StateOptions kv = state_options_of(f);
    const CrossoverCurve curve = crossover_curve(m, weights, kv, context, axis.least_end, axis.batch);
    Json r;
    r["model"] = m.id;
    r["context"] = exact_json(context);
    r["batch"] = exact_json(axis.batch);  // as read ("1K" → 1024): the marker stands there
    r["axis_end"] = exact_json(curve.axis_end);
    r["crossover_batch"] = exact_json(curve.crossover.batch);
    r["crossover_display"] = "B* = " + group_thousands(curve.crossover.batch);
    r["ratio_display"] = fixed(curve.crossover.exact_ratio, 2);
    Json batches = Json::array(), weight = Json::array(), weight_display = Json::array(), kv_read = Json::array(),
         kv_display = Json::array(), total = Json::array(), total_display = Json::array(), dominant = Json::array();
    for (const BatchReads& p : curve.points) {
        batches.push_back(exact_json(p.batch));
        // Binary prefixes throughout: the two lines are compared in one unit.
        weight.push_back(exact_json(p.weight_read_bytes));
        weight_display.push_back(bytes_binary_text(p.weight_read_bytes));
        kv_read.push_back(exact_json(p.kv_read_bytes));
        kv_display.push_back(bytes_binary_text(p.kv_read_bytes));
        total.push_back(exact_json(p.total_read_bytes));
        total_display.push_back(bytes_binary_text(p.total_read_bytes));
        dominant.push_back(dominant_of(p));
    }
    r["batches"] = std::move(batches);
    r["weight_read_bytes"] = std::move(weight);
    r["weight_read_display"] = std::move(weight_display);
    r["kv_read_bytes"] = std::move(kv_read);
    r["kv_read_display"] = std::move(kv_display);
    r["total_read_bytes"] = std::move(total);
    r["total_read_display"] = std::move(total_display);
    r["dominant"] = std::move(dominant);
    r["notes"] = context_notes(m, context);
    return r;
}

Dispatch curve_dispatch_of(const std::string& name, const std::string& field) {
    if (name == "uniform") return Dispatch::Uniform;
    if (name == "concentrated") return Dispatch::Concentrated;
    if (name == "random") return Dispatch::RandomExpectation;
    throw FieldError(field, msg::curve_dispatch_unsupported, {{"field", field}, {"value", quoted_value(name)}});
}

// `dispatches`: the curves to draw, by dispatch name (default uniform and
// concentrated, Figure 2-23's two panels).
std::vector<std::string> dispatch_names_of(const Json& req) {
    if (!req.contains("dispatches")) return {"uniform", "concentrated"};
    const Json& list = req["dispatches"];
    if (!list.is_array() || list.empty() || list.size() > 3) {
        throw FieldError("dispatches", msg::dispatches_not_list);
    }
    std::vector<std::string> out;
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string field = "dispatches[" + std::to_string(i) + "]";
        if (!list[i].is_string())
            throw FieldError(field, msg::dispatches_item_not_text, {{"field", field}, {"received", list[i].dump()}});
        curve_dispatch_of(list[i].get<std::string>(), field);  // refuses an unknown name, naming its place
        out.push_back(list[i].get<std::string>());
    }
    return out;
}

Json op_routing_curve(const Json& req) {
    RequestFields f(req, kRoutingCurveFields);
    const ModelSpec& m = model_of(f);
    const MoeFfn* moe = first_moe(m);
    if (moe == nullptr) throw FieldError("model", msg::routing_needs_moe, {{"model", m.name}});
    const BatchAxis axis = batch_axis_of(f);
    const std::vector<std::string> names = dispatch_names_of(req);
    RoutingInput base;
    base.top_k = moe->top_k;
    base.experts = moe->experts;
    base.expert_params = mech::expert_params(*moe, m);
    base.bytes_per_param = bytes_per_param(weight_dtype_of(f));
    std::vector<Dispatch> dispatches;
    for (const auto& n : names) dispatches.push_back(curve_dispatch_of(n, "dispatches"));
    // The uniform curve bends where every expert is touched: that batch is a
    // sample, so the drawn line bends where the core's does.
    const u128 saturation = saturation_batch(base.experts, base.top_k);
    const u128 end = batch_axis_end(axis.least_end, {axis.batch});
    const std::vector<u128> batches = batch_samples(end, {axis.batch, saturation});
    const RoutingCurve curve = routing_curve(base, dispatches, batches);
    const u128 moe_layers = moe_layer_count(m);
    Json r;
    r["model"] = m.id;
    r["experts"] = exact_json(base.experts);
    r["top_k"] = exact_json(base.top_k);
    r["moe_layers"] = exact_json(moe_layers);
    r["batch"] = exact_json(axis.batch);
    r["axis_end"] = exact_json(end);
    r["saturation_batch"] = exact_json(saturation);
    r["batches"] = exact_column(batches);
    Json series = Json::array();
    for (size_t d = 0; d < names.size(); ++d) {
        Json distinct = Json::array(), distinct_display = Json::array(), bytes = Json::array(), display = Json::array(),
             all_display = Json::array();
        for (const RoutingResult& rr : curve.by_dispatch[d]) {
            // Whole experts: an expectation is rounded down, as its bytes are.
            distinct.push_back(exact_json(rr.approximate ? Ratio(rr.distinct_experts.floor()) : rr.distinct_experts));
            distinct_display.push_back(rr.approximate ? render(msg::display_expected, {{"value", fixed(rr.distinct_experts, 2)}})
                                                      : group_thousands(rr.distinct_experts.floor()));
            bytes.push_back(exact_json(reported_bytes(rr, rr.bytes_read)));
            display.push_back(bytes_binary_text(rr.bytes_read));
            all_display.push_back(bytes_binary_text(all_layer_bytes(rr, moe_layers)));
        }
        series.push_back({{"dispatch", names[d]},
                          {"distinct_experts", std::move(distinct)},
                          {"distinct_display", std::move(distinct_display)},
                          {"bytes_per_layer", std::move(bytes)},
                          {"display", std::move(display)},
                          {"bytes_all_layers_display", std::move(all_display)}});
    }
    r["series"] = std::move(series);
    return r;
}

}  // namespace

constexpr ResultDecl kCrossoverCurveResult[] = {
    result::text("model"),
    result::exact("context"),
    result::exact("batch"),
    result::exact("axis_end"),
    result::exact("crossover_batch"),
    result::display("crossover_display"),
    result::display("ratio_display"),
    result::exact_list("batches"),
    result::exact_list("weight_read_bytes"),
    result::text_list("weight_read_display"),
    result::exact_list("kv_read_bytes"),
    result::text_list("kv_read_display"),
    result::exact_list("total_read_bytes"),
    result::text_list("total_read_display"),
    result::text_list("dominant"),
    result::notes(),
};
constexpr const char* kCrossoverCurveSamples[] = {R"({"op":"crossover_curve","model":"qwen3-8b","context":8192,"batch":64})"};

constexpr ResultDecl kRoutingSeries[] = {
    result::text("dispatch"),
    result::exact_list("distinct_experts"),
    result::text_list("distinct_display"),
    result::exact_list("bytes_per_layer"),
    result::text_list("display"),
    result::text_list("bytes_all_layers_display"),
};
constexpr ResultDecl kRoutingCurveResult[] = {
    result::text("model"),
    result::exact("experts"),
    result::exact("top_k"),
    result::exact("moe_layers"),
    result::exact("batch"),
    result::exact("axis_end"),
    result::exact("saturation_batch"),
    result::exact_list("batches"),
    result::list("series", kRoutingSeries),
};
constexpr const char* kRoutingCurveSamples[] = {
    R"({"op":"routing_curve","model":"qwen3.6-35b-a3b","batch":64})",
    R"({"op":"routing_curve","model":"qwen3.6-35b-a3b","batch":3,"dispatches":["random"]})",
};

const OpDef kCrossoverCurveOp = {"crossover_curve", op_crossover_curve, kCrossoverCurveFields, kCrossoverCurveResult,
                                 kCrossoverCurveSamples};
const OpDef kRoutingCurveOp = {"routing_curve", op_routing_curve, kRoutingCurveFields, kRoutingCurveResult, kRoutingCurveSamples};

}  // namespace tally::api
