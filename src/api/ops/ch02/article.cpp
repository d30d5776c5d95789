// Ops behind the V4.1 KV-ratio article's widgets (docs/api.md):
//   kv_footprint   requests × (tokens × bytes per token [+ window]) in GB and GiB
//   replay_window  one frame of the replay-window animation
//   effort_scale   one point of the 1 … 100 reasoning-effort scale
#include "api/ops/ch02/ops.hpp"
#include "api/ops/request_readers.hpp"

#include "api/catalog.hpp"
#include "core/messages.hpp"
#include "core/answer.hpp"
#include "core/article.hpp"
#include "core/format.hpp"
#include "core/state.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/positive_decimal.hpp"
#include "api/fields.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kKvFootprintFields[] = {
    field::of_kind("bytes_per_token", FieldKind::Decimal),
    field::of_kind("model", FieldKind::Text),
    fields::kLayout,
    field::of_kind("with_window", FieldKind::Flag, "false"),
    fields::kTokens,
    field::integer("requests", 1, kMaxCount, "1"),
    field::of_kind("baseline_bytes_per_token", FieldKind::Decimal),
};
// Bounds keep the picture drawable; the card does not publish n_win, so the
// window here is an illustration and says so on the page.
constexpr u128 kMaxReplaySlots = 512;
constexpr FieldDecl kReplayWindowFields[] = {
    field::integer("length", 2, kMaxReplaySlots, "64"),
    field::bounded("position", 1, "length", "length"),
    field::bounded("window", 1, "length"),
    field::bounded("stride", 1, "length", "7"),
};
constexpr FieldDecl kEffortScaleFields[] = {field::integer("effort", kEffortMin, kEffortMax)};

// A design's bytes per token: either given as exact decimal text (the
// article's inferred 3,560 / 890 / 445 B, kept as content) or taken from a
// catalog model's state (the chapter's exact figures).
struct Design {
    std::string source;  // "given" or the model id
    std::string name;
    Ratio per_token;
    Ratio window;  // fixed per-request bytes (the local window once full)
};

Ratio decimal_of(const RequestFields& f, const std::string& name) {
    return positive_decimal(name, f.raw(name), describe_field(name));
}

Design design_of(const RequestFields& f, u128 tokens) {
    const bool given = f.has("bytes_per_token");
    if (given == f.has("model")) {
        throw FieldError(given ? "model" : "bytes_per_token", msg::kv_footprint_source_needed);
    }
    if (given) {
        if (f.has("layout") || f.has("with_window")) {
            throw FieldError(f.has("layout") ? "layout" : "with_window", msg::kv_footprint_model_only);
        }
        return {"given", "", decimal_of(f, "bytes_per_token"), Ratio(0)};
    }
    const ModelSpec& m = find_model("model", f.text("model"));
    StateOptions o{find_dtype("kv_dtype", "bf16")};
    o.layout = f.text_or("layout");
    if (o.layout != "reference" && o.layout != "production") {
        throw FieldError("layout", msg::layout_unknown, {{"value", quoted_value(o.layout)}});
    }
    const StateResult s = state(m, tokens, o);
    Ratio window;
    if (f.flag_or("with_window")) {
        for (const auto& it : s.items) {
            if (it.section == "window") window = window + it.value;
        }
    }
    return {m.id, m.name, s.per_token, window};
}

Json op_kv_footprint(const Json& req) {
    RequestFields f(req, kKvFootprintFields);
    const u128 tokens = f.integer("tokens");
    const u128 requests = f.integer_or("requests");
    const Design d = design_of(f, tokens);
    const Footprint fp = kv_footprint(d.per_token, d.window, tokens, requests);
    Json r;
    r["source"] = d.source;
    if (!d.name.empty()) r["name"] = d.name;
    r["tokens"] = exact_json(tokens);
    r["tokens_display"] = group_thousands(tokens);
    r["requests"] = exact_json(requests);
    r["requests_display"] = group_thousands(requests);
    r["bytes_per_token"] = exact_json(d.per_token);
    r["bytes_per_token_display"] = trimmed(d.per_token, 2) + " B";
    r["window_bytes"] = exact_json(d.window);
    r["window_display"] = bytes_binary_text(d.window);
    r["per_request_bytes"] = exact_json(fp.per_request);
    r["per_request_display"] = bytes_decimal_text(fp.per_request);
    r["total"] = exact_json(fp.total);
    r["display"] = bytes_decimal_text(fp.total);
    r["gb_display"] = bytes_decimal_text(fp.total);
    r["gib_display"] = bytes_binary_text(fp.total);
    std::string formula = group_thousands(requests) + " × " + group_thousands(tokens) + " × " + trimmed(d.per_token, 2) + " B";
    if (d.window != Ratio(0)) {
        formula = group_thousands(requests) + " × (" + group_thousands(tokens) + " × " + trimmed(d.per_token, 2) + " B + " +
                  trimmed(d.window, 2) + " B)";
    }
    r["formula"] = formula;
    // Against a baseline's bytes per token: the article's point is that ¼ and
    // ⅛ are both measured against the same baseline.
    if (f.has("baseline_bytes_per_token")) {
        const Ratio ratio = d.per_token / decimal_of(f, "baseline_bytes_per_token");
        r["ratio"] = exact_json(ratio);
        r["ratio_display"] =
            ratio.is_integer() ? to_decimal(ratio.num()) : to_decimal(ratio.num()) + "/" + to_decimal(ratio.den());
    }
    return r;
}

