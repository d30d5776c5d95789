// The ops of one request over time: a whole request (prefill and every decode
// step), one chat turn with a cache hit, and exercise 2-1's dependency chains.
#include "all_ops.hpp"

#include "core/messages.hpp"
#include "core/dependency_chain.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "core/turn.hpp"
#include "how.hpp"
#include "request_readers.hpp"
#include "result_parts.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kRequestFields[] = {
    fields::kModel,   fields::kBatch,     fields::kCachedContext, fields::kInput,   fields::kGenerated,
    fields::kKvDtype, fields::kExecution, fields::kMlaPath,       fields::kKvHeads, fields::kExplain,
};
constexpr FieldDecl kTurnFields[] = {
    fields::kModel,
    field::integer("total_input", 1, kMaxCount),
    field::bounded("cached", 0, "total_input − 1"),
    fields::kGenerated,
    field::bounded("edit_at", 1, "total_input"),
    fields::kKvDtype,
    fields::kKvHeads,
    fields::kExplain,
};
constexpr FieldDecl kDependencyChainFields[] = {
    field::integer("layers", 1, 4096),
    field::integer("tokens", 1, u128{1} << 20),
    fields::kExplain,
};

Json explain_request(const RequestResult& rr, const RequestShape& s, const Ratio& per_token) {
    const u128 H = add(s.context, s.input), nd = rr.decode_steps;
    const std::string Ht = group_thousands(H), ndt = group_thousands(nd), reads = group_thousands(rr.kv_read_tokens);
    const std::string decode_sum = render(msg::how_decode_sum);
    Json how;
    how["decode_steps"] = how_entry("n_d = G − 1", fill("{} − 1 = {}", {group_thousands(s.generated), ndt}));
    how["kv_read_tokens"] = how_entry(render(msg::how_kv_read_tokens),
                                      fill("{}×{} + {}×{}/2 = {}", {ndt, Ht, ndt, group_thousands(nd == 0 ? 0 : nd - 1), reads}));
    how["kv_read_display"] =
        per_token_how(render(msg::how_kv_read_positions), per_token, reads, rr.kv_read_tokens, s.batch, rr.kv_read_bytes);
    how["prefill_kv_display"] =
        per_token_how("c_KV × P", per_token, group_thousands(s.input), s.input, s.batch, rr.prefill_kv_bytes);
    how["new_kv_display"] = per_token_how("c_KV × n_d", per_token, ndt, nd, s.batch, rr.new_kv_bytes);
    how["final_kv_display"] =
        per_token_how("c_KV × (H + n_d)", per_token, fill("({} + {})", {Ht, ndt}), add(H, nd), s.batch, rr.final_kv_bytes);
    how["prefill_display"] =
        how_entry(render(msg::how_prefill_request_rows), render(msg::how_bsp_flops, {{"batch", group_thousands(s.batch)},
                                                                                     {"context", group_thousands(s.context)},
                                                                                     {"input", group_thousands(s.input)},
                                                                                     {"flops", flops_text(rr.prefill_flops)}}));
    how["decode_display"] =
        nd == 0 ? how_entry(decode_sum, "n_d = 0 → 0")
                : how_entry(decode_sum, render(msg::how_decode_steps_range, {{"steps", ndt},
                                                                             {"from", Ht},
                                                                             {"to", group_thousands(add(H, nd - 1))},
                                                                             {"flops", flops_text(rr.decode_flops)}}));
    how["display"] =
        how_entry(render(msg::how_prefill_plus_decode),
                  fill("{} + {} = {}", {flops_text(rr.prefill_flops), flops_text(rr.decode_flops), flops_text(rr.total)}));
    return how;
}

Json explain_turn(u128 total_input, u128 generated, u128 decode_steps) {
    const std::string nd = group_thousands(decode_steps);
    Json how;
    how["decode_steps"] = how_entry(render(msg::how_turn_decode_steps), fill("{} − 1 = {}", {group_thousands(generated), nd}));
    how["final_context"] =
        how_entry(render(msg::how_turn_final_context),
                  fill("{} + {} = {}", {group_thousands(total_input), nd, group_thousands(add(total_input, decode_steps))}));
    return how;
}

Json explain_dependency_chain(u128 layers, u128 tokens, const DependencyChains& c) {
    const std::string L = group_thousands(layers), T = group_thousands(tokens);
    Json how;
    how["nodes"] = how_entry(render(msg::how_chain_nodes), fill("{} × {} = {}", {L, T, group_thousands(c.nodes)}));
    how["rnn_chain"] = how_entry(render(msg::how_chain_rnn), fill("{} + {} − 1 = {}", {L, T, group_thousands(c.rnn)}));
    how["transformer_chain"] = how_entry(render(msg::how_chain_transformer), fill("L = {}", {L}));
    return how;
}

