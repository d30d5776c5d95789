// The ops of one GPU's memory: the batch where decode turns from weight-bound
// to state-bound (crossover), how many requests fit (capacity), and how many
// parameters fit beside a service's state (param_budget).
#include "api/ops/ch02/ops.hpp"

#include "api/catalog.hpp"
#include "core/messages.hpp"
#include "core/capacity.hpp"
#include "core/format.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/ops/how.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kCrossoverFields[] = {fields::kModel, fields::kStoredContext, fields::kWeightDtype, fields::kKvDtype,
                                          fields::kExplain};
constexpr FieldDecl kCapacityFields[] = {
    fields::kModel,     fields::kGpu,         fields::kStoredContext,
    fields::kWorkspace, fields::kWeightDtype, fields::kKvDtype,
    fields::kMlaPath,   fields::kKvHeads,     field::of_kind("memory_unit", FieldKind::Text, "GB"),
    fields::kExplain,
};
constexpr FieldDecl kParamBudgetFields[] = {
    fields::kModel,         fields::kGpu,       field::integer("requests", 0, kMaxCount),
    fields::kStoredContext, fields::kWorkspace, fields::kWeightDtype,
    fields::kKvDtype,       fields::kExplain,
};

Json explain_crossover(const CrossoverResult& c, u128 context) {
    const std::string ratio = fill("{} ÷ {}", {bytes_text(c.weight_read_bytes), bytes_text(c.kv_bytes_per_request)});
    const std::string value = fixed(c.exact_ratio, 2);
    Json how;
    how["display"] =
        how_entry(render(msg::how_crossover_batch), fill("⌈{}⌉ = ⌈{}⌉ = {}", {ratio, value, group_thousands(c.batch)}));
    how["ratio_display"] = how_entry("R_W ÷ (c_KV·H)", fill("{} = {}", {ratio, value}));
    how["weight_read_display"] =
        how_entry(render(msg::how_weight_read),
                  fill("{} = {}", {bytes_text(c.weight_read_bytes), bytes_decimal_text(c.weight_read_bytes)}));
    how["weight_read_binary_display"] = how_entry(
        render(msg::how_weight_read), fill("{} = {}", {bytes_text(c.weight_read_bytes), bytes_binary_text(c.weight_read_bytes)}));
    how["kv_per_request_display"] = how_entry(
        render(msg::how_kv_per_request_decode),
        fill("H = {} → {} = {}",
             {group_thousands(context), bytes_text(c.kv_bytes_per_request), bytes_binary_text(c.kv_bytes_per_request)}));
    return how;
}

Json explain_capacity(const CapacityResult& c, u128 context) {
    const std::string dev = bytes_text(c.device_bytes), w = bytes_text(c.weight_bytes), ws = bytes_text(c.workspace_bytes),
                      per = bytes_text(c.kv_bytes_per_request), kv = bytes_text(c.kv_bytes_total),
                      n = group_thousands(c.requests);
    const bool short_of_room = c.shortfall_bytes != Ratio(0);
    const char* const f = "B_max = ⌊(M_device − M_weight − M_workspace) ÷ M_state⌋";
    Json how;
    how["display"] =
        short_of_room
            ? how_entry(
                  f, render(msg::how_capacity_overflow,
                            {{"weights", w}, {"workspace", ws}, {"device", dev}, {"shortfall", bytes_text(c.shortfall_bytes)}}))
            : how_entry(f, fill("⌊({} − {} − {}) ÷ {}⌋ = ⌊{}⌋ = {}",
                                {dev, w, ws, per,
                                 fixed((c.device_bytes - c.weight_bytes - c.workspace_bytes) / c.kv_bytes_per_request, 2), n}));
    how["kv_per_request_display"] =
        how_entry(render(msg::how_state_per_request),
                  fill("N = {} → {} = {}", {group_thousands(context), per, bytes_binary_text(c.kv_bytes_per_request)}));
    // The card in GiB, for a view whose parts are in GiB (one prefix family per view).
    how["device_binary_display"] = how_entry("M_device", fill("{} = {}", {dev, bytes_binary_text(c.device_bytes)}));
    // Each segment's display, then its binary display (a view that shows its
    // bytes in GiB): the same formulas ending in the other prefix family.
    struct Family {
        const char* suffix;
        std::string (*text)(const Ratio&);
    };
    for (const Family& unit : {Family{"display", bytes_decimal_text}, Family{"binary_display", bytes_binary_text}}) {
        const std::string at = std::string("].") + unit.suffix;
        how["items[id=weights" + at] = how_entry(render(msg::how_weight_bytes), fill("{} = {}", {w, unit.text(c.weight_bytes)}));
        how["items[id=workspace" + at] =
            how_entry(render(msg::how_workspace), fill("{} = {}", {ws, unit.text(c.workspace_bytes)}));
        how["items[id=kv" + at] =
            how_entry("B_max × M_state", fill("{} × {} = {} = {}", {n, per, kv, unit.text(c.kv_bytes_total)}));
        how["items[id=free" + at] = how_entry(
            "M_device − M_weight − M_workspace − B_max × M_state",
            short_of_room
                ? std::string("0")
                : fill("{} − {} − {} − {} = {} = {}", {dev, w, ws, kv, bytes_text(c.free_bytes), unit.text(c.free_bytes)}));
    }
    return how;
}

