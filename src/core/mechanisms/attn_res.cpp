// Attention Residuals, block form (Kimi K3, §2.5.2, Table 2-5): before each
// sublayer (attention, FFN) and before the output, the input is a
// softmax-weighted sum of the candidates kept along depth, scored against a
// learned d-wide query.
//
// Matrix FLOPs: only the weighted sum, 2·d per candidate and row; the scoring
// is scalar work.  Layout and counting are the book's calculator's
// (calculations/src/infra_calc; BOOK-FACTS.md): for Kimi K3, 186 mixings over
// 1,002 candidates, 14,364,672 FLOPs per token position.  The depth mixing is
// one stack over all AttnRes layers, whatever group they sit in, so the first
// AttnRes group reports it (and the output mixing's vectors) for the whole
// stack; the others add nothing.  AttnRes keeps its block representations
// only within one forward pass (§2.5.2): no context state, no decode growth.
#include <variant>

#include "kimi.hpp"

namespace tally::mech {

namespace {

struct Stack {
    u128 layers = 0;
    bool reports = false;  // this group carries the stack's row
};

Stack stack_of(const AttnResConnection& x, const ModelSpec& m, u64 layers) {
    const AttnResConnection* first = nullptr;
    u128 total = 0;
    bool inside = false;
    for (const auto& g : m.groups) {
        if (const auto* a = std::get_if<AttnResConnection>(&g.connection)) {
            if (first == nullptr) first = a;
            total = add(total, g.layers);
            inside = inside || a == &x;
        }
    }
    // A connection outside the model's groups stands for a stack of its own.
    if (!inside) return {layers, true};
    return {total, first == &x};
}

// A mixing of `candidates` inputs; one candidate is passed through as is.
void count_mixing(AttnResMixing& out, u128 candidates) {
    if (candidates < 2) return;
    out.mixings = add(out.mixings, 1);
    out.candidates = add(out.candidates, candidates);
}

}  // namespace

AttnResMixing attn_res_mixing(const AttnResConnection& a, u128 L) {
    // One pass over the layers (at most 4,096): each layer's counts are plain.
    AttnResMixing out;
    const u128 b = a.block_layers, e = a.embedding_source ? 1 : 0;
    for (u128 j = 0; j < L; ++j) {
        const u128 saved = e + j / b;                     // the embedding and the blocks completed before layer j
        count_mixing(out, saved + (j % b != 0 ? 1 : 0));  // before attention
        count_mixing(out, saved + 1);                     // before the FFN: the partial block holds the attention output
    }
    if (L != 0) count_mixing(out, e + (L - 1) / b + 1);  // before the output
    return out;
}

void add_tensors(const AttnResConnection& a, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    // A query (and a candidate norm) before attention and before the FFN of
    // every layer, and one pair before the output: (4L + 2)·d with norms.
    out.push_back(vec("attn_res_query", render(msg::label_attn_res_query), 2 * m.hidden, layers));
    if (a.key_norm) out.push_back(vec("attn_res_key_norm", render(msg::label_attn_res_key_norm), 2 * m.hidden, layers));
    if (!stack_of(a, m, layers).reports) return;
    out.push_back(vec("attn_res_final_query", render(msg::label_attn_res_final_query), m.hidden, 1));
    if (a.key_norm) out.push_back(vec("attn_res_final_key_norm", render(msg::label_attn_res_final_key_norm), m.hidden, 1));
}

void add_forward(const AttnResConnection& a, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const Stack s = stack_of(a, m, layers);
    if (!s.reports) return;
    const AttnResMixing mix = attn_res_mixing(a, s.layers);
    const u128 rows = c.rows();
    LineItem it = computed("attn_res", render(a.layout_assumed ? msg::row_attn_res_assumed : msg::row_attn_res), "ffn",
                           render(msg::formula_attn_res), "2×" + num(rows) + "×" + num(m.hidden) + "×" + num(mix.candidates),
                           Ratio(mul(2, rows, m.hidden)), static_cast<u64>(mix.candidates));
    it.shape =
        render(a.embedding_source ? msg::shape_attn_res_embedding : msg::shape_attn_res, {{"mixings", num(mix.mixings)},
                                                                                          {"candidates", num(mix.candidates)},
                                                                                          {"layers", num(s.layers)},
                                                                                          {"block", num(a.block_layers)}});
    it.weight = render(msg::weight_attn_res, {{"width", num(m.hidden)}});
    out.push_back(it);
}

void add_state(const AttnResConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

Ratio decode_growth(const AttnResConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