Json op_request(const Json& req) {
    RequestFields f(req, kRequestFields);
    const ModelSpec& m = model_of(f);
    RequestShape s;
    s.execution = execution_of(f, m);
    s.batch = f.integer_or("batch");
    s.context = f.integer_or("context");
    s.input = f.integer_or("input");
    s.generated = f.integer("generated");
    const RequestResult rr = request(m, state_options_of(f), s);
    Json r;
    r["model"] = m.id;
    r["decode_steps"] = exact_json(rr.decode_steps);
    r["kv_read_tokens"] = exact_json(rr.kv_read_tokens);
    r["kv_read_bytes"] = exact_json(rr.kv_read_bytes);
    r["kv_read_display"] = bytes_binary_text(rr.kv_read_bytes);
    r["prefill_kv_bytes"] = exact_json(rr.prefill_kv_bytes);
    r["prefill_kv_display"] = bytes_binary_text(rr.prefill_kv_bytes);
    r["new_kv_bytes"] = exact_json(rr.new_kv_bytes);
    r["new_kv_display"] = bytes_binary_text(rr.new_kv_bytes);
    r["final_kv_bytes"] = exact_json(rr.final_kv_bytes);
    r["final_kv_display"] = bytes_binary_text(rr.final_kv_bytes);
    r["prefill_flops"] = exact_json(rr.prefill_flops);
    r["prefill_display"] = flops_text(rr.prefill_flops);
    r["decode_flops"] = exact_json(rr.decode_flops);
    r["decode_display"] = flops_text(rr.decode_flops);
    r["total"] = exact_json(rr.total);
    r["display"] = flops_text(rr.total);
    if (f.flag_or("explain")) r["how"] = explain_request(rr, s, state(m, 1, state_options_of(f)).per_token);
    r["notes"] = context_notes(m, add(add(s.context, s.input), rr.decode_steps));
    return r;
}

// One chat turn with a cache hit (exercise 2-8): the turn's T input tokens,
// of which the first `cached` are reused, and G returned tokens. Reports the
// call shape (S, P, n_d), what the turn adds to the cache, and what the reuse
// saves against recomputing all T positions: S projection rows and the S(S+1)/2
// causal pairs among the reused prefix. `edit_at` (1-based) marks the first
// changed input token: only the positions before it can be reused.
Json op_turn(const Json& req) {
    RequestFields f(req, kTurnFields);
    const ModelSpec& m = model_of(f);
    const u128 total = f.integer("total_input");
    const u128 cached = f.integer("cached", 0, total - 1);
    RequestShape s;
    s.context = cached;
    s.input = total - cached;
    s.generated = f.integer("generated");
    const RequestResult rr = request(m, state_options_of(f), s);
    const CallShape full{1, 0, total, 1};
    const CallShape reused{1, cached, s.input, 1};
    Json r;
    r["model"] = m.id;
    r["context"] = exact_json(s.context);
    r["input"] = exact_json(s.input);
    r["generated"] = exact_json(s.generated);
    r["decode_steps"] = exact_json(rr.decode_steps);
    r["final_context"] = exact_json(add(total, rr.decode_steps));
    if (f.flag_or("explain")) r["how"] = explain_turn(total, s.generated, rr.decode_steps);
    const Ratio added = rr.prefill_kv_bytes + rr.new_kv_bytes;
    r["added_kv_bytes"] = exact_json(added);
    r["added_kv_display"] = bytes_binary_text(added);
    r["full_rows"] = exact_json(total);
    r["rows"] = exact_json(s.input);
    r["rows_saved"] = exact_json(cached);
    r["full_pairs"] = exact_json(causal_pairs(full));
    r["pairs"] = exact_json(causal_pairs(reused));
    r["pairs_saved"] = exact_json(causal_pairs(full) - causal_pairs(reused));
    // The prefill's matrix FLOPs both ways, and the share reuse saves, in
    // percent (exercise 2-2): exact, so check_answer can take it as is.
    const Ratio full_flops = forward(m, full).total, flops = forward(m, reused).total;
    r["full_prefill_flops"] = exact_json(full_flops);
    r["full_prefill_display"] = flops_text(full_flops);
    r["prefill_flops"] = exact_json(flops);
    r["prefill_display"] = flops_text(flops);
    const ReuseShares shares = reuse_shares(full_flops, flops, cached, total);
    r["prefill_saved_percent"] = exact_json(shares.saved_percent);
    r["prefill_saved_display"] = trimmed(shares.saved_percent, 2) + "%";
    // Two readings a learner may give instead: the share still computed, and
    // the share of rows skipped (as if FLOPs followed the rows alone).
    r["prefill_kept_percent"] = exact_json(shares.kept_percent);
    r["rows_saved_percent"] = exact_json(shares.rows_saved_percent);
    r["rows_saved_display"] = trimmed(shares.rows_saved_percent, 2) + "%";
    if (f.has("edit_at")) {
        const u128 edit = f.integer("edit_at", 1, total);
        const u128 prefix = reusable_prefix(cached, edit);
        r["reuse_prefix"] = exact_json(prefix);
        r["reuse_input"] = exact_json(total - prefix);
    }
    r["notes"] = context_notes(m, add(total, rr.decode_steps));
    return r;
}