Json explain_param_budget(const ParamBudgetResult& b, u128 requests, const Ratio& device, u128 workspace) {
    const char* const f = "N_max = ⌊(C − M_0 − B·K) ÷ b_W⌋";
    const std::string reserved = fill("{} − {} − {} × {}", {bytes_text(device), bytes_text(Ratio(workspace)),
                                                            group_thousands(requests), bytes_text(b.kv_bytes_per_request)});
    Json how;
    how["display"] =
        b.shortfall_bytes != Ratio(0)
            ? how_entry(f,
                        render(msg::how_budget_overflow, {{"reserved", reserved}, {"shortfall", bytes_text(b.shortfall_bytes)}}))
            : how_entry(f, fill("⌊({}) ÷ {} B⌋ = {}", {reserved, number_text(b.bytes_per_param), group_thousands(b.params)}));
    const Json available = how_entry("C − M_0 − B·K", fill("{} = {}", {reserved, bytes_text(b.available_bytes)}));
    how["available_display"] = available;
    how["items[id=weights].display"] = available;
    how["items[id=kv].display"] = how_entry(render(msg::how_requests_state),
                                            fill("{} × {} = {}", {group_thousands(requests), bytes_text(b.kv_bytes_per_request),
                                                                  bytes_decimal_text(b.kv_bytes_per_request * Ratio(requests))}));
    return how;
}

Json op_crossover(const Json& req) {
    RequestFields f(req, kCrossoverFields);
    const ModelSpec& m = model_of(f);
    const u128 context = f.integer("context");
    // One field per statement: the order in which C++ evaluates a call's
    // arguments is unspecified (GCC and clang differ), and the first invalid
    // field is the one named, natively and in WASM alike.
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions kv = state_options_of(f);
    const CrossoverResult c = crossover(m, weights, kv, context);
    Json r;
    r["model"] = m.id;
    r["batch"] = exact_json(c.batch);
    r["display"] = "B* = " + group_thousands(c.batch);
    r["exact_ratio"] = to_exact_text(c.exact_ratio);
    r["ratio_display"] = fixed(c.exact_ratio, 2);
    r["weight_read_bytes"] = exact_json(c.weight_read_bytes);
    r["weight_read_display"] = bytes_decimal_text(c.weight_read_bytes);
    // The same read in GiB, for a view whose other bytes are binary (Fig. 2-8
    // sets it beside KV reads the chapter gives in GiB): one unit per view.
    r["weight_read_binary_display"] = bytes_binary_text(c.weight_read_bytes);
    r["kv_bytes_per_request"] = exact_json(c.kv_bytes_per_request);
    r["kv_per_request_display"] = bytes_binary_text(c.kv_bytes_per_request);
    if (f.flag_or("explain")) r["how"] = explain_crossover(c, context);
    return r;
}

// The op's notes, each as the text pages show (`notes`) and, in step, as
// its code and params (`note_codes`, as an error carries them), so a page
// that leaves one out picks it by code, never by its words.
class Notes {
  public:
    void add(MessageId id, const MessageParams& params) {
        text_.push_back(render(id, params));
        Json values = Json::object();
        for (const auto& [name, value] : params) values[name] = value;
        Json coded;
        coded["code"] = message_code(id);
        coded["params"] = values;
        codes_.push_back(coded);
    }
    void into(Json& r) {
        r["notes"] = text_;
        r["note_codes"] = codes_;
    }

  private:
    Json text_ = Json::array();
    Json codes_ = Json::array();
};

// result_parts' context_notes (a length past the model's released context)
// with its code: the same condition and words, which a doctest keeps equal
// to the other ops' note.
void add_context_notes(Notes& notes, const ModelSpec& m, u128 positions) {
    if (m.released_context != 0 && positions > m.released_context) {
        notes.add(
            msg::note_extrapolated,
            {{"model", m.name}, {"released", group_thousands(m.released_context)}, {"positions", group_thousands(positions)}});
    }
}

