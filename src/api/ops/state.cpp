// The state ops: what a request keeps between decode steps.
//   kv           per-token history × N (plus sliding-window rows)
//   state        every kind of state at one length, H*, and the longest context a budget holds
//   state_curve  the state at many lengths at once, as columns for a chart
#include "all_ops.hpp"

#include <algorithm>

#include "api/columns.hpp"
#include "api/errors.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/state.hpp"
#include "core/state_facts.hpp"
#include "how.hpp"
#include "request_readers.hpp"
#include "result_parts.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kKvFields[] = {fields::kModel,   fields::kTokens,  fields::kKvDtype,
                                   fields::kMlaPath, fields::kKvHeads, fields::kExplain};
constexpr FieldDecl kStateFields[] = {
    fields::kModel,   fields::kTokens,  fields::kKvDtype,
    fields::kLayout,  fields::kMlaPath, field::integer("budget_bytes", 1, kMaxCount),
    fields::kExplain,
};
constexpr FieldDecl kStateCurveFields[] = {
    fields::kModel,   field::of_kind("lengths", FieldKind::List),          fields::kKvDtype, fields::kLayout,
    fields::kMlaPath, field::of_kind("displays", FieldKind::Flag, "true"),
};

bool read_row(const LineItem& it) { return it.section != "write"; }

// Each kind of state (window, compressed entries, index, buffers …) as the
// sum of its rows, under "by_kind_display.<kind>" as state_curve names the
// kinds (Figure 2-14's bars).
void add_kind_sums(const Items& items, Json& how) {
    std::vector<std::string> kinds;
    for (const auto& it : items) {
        if (std::find(kinds.begin(), kinds.end(), it.section) == kinds.end()) kinds.push_back(it.section);
    }
    for (const auto& kind : kinds) {
        Terms terms;
        Ratio sum;
        const LineItem* only = nullptr;
        for (const auto& it : items) {
            if (it.section != kind || it.value == Ratio(0)) continue;
            terms.add(it.label, bytes_binary_text(it.value));
            sum = sum + it.value;
            only = terms.size() == 1 ? &it : nullptr;
        }
        if (terms.empty()) continue;
        // A kind of one row is that row: its own formula says more than "x = x".
        how["by_kind_display." + kind] =
            only ? how_entry(render(msg::how_kind_one_row, {{"formula", only->formula}}),
                             only->substituted + "×" + group_thousands(only->layers) + " B = " + bytes_binary_text(sum))
                 : how_entry(terms.formula(render(msg::how_kind_prefix)), terms.substituted(bytes_binary_text(sum)));
    }
}

Json explain_state(const StateResult& s) {
    const Ratio history_total = history_state_bytes(s), fixed_total = fixed_state_bytes(s);
    Json how;
    how["display"] = sum_how(render(msg::how_name_state_total), s.items, false, s.total, any_row);
    how["history_display"] = sum_how(render(msg::how_name_history), s.items, false, history_total, is_history_state);
    how["fixed_display"] = sum_how(render(msg::how_name_fixed), s.items, false, fixed_total, is_fixed_state);
    how["decode_read_display"] = sum_how(render(msg::how_name_decode_read), s.reads, false, s.decode_read_bytes, read_row);
    add_kind_sums(s.items, how);
    // The slope: history rows (K/V, latents, compressed entries and their
    // index) grow one position per token or one entry per r tokens; windows,
    // token ids and buffers are not part of c_KV.
    Terms terms;
    Ratio slope;
    bool entries = false;
    for (const auto& it : s.items) {
        if (!is_history_state(it)) continue;
        Ratio per = it.per_count * Ratio(it.layers);
        std::string term = fill("{}×{}", {bytes_text(it.per_count), group_thousands(it.layers)});
        if (it.count.kind == Count::Kind::Entries) {
            per = per / Ratio(it.count.a);
            if (it.count.a != 1) term += "÷" + group_thousands(it.count.a);
            entries = true;
        } else if (it.count.kind != Count::Kind::Tokens) {
            continue;
        }
        if (per == Ratio(0)) continue;
        slope = slope + per;
        terms.add(it.label, term);
    }
    if (slope == s.per_token && !terms.empty()) {
        const std::string rule = entries ? render(msg::how_per_token_entries) : render(msg::how_per_token);
        how["bytes_per_token"] = how_entry(terms.formula(rule), terms.substituted(bytes_text(s.per_token)));
    }
    if (const auto h = h_star(s)) {
        how["h_star_display"] = how_entry(
            render(msg::how_h_star), fill("{} ÷ {} = {}", {bytes_text(fixed_total), bytes_text(s.per_token), trimmed(*h, 2)}));
    }
    return how;
}

