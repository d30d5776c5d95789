// Attention Residuals, block form (Kimi K3, §2.5.2, Table 2-5): each layer
// forms its input as a softmax-weighted sum of the representations kept along
// depth, scored against a learned d-wide query.
//
// Matrix FLOPs (Table 2-5: "按每層參與混合的塊數計"): per row and source, the
// score is a d-wide dot product (2·d) and the weighted sum adds one d-wide
// source (2·d): 4·d per source.  Layer j (0-based) mixes the embedding (if it
// is a source), the ⌊j/b⌋ completed blocks and, when j mod b ≠ 0, the block it
// is filling.  The depth mixing is one stack over all AttnRes layers, whatever
// group they sit in, so the first AttnRes group reports it for the whole
// stack; the others add nothing.  AttnRes keeps its block representations only
// within one forward pass (§2.5.2): no context state, no decode growth.
//
// The chapter does not give Kimi K3's block size; the catalog spec marks its
// layout as an assumption (docs/derivations/kimi-k3.md §2.2.7, §6).
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

}  // namespace

u128 attn_res_sources(const AttnResConnection& a, u128 L) {
    const u128 b = a.block_layers, q = L / b, r = L % b;
    // Σ_{j<L} ⌊j/b⌋ = b·q(q−1)/2 + r·q; j mod b ≠ 0 for L − ⌈L/b⌉ layers.
    const u128 pairs = q == 0 ? 0 : (q % 2 == 0 ? mul(q / 2, q - 1) : mul(q, (q - 1) / 2));
    const u128 completed = add(mul(b, pairs), mul(r, q));
    const u128 partial = L - ceil_div(L, b);
    return add(add(a.embedding_source ? L : 0, completed), partial);
}

void add_tensors(const AttnResConnection& a, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    out.push_back(vec("attn_res_query", "AttnRes 深度查詢向量", m.hidden, layers));
    if (a.key_norm) out.push_back(vec("attn_res_key_norm", "AttnRes 來源歸一化", m.hidden, layers));
}

void add_forward(const AttnResConnection& a, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const Stack s = stack_of(a, m, layers);
    if (!s.reports) return;
    const u128 sources = attn_res_sources(a, s.layers);
    const u128 rows = c.rows();
    LineItem it = computed(
        "attn_res", std::string("AttnRes：深度方向混合") + (a.layout_assumed ? "（塊佈局為假設）" : ""), "ffn",
        "4×m×d×來源數（每個來源：評分 2md＋加權求和 2md）", "4×" + num(rows) + "×" + num(m.hidden) + "×" + num(sources),
        Ratio(mul(4, rows, m.hidden)), static_cast<u64>(sources));
    it.shape = "可供選擇的塊表示 → 當前主幹表示；" + num(s.layers) + " 層、每塊 " + num(a.block_layers) + " 層，" +
               (a.embedding_source ? "嵌入＋" : "") + "已完成塊＋當前部分塊，共 " + num(sources) + " 個來源";
    it.weight = "每層一個 " + num(m.hidden) + " 維深度查詢向量";
    out.push_back(it);
}

void add_state(const AttnResConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

Ratio decode_growth(const AttnResConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