Json op_replay_window(const Json& req) {
    RequestFields f(req, kReplayWindowFields);
    const u128 length = f.integer_or("length");
    const u128 window = f.integer("window", 1, length);
    const u128 position = f.integer_or("position", length, 1, length);
    const u128 stride = f.integer_or("stride", 7, 1, length);
    const ReplayFrame fr = replay_frame(length, position, window, stride);
    Json r;
    r["length"] = exact_json(length);
    r["position"] = exact_json(position);
    r["window"] = exact_json(window);
    r["window_first"] = exact_json(fr.window_first);
    r["window_last"] = exact_json(fr.window_last);
    r["window_size"] = exact_json(fr.window_size);
    r["selected"] = Json::array();
    for (u128 s : fr.selected) r["selected"].push_back(exact_json(s));
    r["position_display"] = render(msg::display_position, {{"position", group_thousands(position)}});
    r["window_display"] = render(msg::display_replay_window, {{"first", group_thousands(fr.window_first)},
                                                              {"last", group_thousands(fr.window_last)},
                                                              {"size", group_thousands(fr.window_size)}});
    r["selected_display"] = render(msg::display_replay_selected, {{"count", group_thousands(fr.selected.size())}});
    r["display"] = render(msg::display_window_tokens, {{"count", group_thousands(window)}});
    return r;
}

Json op_effort_scale(const Json& req) {
    RequestFields f(req, kEffortScaleFields);
    const u128 effort = f.integer("effort");
    const EffortPoint p = effort_point(effort);
    Json r;
    r["effort"] = exact_json(effort);
    r["max"] = exact_json(kEffortMax);
    r["display"] = "reasoning_effort = " + group_thousands(effort);
    r["band"] = p.band;
    r["band_first"] = exact_json(p.band_first);
    r["band_last"] = exact_json(p.band_last);
    r["band_display"] = group_thousands(p.band_first) + "–" + group_thousands(p.band_last);
    r["published"] = p.published;
    // Bar length as an exact fraction of the scale: a position, not a cost.
    r["fraction"] = exact_json(Ratio(effort, kEffortMax));
    return r;
}

constexpr ResultDecl kKvFootprintResult[] = {
    result::text("source"),
    result::optional(result::text("name")),
    result::exact("tokens"),
    result::display("tokens_display"),
    result::exact("requests"),
    result::display("requests_display"),
    result::exact("bytes_per_token"),
    result::display("bytes_per_token_display"),
    result::exact("window_bytes"),
    result::display("window_display"),
    result::exact("per_request_bytes"),
    result::display("per_request_display"),
    result::exact("total"),
    result::display("display"),
    result::display("gb_display"),
    result::display("gib_display"),
    result::text("formula"),
    result::optional(result::ratio("ratio")),
    result::optional(result::display("ratio_display")),
};
constexpr const char* kKvFootprintSamples[] = {
    R"({"op":"kv_footprint","model":"deepseek-v4-flash","tokens":8192,"with_window":true,"requests":4})",
    R"({"op":"kv_footprint","bytes_per_token":147456,"tokens":8192,"baseline_bytes_per_token":589824})",
};
constexpr ResultDecl kReplayWindowResult[] = {
    result::exact("length"),           result::exact("position"),
    result::exact("window"),           result::exact("window_first"),
    result::exact("window_last"),      result::exact("window_size"),
    result::exact_list("selected"),    result::display("position_display"),
    result::display("window_display"), result::display("selected_display"),
    result::display("display"),
};
constexpr const char* kReplayWindowSamples[] = {R"({"op":"replay_window","length":64,"position":40,"window":8,"stride":7})"};
constexpr ResultDecl kEffortScaleResult[] = {
    result::exact("effort"),     result::exact("max"),       result::display("display"),      result::text("band"),
    result::exact("band_first"), result::exact("band_last"), result::display("band_display"), result::flag("published"),
    result::ratio("fraction"),
};
constexpr const char* kEffortScaleSamples[] = {R"({"op":"effort_scale","effort":50})"};

}  // namespace

const OpDef kKvFootprintOp = {"kv_footprint", op_kv_footprint, kKvFootprintFields, kKvFootprintResult, kKvFootprintSamples};
const OpDef kReplayWindowOp = {"replay_window", op_replay_window, kReplayWindowFields, kReplayWindowResult, kReplayWindowSamples};
const OpDef kEffortScaleOp = {"effort_scale", op_effort_scale, kEffortScaleFields, kEffortScaleResult, kEffortScaleSamples};

}  // namespace tally::api
