// Kimi K3 and DeepSeek-V3 mechanisms: MLA (compact / expanded), KDA, AttnRes.
// The modules live in mla.cpp, kda.cpp and attn_res.cpp.
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const MlaAttention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MlaAttention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MlaAttention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MlaAttention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const KdaAttention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const KdaAttention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const KdaAttention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const KdaAttention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const AttnResConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const AttnResConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const AttnResConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const AttnResConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

// MLA matrix FLOPs per query–key pair and layer, QKᵀ plus PV over all heads:
// 2·heads·(score width + value width); compact 2·heads·((c+r)+c), expanded
// 2·heads·((d_nope+r)+d_v).
u128 mla_pair_flops(const MlaAttention& a);

// Values one stored position keeps per layer: c + r (compact) or
// heads·(d_nope + r + d_v) (expanded: the r-wide branch is copied into every
// head's K).
u64 mla_cached_values(const MlaAttention& a);

// Matrix FLOPs of one KDA chunk of c positions for one head (COUNTING.md):
// 2·lower·d_k + 2·lower·(d_k+d_v) + 6·c·d_k·d_v + 2·causal·(d_k+d_v),
// lower = c(c−1)/2, causal = c(c+1)/2.  f(0) = 0.
u128 kda_chunk_flops(const KdaAttention& k, u128 c);

// Chunked KDA work of a call on P new positions, per head, layer and request:
// ⌊P/C⌋·f(C) + f(P mod C).  Chunks are cut from the first new position, so
// the prior context S does not enter (it reaches the call only through the
// carried state, whose products are already in f).
u128 kda_prefill_flops_per_head(const KdaAttention& k, u128 input);

// The mixings of an AttnRes stack of L layers and the candidates they weigh.
// Layer j (0-based) sees e + ⌊j/b⌋ saved candidates (the embedding, e = 1 if
// it is one, and the completed blocks) plus the partial block: before its
// attention when j mod b ≠ 0, always before its FFN.  The output mixing sees
// e + ⌊(L−1)/b⌋ + 1.  A "mixing" of a single candidate is that candidate
// itself and is not counted (layer 0's attention input is the embedding).
struct AttnResMixing {
    u128 mixings = 0;
    u128 candidates = 0;
};
AttnResMixing attn_res_mixing(const AttnResConnection& a, u128 layers);

// Appends a state or read row, folding it into an earlier row of the same id,
// per-layer value and formula: Kimi K3's 69 KDA layers sit in two groups (the
// first carries the dense FFN) and DeepSeek-V3's 61 MLA layers in two, yet
// each state kind is one row, as in forward() and weight_tensors().
inline void kimi_append_merged(Items& items, LineItem it) {
    for (auto& existing : items) {
        if (existing.id == it.id && existing.per_call == it.per_call && existing.formula == it.formula &&
            existing.substituted == it.substituted) {
            existing.layers = add(existing.layers, it.layers);
            existing.value = existing.value + it.value;
            return;
        }
    }
    items.push_back(std::move(it));
}

}  // namespace tally::mech
