#include "forward.hpp"

#include <string>

namespace tally {

u128 causal_pairs(const CallShape& c) {
    // P(P+1)/2 is exact: one of P, P+1 is even.
    u128 p = c.input;
    u128 triangle = (p % 2 == 0) ? mul(p / 2, add(p, 1)) : mul(p, add(p, 1) / 2);
    return mul(c.batch, add(mul(c.input, c.context), triangle));
}

u128 attention_flops_per_pair(const ModelSpec& m) {
    u128 total = 0;
    for (const auto& g : m.groups) {
        total = add(total, mul(4, g.attention.q_heads, g.attention.head_dim, g.layers));
    }
    return total;
}

namespace {

std::string num(u128 v) { return to_decimal(v); }

LineItem projection(std::string id, std::string label, std::string section, u128 rows, u64 in,
                    u64 out, u64 copies, u64 layers) {
    LineItem it;
    it.id = std::move(id);
    it.label = std::move(label);
    it.section = std::move(section);
    it.shape = "m×" + num(in) + " → m×" + num(out);
    it.weight = num(in) + "×" + num(out) + (copies > 1 ? "，共 " + num(copies) + " 個" : "");
    std::string k = copies > 1 ? num(copies) + "×" : "";
    it.formula = k + "2×m×" + num(in) + "×" + num(out);
    it.substituted = k + "2×" + num(rows) + "×" + num(in) + "×" + num(out);
    it.layers = layers;
    it.per_call = Ratio(mul(copies, 2, rows, in, out));
    it.value = it.per_call * Ratio(layers);
    return it;
}

void add_group(ForwardResult& r, const ModelSpec& m, const LayerGroup& g) {
    const GqaAttention& a = g.attention;
    const u64 d = m.hidden, q_width = a.q_heads * a.head_dim, kv_width = a.kv_heads * a.head_dim;
    r.items.push_back(projection("q_proj", "Q 投影：形成查詢", "attention", r.rows, d, q_width, 1, g.layers));
    r.items.push_back(projection("kv_proj", "K、V 投影：形成可複用上下文", "attention", r.rows, d, kv_width, 2, g.layers));

    LineItem core;
    core.id = "attn_core";
    core.label = "QKᵀ 與 AV：按內容彙總上下文";
    core.section = "attention";
    core.shape = num(a.q_heads) + " 個查詢頭，每頭 " + num(a.head_dim) + " 維";
    core.weight = "無新增投影權重";
    core.formula = "4×" + num(a.q_heads) + "×" + num(a.head_dim) + "×N_pair";
    core.substituted = "4×" + num(a.q_heads) + "×" + num(a.head_dim) + "×" + num(r.n_pair);
    core.layers = g.layers;
    core.per_call = Ratio(mul(4, a.q_heads, a.head_dim, r.n_pair));
    core.value = core.per_call * Ratio(g.layers);
    r.interaction = r.interaction + core.value;
    r.items.push_back(core);

    r.items.push_back(projection("o_proj", "輸出投影：合併各頭", "attention", r.rows, q_width, d, 1, g.layers));

    LineItem ffn = projection("ffn", "SwiGLU：逐 token 特徵變換", "ffn", r.rows, d, g.ffn.intermediate, 3, g.layers);
    ffn.shape = "m×" + num(d) + " → m×" + num(g.ffn.intermediate) + " → m×" + num(d);
    ffn.weight = num(d) + "×" + num(g.ffn.intermediate) + " 兩個；" + num(g.ffn.intermediate) + "×" + num(d) + " 一個";
    ffn.formula = "6×m×" + num(d) + "×" + num(g.ffn.intermediate);
    ffn.substituted = "6×" + num(r.rows) + "×" + num(d) + "×" + num(g.ffn.intermediate);
    r.items.push_back(ffn);

    LineItem elementwise;
    elementwise.id = "elementwise";
    elementwise.label = "歸一化、RoPE、活化與殘差";
    elementwise.section = "ffn";
    elementwise.shape = "保持或逐元素變換張量";
    elementwise.weight = "歸一化向量等";
    elementwise.formula = "逐元素運算，不計入矩陣 FLOPs";
    elementwise.substituted = "0";
    elementwise.layers = g.layers;
    r.items.push_back(elementwise);
}

}  // namespace

ForwardResult forward(const ModelSpec& m, const CallShape& c) {
    ForwardResult r;
    r.rows = c.rows();
    r.n_pair = causal_pairs(c);

    LineItem embed;
    embed.id = "embedding";
    embed.label = "詞嵌入查行";
    embed.section = "entry";
    embed.shape = "m 個 ID → m×" + num(m.hidden);
    embed.weight = "查表 " + num(m.vocab) + "×" + num(m.hidden);
    embed.formula = "0（查行存取另計）";
    embed.substituted = "0";
    r.items.push_back(embed);

    for (const auto& g : m.groups) add_group(r, m, g);

    LineItem head = projection("lm_head", "詞表頭：轉為 token 分數", "output", c.head_tokens, m.hidden, m.vocab, 1, 1);
    head.shape = "m_out×" + num(m.hidden) + " → m_out×" + num(m.vocab);
    head.formula = "2×m_out×" + num(m.hidden) + "×" + num(m.vocab);
    r.items.push_back(head);

    for (const auto& it : r.items) r.total = r.total + it.value;
    return r;
}

}  // namespace tally