// A segment in both prefix families: a view shows all its bytes in one
// (decimal beside a card's stated GB, binary beside per-request state in GiB).
Json segment(const char* id, const std::string& label, const Ratio& bytes) {
    return {{"id", id},
            {"label", label},
            {"bytes", exact_json(bytes)},
            {"display", bytes_decimal_text(bytes)},
            {"binary_display", bytes_binary_text(bytes)}};
}

// The card's memory as stated (decimal GB), or, with memory_unit "GiB", the
// same number misread as GiB: the wrong value of exercise 2-7's
// device_gb_as_gib mistake (24 GB taken as 24 GiB).
Gpu gpu_as_read(const RequestFields& f) {
    Gpu gpu = find_gpu("gpu", f.text("gpu"));
    const std::string unit = f.text_or("memory_unit");
    if (unit == "GB") return gpu;
    if (unit != "GiB") throw FieldError("memory_unit", msg::memory_unit_unknown, {{"value", quoted_value(unit)}});
    gpu.memory_bytes = gpu.memory_bytes / 1000000000 * (u128{1} << 30);
    return gpu;
}

Json op_capacity(const Json& req) {
    RequestFields f(req, kCapacityFields);
    const ModelSpec& m = model_of(f);
    const Gpu gpu = gpu_as_read(f);
    const u128 context = f.integer("context");
    const u128 workspace = f.integer_or("workspace_bytes");
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const StateOptions kv = state_options_of(f);
    const CapacityResult c = capacity(m, gpu, weights, kv, context, workspace);
    Json r;
    r["model"] = m.id;
    r["gpu"] = gpu.id;
    r["requests"] = exact_json(c.requests);
    // English says "1 request"; the Chinese editions' words are the same for every count.
    r["display"] =
        render(c.requests == 1 ? msg::display_requests_one : msg::display_requests, {{"count", group_thousands(c.requests)}});
    r["device_bytes"] = exact_json(c.device_bytes);
    r["device_display"] = bytes_decimal_text(c.device_bytes);
    // The same card in GiB, the family of the bar's parts beside it.
    r["device_binary_display"] = bytes_binary_text(c.device_bytes);
    r["weight_bytes"] = exact_json(c.weight_bytes);
    r["workspace_bytes"] = exact_json(c.workspace_bytes);
    r["kv_bytes_per_request"] = exact_json(c.kv_bytes_per_request);
    r["kv_per_request_display"] = bytes_binary_text(c.kv_bytes_per_request);
    r["kv_bytes_total"] = exact_json(c.kv_bytes_total);
    r["free_bytes"] = exact_json(c.free_bytes);
    r["shortfall_bytes"] = exact_json(c.shortfall_bytes);
    // Stacked-bar segments: they add up to the device unless weights and
    // workspace alone overflow it (then `shortfall_bytes` says by how much).
    Json items = Json::array();
    items.push_back(segment("weights", render(msg::segment_weights), c.weight_bytes));
    items.push_back(segment("workspace", render(msg::segment_workspace), c.workspace_bytes));
    items.push_back(segment("kv", render(msg::segment_request_kv), c.kv_bytes_total));
    items.push_back(segment("free", render(msg::segment_free), c.free_bytes));
    r["items"] = items;
    if (f.flag_or("explain")) r["how"] = explain_capacity(c, context);
    Notes notes;
    add_context_notes(notes, m, context);
    if (c.shortfall_bytes != Ratio(0)) {
        notes.add(msg::note_capacity_overflow, {{"gpu", gpu.name}, {"shortfall", bytes_decimal_text(c.shortfall_bytes)}});
    }
    notes.into(r);
    return r;
}