Json explain_kv(const StateResult& s, u128 tokens, const Ratio& total) {
    Json how = explain_state(s);
    Json out;
    out["display"] = per_token_how("c_KV × N", s.per_token, group_thousands(tokens), tokens, 1, total);
    if (how.contains("bytes_per_token")) {
        out["bytes_per_token"] = how["bytes_per_token"];
        out["bytes_per_token_display"] = how["bytes_per_token"];
    }
    return out;
}

Json op_kv(const Json& req) {
    RequestFields f(req, kKvFields);
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f);
    const u128 tokens = f.integer("tokens");
    const StateResult s = state(m, tokens, options);
    const Ratio total = kv_cache_bytes(s, tokens);
    Json r;
    r["model"] = m.id;
    r["kv_dtype"] = options.history.id;
    r["tokens"] = exact_json(tokens);
    r["bytes_per_token"] = exact_json(s.per_token);
    r["bytes_per_token_display"] = bytes_binary_text(s.per_token);
    r["total"] = exact_json(total);
    r["display"] = bytes_binary_text(total);
    r["items"] = Json::array();
    for (const auto& it : s.items) {
        if (it.section == "history" || is_window_kv(it)) r["items"].push_back(item_json(it, false));
    }
    if (f.flag_or("explain")) r["how"] = explain_kv(s, tokens, total);
    r["notes"] = context_notes(m, tokens);
    return r;
}

// Lengths for state_curve: a JSON array of integers (at most 4,096).
std::vector<u128> lengths_of(const Json& req) {
    if (!req.contains("lengths") || !req["lengths"].is_array() || req["lengths"].empty()) {
        throw FieldError("lengths", msg::lengths_not_list);
    }
    const Json& list = req["lengths"];
    if (list.size() > 4096) throw FieldError("lengths", msg::lengths_too_many, {{"count", std::to_string(list.size())}});
    std::vector<u128> out;
    out.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        const Json& v = list[i];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0 || v.get<std::uint64_t>() > kMaxCount) {
            throw FieldError("lengths[" + std::to_string(i) + "]", msg::length_invalid,
                             {{"i", std::to_string(i)}, {"received", v.dump()}});
        }
        out.push_back(v.get<std::uint64_t>());
    }
    return out;
}

// The state at many lengths at once, each in closed form (Figures 2-18/2-19).
// Columns are parallel arrays so a chart reads them directly.
Json op_state_curve(const Json& req) {
    RequestFields f(req, kStateCurveFields);
    // Display strings cost more than the values; a chart of thousands of
    // points can leave them out (displays: false).
    const bool displays = f.flag_or("displays");
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f, true);
    const std::vector<u128> lengths = lengths_of(req);
    const StateCurve curve = state_curve(m, lengths, options);
    Json r;
    r["model"] = m.id;
    r["layout"] = options.layout;
    r["tokens"] = exact_column(lengths);
    r["total"] = exact_column(curve.total);
    if (displays) r["total_display"] = bytes_display_column(curve.total);
    r["decode_read_bytes"] = exact_column(curve.decode_read_bytes);
    if (displays) r["decode_read_display"] = bytes_display_column(curve.decode_read_bytes);
    Json by_kind = Json::object(), by_kind_display = Json::object();
    for (size_t k = 0; k < curve.kinds.size(); ++k) {
        by_kind[curve.kinds[k]] = exact_column(curve.by_kind[k]);
        if (displays) by_kind_display[curve.kinds[k]] = bytes_display_column(curve.by_kind[k]);
    }
    r["by_kind"] = std::move(by_kind);
    if (displays) r["by_kind_display"] = std::move(by_kind_display);
    r["notes"] = context_notes(m, lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end()));
    return r;
}