// Exercise 2-1's chains (core/dependency_chain.hpp). The first output
// position waits, in both, for the top layer at the last input position.
Json op_dependency_chain(const Json& req) {
    RequestFields f(req, kDependencyChainFields);
    const u128 layers = f.integer("layers");
    const u128 tokens = f.integer("tokens");
    const DependencyChains c = dependency_chains(layers, tokens);
    Json r;
    r["layers"] = exact_json(layers);
    r["tokens"] = exact_json(tokens);
    r["nodes"] = exact_json(c.nodes);
    r["rnn_chain"] = exact_json(c.rnn);
    r["transformer_chain"] = exact_json(c.transformer);
    r["wait_node_display"] = render(msg::display_wait_node, {{"layer", to_decimal(layers)}, {"position", to_decimal(tokens)}});
    if (f.flag_or("explain")) r["how"] = explain_dependency_chain(layers, tokens, c);
    return r;
}

constexpr ResultDecl kRequestResult[] = {
    result::text("model"),
    result::exact("decode_steps"),
    result::exact("kv_read_tokens"),
    result::exact("kv_read_bytes"),
    result::display("kv_read_display"),
    result::exact("prefill_kv_bytes"),
    result::display("prefill_kv_display"),
    result::exact("new_kv_bytes"),
    result::display("new_kv_display"),
    result::exact("final_kv_bytes"),
    result::display("final_kv_display"),
    result::exact("prefill_flops"),
    result::display("prefill_display"),
    result::exact("decode_flops"),
    result::display("decode_display"),
    result::exact("total"),
    result::display("display"),
    result::how(),
    result::notes(),
};
constexpr const char* kRequestSamples[] = {
    R"({"op":"request","model":"qwen3-8b","input":8192,"generated":1025,"explain":true})",
};

constexpr ResultDecl kTurnResult[] = {
    result::text("model"),
    result::exact("context"),
    result::exact("input"),
    result::exact("generated"),
    result::exact("decode_steps"),
    result::exact("final_context"),
    result::exact("added_kv_bytes"),
    result::display("added_kv_display"),
    result::exact("full_rows"),
    result::exact("rows"),
    result::exact("rows_saved"),
    result::exact("full_pairs"),
    result::exact("pairs"),
    result::exact("pairs_saved"),
    result::exact("full_prefill_flops"),
    result::display("full_prefill_display"),
    result::exact("prefill_flops"),
    result::display("prefill_display"),
    result::ratio("prefill_saved_percent"),
    result::display("prefill_saved_display"),
    result::ratio("prefill_kept_percent"),
    result::ratio("rows_saved_percent"),
    result::display("rows_saved_display"),
    result::optional(result::exact("reuse_prefix")),
    result::optional(result::exact("reuse_input")),
    result::how(),
    result::notes(),
};
constexpr const char* kTurnSamples[] = {
    R"({"op":"turn","model":"qwen3-8b","total_input":8192,"cached":4096,"generated":128,"edit_at":100,"explain":true})",
};

constexpr ResultDecl kDependencyChainResult[] = {
    result::exact("layers"),
    result::exact("tokens"),
    result::exact("nodes"),
    result::exact("rnn_chain"),
    result::exact("transformer_chain"),
    result::display("wait_node_display"),
    result::how(),
};
constexpr const char* kDependencyChainSamples[] = {R"({"op":"dependency_chain","layers":36,"tokens":8192,"explain":true})"};

}  // namespace

const OpDef kRequestOp = {"request", op_request, kRequestFields, kRequestResult, kRequestSamples};
const OpDef kTurnOp = {"turn", op_turn, kTurnFields, kTurnResult, kTurnSamples};
const OpDef kDependencyChainOp = {"dependency_chain", op_dependency_chain, kDependencyChainFields, kDependencyChainResult,
                                  kDependencyChainSamples};

}  // namespace tally::api
