#include "figure_facts.hpp"

#include <algorithm>

#include "catalog.hpp"
#include "core/params.hpp"
#include "core/format.hpp"
#include "core/stable_order.hpp"
#include "errors.hpp"

namespace tally::api {

namespace {

const char* v4_kind_name(V4Attention::Kind k) {
    switch (k) {
        case V4Attention::Kind::Window: return "window";
        case V4Attention::Kind::Csa: return "csa";
        case V4Attention::Kind::Hca: return "hca";
    }
    return "";
}

const char* csa2_mode_name(Csa2Mode m) {
    switch (m) {
        case Csa2Mode::SwaOnly: return "swa";
        case Csa2Mode::Full: return "full";
        case Csa2Mode::Reindex: return "reindex";
        case Csa2Mode::Reuse: return "reuse";
    }
    return "";
}

struct AttentionFacts {
    Json operator()(const GqaAttention& a) const {
        // group_size: query heads sharing one K/V head (Figure 2-9).
        return {{"q_heads", a.q_heads},
                {"kv_heads", a.kv_heads},
                {"group_size", a.q_heads / a.kv_heads},
                {"head_dim", a.head_dim},
                {"window", a.window}};
    }
    Json operator()(const GatedDeltaNet& a) const {
        return {{"qk_heads", a.qk_heads}, {"v_heads", a.v_heads}, {"key_dim", a.key_dim}, {"value_dim", a.value_dim}};
    }
    Json operator()(const MlaAttention& a) const { return {{"heads", a.heads}, {"kv_lora_rank", a.kv_lora_rank}}; }
    Json operator()(const KdaAttention& a) const {
        return {{"heads", a.heads}, {"key_dim", a.key_dim}, {"value_dim", a.value_dim}};
    }
    Json operator()(const V4Attention& a) const {
        return {{"mode", v4_kind_name(a.kind)}, {"heads", a.heads}, {"window", a.window}, {"ratio", a.ratio}, {"top_k", a.top_k}};
    }
    Json operator()(const Csa2Attention& a) const {
        return {{"mode", csa2_mode_name(a.mode)},
                {"heads", a.heads},
                {"window", a.window},
                {"cache_ratio", a.cache_ratio},
                {"top_k", a.top_k},
                {"pool_blocks", a.pool_blocks},
                {"pool_block_size", a.pool_block_size},
                {"pool_entries", exact_json(a.pool_entries())}};
    }
};

struct Streams {
    u64 operator()(const PlainResidual&) const { return 1; }
    u64 operator()(const MhcConnection& c) const { return c.streams; }
    u64 operator()(const SinglePassMhcConnection& c) const { return c.streams; }
    u64 operator()(const AttnResConnection&) const { return 1; }
};

// Parameters without the Engram group: Table 2-A prints V4.1's backbone
// (551.57B) beside its Engram (196.93B); the total counts both.  Null for a
// model the sources give only in part.
Json backbone_params(const ModelSpec& m) {
    if (!m.partial.empty()) return nullptr;
    u128 n = 0;
    for (const auto& t : weight_tensors(m)) {
        if (t.category != ParamCategory::Engram) n = add(n, t.params());
    }
    return exact_json(n);
}

}  // namespace

Json attention_facts(const Attention& attention) { return std::visit(AttentionFacts{}, attention); }

u64 connection_streams(const Connection& connection) { return std::visit(Streams{}, connection); }

void add_layout_facts(const ModelSpec& m, Json& architecture) {
    u64 encoder = 0;
    u64 decoder = 0;
    u64 owners = 0;
    std::vector<u64> owner_ids;
    for (const auto& g : m.groups) {
        if (g.role == "encoder") encoder += g.layers;
        if (g.role == "decoder") decoder += g.layers;
        const auto* a = std::get_if<Csa2Attention>(&g.attention);
        if (a != nullptr && a->owns_cache()) {
            owners += g.layers;
            owner_ids.insert(owner_ids.end(), g.layer_ids.begin(), g.layer_ids.end());
        }
    }
    sort_integers(owner_ids);
    architecture["encoder_layers"] = encoder;
    architecture["decoder_layers"] = decoder;
    architecture["ced_replay_window"] = m.ced_replay_window;
    // V4.1: layers that store a global KV cache; the others read one of them.
    Json ids = Json::array();
    for (u64 id : owner_ids) ids.push_back(id);
    architecture["cache_owner_layers"] = owners;
    architecture["cache_owner_layer_ids"] = ids;
    architecture["backbone_params"] = backbone_params(m);
}

}  // namespace tally::api
