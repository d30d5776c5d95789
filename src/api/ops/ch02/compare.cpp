// The compare op: the chapter's five-model comparison (Figures 2-28 to 2-30,
// 2-36) for the reader's S, P, G, B.
#include "api/ops/ch02/ops.hpp"

#include "api/catalog.hpp"
#include "api/catching.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/params.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "api/ops/how.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kCompareFields[] = {
    field::of_kind("set", FieldKind::Text, "ch02-five"),
    fields::kBatch,
    fields::kCachedContext,
    field::integer("input", 1, kMaxCount, "8192"),
    field::integer("generated", 1, kMaxCount, "1"),
    fields::kWeightDtype,
    fields::kKvDtype,
    fields::kExplain,
};

// One row of the compare op.
struct CompareFacts {
    const RequestShape& shape;
    u128 params = 0;
    Ratio weights;
    Ratio prefill, decode;
    Ratio state, decode_read;
    const RequestResult& request;
};

Json explain_compare_row(const CompareFacts& f) {
    const RequestShape& s = f.shape;
    const std::string B = group_thousands(s.batch), H = group_thousands(add(s.context, s.input));
    Json how;
    how["params_display"] =
        how_entry(render(msg::how_params_sum), fill("{} = {}", {group_thousands(f.params), count_zh_text(Ratio(f.params))}));
    how["weight_display"] =
        how_entry(render(msg::how_weight_bytes_all), fill("{} = {}", {bytes_text(f.weights), bytes_decimal_text(f.weights)}));
    how["prefill_display"] =
        how_entry(render(msg::how_prefill_rows), render(msg::how_bsp_flops, {{"batch", B},
                                                                             {"context", group_thousands(s.context)},
                                                                             {"input", group_thousands(s.input)},
                                                                             {"flops", flops_text(f.prefill)}}));
    how["decode_display"] =
        how_entry(render(msg::how_decode_rows),
                  render(msg::how_bsp_flops, {{"batch", B}, {"context", H}, {"input", "1"}, {"flops", flops_text(f.decode)}}));
    how["state_display"] = how_entry(render(msg::how_state_rows), fill("H = {} → {}", {H, bytes_binary_text(f.state)}));
    how["decode_read_display"] =
        how_entry(render(msg::how_decode_read_rows), fill("H = {} → {}", {H, bytes_binary_text(f.decode_read)}));
    how["request_display"] = how_entry(render(msg::how_request_total),
                                       fill("{} + {} = {}", {flops_text(f.request.prefill_flops),
                                                             flops_text(f.request.decode_flops), flops_text(f.request.total)}));
    return how;
}

// One model's row of the comparison; a model the core cannot compute yet
// (or only partly) reports why instead of a number.
struct CompareFormats {
    const Dtype& weights;
    const Dtype& kv;
};

Json compare_row(const std::string& id, const RequestShape& shape, const CompareFormats& formats, bool explain) {
    Json row;
    row["model"] = id;
    const auto failure = failure_of([&] {
        const ModelSpec& m = find_model("models", id);
        row["name"] = m.name;
        const u128 H = add(shape.context, shape.input);
        const u128 params = total_params(m);
        const Ratio weights = weight_bytes(m, formats.weights);
        const StateOptions options{formats.kv};
        const Ratio prefill = forward(m, CallShape{shape.batch, shape.context, shape.input, shape.batch}).total;
        const Ratio decode = forward(m, CallShape{shape.batch, H, 1, shape.batch}).total;
        const StateResult st = state(m, H, options);
        const RequestResult rq = request(m, options, shape);
        // Shape of the backbone (Figures 2-25 to 2-27): depth, width and the
        // routed experts stored per MoE layer (0 for a dense FFN).
        const MoeFfn* moe = first_moe(m);
        row["layers"] = m.total_layers();
        row["hidden"] = m.hidden;
        row["routed_experts"] = moe == nullptr ? 0 : moe->experts;
        row["top_k"] = moe == nullptr ? 0 : moe->top_k;
        row["params"] = exact_json(params);
        row["params_display"] = count_zh_text(Ratio(params));
        row["weight_bytes"] = exact_json(weights);
        row["weight_display"] = bytes_decimal_text(weights);
        row["prefill_flops"] = exact_json(prefill);
        row["prefill_display"] = flops_text(prefill);
        row["decode_flops"] = exact_json(decode);
        row["decode_display"] = flops_text(decode);
        row["state_bytes"] = exact_json(st.total);
        row["state_display"] = bytes_binary_text(st.total);
        row["decode_read_bytes"] = exact_json(st.decode_read_bytes);
        row["decode_read_display"] = bytes_binary_text(st.decode_read_bytes);
        row["request_flops"] = exact_json(rq.total);
        row["request_display"] = flops_text(rq.total);
        if (explain)
            row["how"] = explain_compare_row({shape, params, weights, prefill, decode, st.total, st.decode_read_bytes, rq});
    });
    if (failure) row["error"] = *failure;
    return row;
}

// The chapter's five-model comparison (Figures 2-28 to 2-30, 2-36) for the
// reader's S, P, G, B: weights, one prefill, one decode step at S+P, the
// state at S+P and the whole request.
Json op_compare(const Json& req) {
    RequestFields f(req, kCompareFields);
    const ModelSet& set = find_set("set", f.text_or("set"));
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const Dtype& kv = kv_dtype_of(f);
    const CompareFormats formats{weights, kv};
    RequestShape shape;
    shape.batch = f.integer_or("batch");
    shape.context = f.integer_or("context");
    shape.input = f.integer_or("input");
    shape.generated = f.integer_or("generated");
    Json r;
    r["set"] = set.id;
    r["name"] = set.name;
    r["rows"] = Json::array();
    r["weight_dtype"] = formats.weights.id;
    r["kv_dtype"] = formats.kv.id;
    const bool explain = f.flag_or("explain");
    for (const auto& id : set.models) r["rows"].push_back(compare_row(id, shape, formats, explain));
    return r;
}

// One model of the set; a model that fails alone carries "error" instead of its numbers.
constexpr ResultDecl kCompareRow[] = {
    result::text("model"),
    result::text("name"),
    result::exact("layers"),
    result::exact("hidden"),
    result::exact("routed_experts"),
    result::exact("top_k"),
    result::exact("params"),
    result::display("params_display"),
    result::exact("weight_bytes"),
    result::display("weight_display"),
    result::exact("prefill_flops"),
    result::display("prefill_display"),
    result::exact("decode_flops"),
    result::display("decode_display"),
    result::exact("state_bytes"),
    result::display("state_display"),
    result::exact("decode_read_bytes"),
    result::display("decode_read_display"),
    result::exact("request_flops"),
    result::display("request_display"),
    result::how(),
    result::failure("error"),
};
constexpr ResultDecl kCompareResult[] = {
    result::text("set"),          result::display("name"),  result::list("rows", kCompareRow),
    result::text("weight_dtype"), result::text("kv_dtype"),
};
constexpr const char* kCompareSamples[] = {R"({"op":"compare","explain":true})"};

}  // namespace

const OpDef kCompareOp = {"compare", op_compare, kCompareFields, kCompareResult, kCompareSamples};

}  // namespace tally::api