Json op_param_budget(const Json& req) {
    RequestFields f(req, kParamBudgetFields);
    const ModelSpec& m = model_of(f);
    const Gpu& gpu = find_gpu("gpu", f.text("gpu"));
    const u128 requests = f.integer("requests");
    const u128 context = f.integer("context");
    const u128 workspace = f.integer_or("workspace_bytes");
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const StateOptions kv = state_options_of(f);
    const ParamBudgetResult b = param_budget(m, gpu, weights, kv, requests, context, workspace);
    Json r;
    r["model"] = m.id;
    r["gpu"] = gpu.id;
    r["total"] = exact_json(b.params);
    r["display"] =
        render(msg::display_params_count, {{"count", count_zh_text(Ratio(b.params))}, {"exact", group_thousands(b.params)}});
    r["available_bytes"] = exact_json(b.available_bytes);
    r["available_display"] = bytes_decimal_text(b.available_bytes);
    r["bytes_per_param"] = exact_json(b.bytes_per_param);
    r["kv_bytes_per_request"] = exact_json(b.kv_bytes_per_request);
    r["shortfall_bytes"] = exact_json(b.shortfall_bytes);
    // Figure 2-34's stacked bar: the service's state and the workspace are
    // set aside first; what is left is the weight budget.
    const Ratio kv_total = b.kv_bytes_per_request * Ratio(requests);
    r["device_bytes"] = exact_json(gpu.memory_bytes);
    r["device_display"] = bytes_decimal_text(Ratio(gpu.memory_bytes));
    r["kv_bytes_total"] = exact_json(kv_total);
    Json items = Json::array();
    items.push_back(segment("kv", render(msg::segment_request_kv), kv_total));
    items.push_back(segment("workspace", render(msg::segment_workspace), Ratio(workspace)));
    items.push_back(segment("weights", render(msg::segment_weight_budget), b.available_bytes));
    r["items"] = items;
    if (f.flag_or("explain")) r["how"] = explain_param_budget(b, requests, Ratio(gpu.memory_bytes), workspace);
    Notes notes;
    if (b.shortfall_bytes != Ratio(0)) {
        notes.add(msg::note_budget_overflow, {{"gpu", gpu.name}, {"shortfall", bytes_decimal_text(b.shortfall_bytes)}});
    }
    notes.into(r);
    return r;
}

constexpr ResultDecl kCrossoverResult[] = {
    result::text("model"),
    result::exact("batch"),
    result::display("display"),
    result::ratio("exact_ratio"),
    result::display("ratio_display"),
    result::exact("weight_read_bytes"),
    result::display("weight_read_display"),
    result::display("weight_read_binary_display"),
    result::exact("kv_bytes_per_request"),
    result::display("kv_per_request_display"),
    result::how(),
};
constexpr const char* kCrossoverSamples[] = {R"({"op":"crossover","model":"qwen3-8b","context":8192,"explain":true})"};

// A bar segment of the card's memory, in GB and in GiB.
constexpr ResultDecl kSegment[] = {
    result::text("id"),
    result::text("label"),
    result::exact("bytes"),
    result::display("display"),
    result::display("binary_display"),
};
// A note's code and params, in step with `notes` (Notes above).
constexpr ResultDecl kNoteCode[] = {
    result::text("code"),
    result::object("params"),
};
constexpr ResultDecl kCapacityResult[] = {
    result::text("model"),
    result::text("gpu"),
    result::exact("requests"),
    result::display("display"),
    result::exact("device_bytes"),
    result::display("device_display"),
    result::display("device_binary_display"),
    result::exact("weight_bytes"),
    result::exact("workspace_bytes"),
    result::exact("kv_bytes_per_request"),
    result::display("kv_per_request_display"),
    result::exact("kv_bytes_total"),
    result::exact("free_bytes"),
    result::exact("shortfall_bytes"),
    result::list("items", kSegment),
    result::how(),
    result::notes(),
    result::list("note_codes", kNoteCode),
};
constexpr const char* kCapacitySamples[] = {
    R"({"op":"capacity","model":"qwen3-8b","gpu":"h100-sxm","context":8192,"explain":true})",
    // Past the released context and past the card: both notes, with their codes.
    R"({"op":"capacity","model":"deepseek-r1-distill-llama-70b","gpu":"rtx-4090","context":200000})"};

constexpr ResultDecl kParamBudgetResult[] = {
    result::text("model"),
    result::text("gpu"),
    result::exact("total"),
    result::display("display"),
    result::exact("available_bytes"),
    result::display("available_display"),
    result::exact("bytes_per_param"),
    result::exact("kv_bytes_per_request"),
    result::exact("shortfall_bytes"),
    result::exact("device_bytes"),
    result::display("device_display"),
    result::exact("kv_bytes_total"),
    result::list("items", kSegment),
    result::how(),
    result::notes(),
    result::list("note_codes", kNoteCode),
};
constexpr const char* kParamBudgetSamples[] = {
    R"({"op":"param_budget","model":"qwen3-8b","gpu":"h100-sxm","requests":4,"context":8192,"explain":true})",
    // The service's state alone overflows the card: its note, with its code.
    R"({"op":"param_budget","model":"qwen3-8b","gpu":"rtx-4090","requests":1000,"context":200000})",
};

}  // namespace

const OpDef kCrossoverOp = {"crossover", op_crossover, kCrossoverFields, kCrossoverResult, kCrossoverSamples};
const OpDef kCapacityOp = {"capacity", op_capacity, kCapacityFields, kCapacityResult, kCapacitySamples};
const OpDef kParamBudgetOp = {"param_budget", op_param_budget, kParamBudgetFields, kParamBudgetResult, kParamBudgetSamples};

}  // namespace tally::api
