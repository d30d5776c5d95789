// The candidate_pool op: V4.1's candidate pool narrowing at a context length
// (Figure 2-22), with the explanations of its counts.
#include "api/ops/ch02/ops.hpp"
#include "api/ops/request_readers.hpp"

#include <algorithm>

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/fields.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "api/ops/how.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kCandidatePoolFields[] = {fields::kModel, fields::kTokens, fields::kExplain};

// The group whose Full layer builds V4.1's candidate pool.
const Csa2Attention* pool_builder(const ModelSpec& m) {
    for (const auto& g : m.groups) {
        const auto* a = std::get_if<Csa2Attention>(&g.attention);
        if (a != nullptr && a->builds_pool()) return a;
    }
    return nullptr;
}

// The hierarchical candidate pool at one length (op candidate_pool, Figure 2-22).
struct PoolFacts {
    u128 tokens, ratio, entries, block_size, pool_blocks, pool_entries, entry_blocks, blocks, candidates, top_k, selected;
};

Json explain_candidate_pool(const PoolFacts& p) {
    const std::string entries = group_thousands(p.entries), size = group_thousands(p.block_size),
                      pool = group_thousands(p.pool_entries), candidates = group_thousands(p.candidates);
    Json how;
    how["entries_display"] = how_entry(render(msg::how_pool_entries),
                                       fill("⌊{} ÷ {}⌋ = {}", {group_thousands(p.tokens), group_thousands(p.ratio), entries}));
    how["blocks_display"] = how_entry(render(msg::how_pool_blocks),
                                      fill("min(⌈{} ÷ {}⌉, {}) = min({}, {}) = {}",
                                           {entries, size, group_thousands(p.pool_blocks), group_thousands(p.entry_blocks),
                                            group_thousands(p.pool_blocks), group_thousands(p.blocks)}));
    how["pool_entries_display"] =
        how_entry(render(msg::how_pool_capacity), fill("{} × {} = {}", {group_thousands(p.pool_blocks), size, pool}));
    how["candidates_display"] =
        how_entry(render(msg::how_pool_candidates), fill("min({}, {}) = {}", {entries, pool, candidates}));
    how["selected_display"] =
        how_entry(render(msg::how_pool_selected),
                  fill("min({}, {}) = {}", {candidates, group_thousands(p.top_k), group_thousands(p.selected)}));
    return how;
}

// Figure 2-22: a decode step of V4.1 at `tokens` cached positions. The first
// Full decoder layer scores every entry of its cache and keeps the best
// blocks (at most pool_blocks × pool_block_size entries); Reindex layers pick
// top_k inside that pool; Reuse layers read what was picked.
Json op_candidate_pool(const Json& req) {
    RequestFields f(req, kCandidatePoolFields);
    const ModelSpec& m = find_model("model", f.text("model"));
    const Csa2Attention* pool = pool_builder(m);
    if (pool == nullptr) throw FieldError("model", msg::candidate_pool_absent, {{"model", m.name}});
    const u128 tokens = f.integer("tokens");
    const u128 entries = tokens / pool->cache_ratio;
    const u128 entry_blocks = ceil_div(entries, pool->pool_block_size);  // every block the scorer ranks
    const u128 blocks = std::min<u128>(entry_blocks, pool->pool_blocks);
    const u128 candidates = std::min<u128>(entries, pool->pool_entries());
    const u128 selected = std::min<u128>(candidates, pool->top_k);
    u64 reindex_layers = 0;
    u64 reuse_layers = 0;
    for (const auto& g : m.groups) {
        const auto* a = std::get_if<Csa2Attention>(&g.attention);
        if (a == nullptr || g.role != "decoder") continue;
        if (a->mode == Csa2Mode::Reindex) reindex_layers += g.layers;
        if (a->mode == Csa2Mode::Reuse) reuse_layers += g.layers;
    }
    Json r;
    r["model"] = m.id;
    auto put = [&r](const char* key, u128 v) {
        r[key] = exact_json(v);
        r[std::string(key) + "_display"] = group_thousands(v);
    };
    put("tokens", tokens);
    put("entries", entries);
    put("block_size", pool->pool_block_size);
    put("pool_blocks", pool->pool_blocks);
    put("pool_entries", pool->pool_entries());
    put("entry_blocks", entry_blocks);
    put("blocks", blocks);
    put("candidates", candidates);
    put("top_k", pool->top_k);
    put("selected", selected);
    put("reindex_layers", reindex_layers);
    put("reuse_layers", reuse_layers);
    if (f.flag_or("explain")) {
        r["how"] = explain_candidate_pool({tokens, pool->cache_ratio, entries, pool->pool_block_size, pool->pool_blocks,
                                           pool->pool_entries(), entry_blocks, blocks, candidates, pool->top_k, selected});
    }
    return r;
}

constexpr ResultDecl kCandidatePoolResult[] = {
    result::text("model"),
    result::exact("tokens"),
    result::display("tokens_display"),
    result::exact("entries"),
    result::display("entries_display"),
    result::exact("block_size"),
    result::display("block_size_display"),
    result::exact("pool_blocks"),
    result::display("pool_blocks_display"),
    result::exact("pool_entries"),
    result::display("pool_entries_display"),
    result::exact("entry_blocks"),
    result::display("entry_blocks_display"),
    result::exact("blocks"),
    result::display("blocks_display"),
    result::exact("candidates"),
    result::display("candidates_display"),
    result::exact("top_k"),
    result::display("top_k_display"),
    result::exact("selected"),
    result::display("selected_display"),
    result::exact("reindex_layers"),
    result::display("reindex_layers_display"),
    result::exact("reuse_layers"),
    result::display("reuse_layers_display"),
    result::how(),
};
constexpr const char* kCandidatePoolSamples[] = {
    R"({"op":"candidate_pool","model":"deepseek-v4.1-flash","tokens":131072,"explain":true})",
};

}  // namespace

const OpDef kCandidatePoolOp = {"candidate_pool", op_candidate_pool, kCandidatePoolFields, kCandidatePoolResult,
                                kCandidatePoolSamples};

}  // namespace tally::api