Json op_state(const Json& req) {
    RequestFields f(req, kStateFields);
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f, true);
    const u128 tokens = f.integer("tokens");
    const StateResult s = state(m, tokens, options);
    Json r;
    r["model"] = m.id;
    r["layout"] = options.layout;
    r["tokens"] = exact_json(tokens);
    r["total"] = exact_json(s.total);
    r["display"] = bytes_binary_text(s.total);
    r["bytes_per_token"] = exact_json(s.per_token);
    // The part that does not grow with the context (recurrent matrices,
    // convolution slots) and the length H* at which per-token history
    // equals it (section 2.3.5).
    const Ratio fixed = fixed_state_bytes(s);
    r["fixed_bytes"] = exact_json(fixed);
    r["fixed_display"] = bytes_binary_text(fixed);
    if (const auto h = h_star(s)) {
        r["h_star"] = exact_json(*h);
        r["h_star_display"] = render(msg::display_tokens, {{"count", trimmed(*h, 2)}});
    }
    r["decode_read_bytes"] = exact_json(s.decode_read_bytes);
    r["decode_read_display"] = bytes_binary_text(s.decode_read_bytes);
    r["decode_write_bytes"] = exact_json(s.decode_write_bytes);
    // The global history alone: per-token K/V or latents, compressed entries
    // and their index (the "8K 全域歷史" column of section 2.3.6).
    const Ratio history = history_state_bytes(s);
    r["history_bytes"] = exact_json(history);
    r["history_display"] = bytes_binary_text(history);
    // `budget_bytes`: the longest context whose whole state fits the budget
    // (exercise 2-5). State grows with the length, so a binary search over
    // the closed-form state finds it exactly; 0 when even one position does
    // not fit, and then the note says whether the fixed part alone is too big.
    Json notes = context_notes(m, tokens);
    if (f.has("budget_bytes")) {
        const u128 budget = f.integer("budget_bytes");
        const Ratio cap(budget);
        const u128 best = longest_context_within(m, options, cap, kMaxCount);
        r["budget_bytes"] = exact_json(budget);
        r["budget_display"] = bytes_binary_text(cap);
        r["budget_tokens"] = exact_json(best);
        r["budget_tokens_display"] = render(msg::display_tokens, {{"count", group_thousands(best)}});
        if (best == 0) {
            notes.push_back(cap < fixed ? render(msg::note_fixed_over_budget,
                                                 {{"fixed", bytes_binary_text(fixed)}, {"budget", bytes_binary_text(cap)}})
                                        : render(msg::note_budget_one_position));
        }
    }
    // Rows that grow with the length also say how many positions or entries
    // one layer holds (or one decode reads) at this length, and the cap of a
    // top-k selection: exercise 2-4 asks for CSA's entry counts.
    auto state_item = [tokens](const LineItem& it) {
        Json j = item_json(it, false);
        if (it.count.kind != Count::Kind::Fixed) j["entries"] = exact_json(it.count.at(tokens));
        if (it.count.kind == Count::Kind::CappedEntries) j["entries_cap"] = exact_json(it.count.b);
        return j;
    };
    r["items"] = Json::array();
    for (const auto& it : s.items) r["items"].push_back(state_item(it));
    r["reads"] = Json::array();
    for (const auto& it : s.reads) r["reads"].push_back(state_item(it));
    if (f.flag_or("explain")) r["how"] = explain_state(s);
    r["notes"] = notes;
    return r;
}

// A row of a state: bytes per layer, layers, and the total.
constexpr ResultDecl kKvItem[] = {
    result::text("id"),        result::text("label"),       result::text("section"),
    result::text("formula"),   result::text("substituted"), result::exact("layers"),
    result::exact("per_call"), result::exact("bytes"),      result::display("display"),
};
constexpr ResultDecl kKvResult[] = {
    result::text("model"),
    result::text("kv_dtype"),
    result::exact("tokens"),
    result::exact("bytes_per_token"),
    result::display("bytes_per_token_display"),
    result::exact("total"),
    result::display("display"),
    result::list("items", kKvItem),
    result::how(),
    result::notes(),
};
constexpr const char* kKvSamples[] = {R"({"op":"kv","model":"qwen3-8b","tokens":8192,"explain":true})"};

// A state row with how many positions or entries it holds at this length;
// a read of a top-k selection also says its cap.
constexpr ResultDecl kStateItem[] = {
    result::text("id"),          result::text("label"),
    result::text("section"),     result::text("formula"),
    result::text("substituted"), result::exact("layers"),
    result::exact("per_call"),   result::exact("bytes"),
    result::display("display"),  result::optional(result::exact("entries")),
};
constexpr ResultDecl kStateRead[] = {
    result::text("id"),
    result::text("label"),
    result::text("section"),
    result::text("formula"),
    result::text("substituted"),
    result::exact("layers"),
    result::exact("per_call"),
    result::exact("bytes"),
    result::display("display"),
    result::optional(result::exact("entries")),
    result::optional(result::exact("entries_cap")),
};
constexpr ResultDecl kStateResult[] = {
    result::text("model"),
    result::text("layout"),
    result::exact("tokens"),
    result::exact("total"),
    result::display("display"),
    result::exact("bytes_per_token"),
    result::exact("fixed_bytes"),
    result::display("fixed_display"),
    result::optional(result::exact("h_star")),
    result::optional(result::display("h_star_display")),
    result::exact("decode_read_bytes"),
    result::display("decode_read_display"),
    result::exact("decode_write_bytes"),
    result::exact("history_bytes"),
    result::display("history_display"),
    result::optional(result::exact("budget_bytes")),
    result::optional(result::display("budget_display")),
    result::optional(result::exact("budget_tokens")),
    result::optional(result::display("budget_tokens_display")),
    result::list("items", kStateItem),
    result::list("reads", kStateRead),
    result::how(),
    result::notes(),
};
constexpr const char* kStateSamples[] = {
    R"({"op":"state","model":"qwen3.6-35b-a3b","tokens":8192,"budget_bytes":1000000000,"explain":true})",
    R"({"op":"state","model":"deepseek-v4.1-flash","tokens":1048576,"layout":"production"})",
};

constexpr ResultDecl kStateCurveResult[] = {
    result::text("model"),
    result::text("layout"),
    result::exact_list("tokens"),
    result::exact_list("total"),
    result::optional(result::text_list("total_display")),
    result::exact_list("decode_read_bytes"),
    result::optional(result::text_list("decode_read_display")),
    result::exact_columns("by_kind"),
    result::optional(result::display_columns("by_kind_display")),
    result::notes(),
};
constexpr const char* kStateCurveSamples[] = {
    R"({"op":"state_curve","model":"deepseek-v4-flash","lengths":[1,128,8192]})",
    R"({"op":"state_curve","model":"qwen3-8b","lengths":[1,2],"displays":false})",
};

}  // namespace

const OpDef kKvOp = {"kv", op_kv, kKvFields, kKvResult, kKvSamples};
const OpDef kStateOp = {"state", op_state, kStateFields, kStateResult, kStateSamples};
const OpDef kStateCurveOp = {"state_curve", op_state_curve, kStateCurveFields, kStateCurveResult, kStateCurveSamples};

}  // namespace tally::api
