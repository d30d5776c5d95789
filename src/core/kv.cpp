#include "kv.hpp"

namespace tally {

Ratio kv_bytes_per_token(const ModelSpec& m, const Dtype& kv) {
    Ratio total;
    for (const auto& item : kv_items(m, kv)) total = total + item.value;
    return total;
}

std::vector<LineItem> kv_items(const ModelSpec& m, const Dtype& kv) {
    std::vector<LineItem> items;
    for (const auto& g : m.groups) {
        const auto& a = g.attention;
        LineItem it;
        it.id = "kv";
        it.label = g.name.empty() ? "K、V 快取" : g.name + "：K、V 快取";
        it.section = "state";
        it.formula = "2×L×n_KV×d_h×b_KV";
        it.substituted = "2×" + to_decimal(g.layers) + "×" + to_decimal(a.kv_heads) + "×" +
                         to_decimal(a.head_dim) + "×" + to_exact_text(Ratio(kv.bits, 8));
        it.layers = g.layers;
        it.per_call = Ratio(mul(2, a.kv_heads, a.head_dim, kv.bits), 8);
        it.value = it.per_call * Ratio(g.layers);
        items.push_back(it);
    }
    return items;
}

RequestResult request(const ModelSpec& m, const Dtype& kv, const RequestShape& r) {
    RequestResult out;
    const u128 H = add(r.context, r.input);
    const u128 nd = r.generated - 1;  // generated ≥ 1 is validated by the API
    out.decode_steps = nd;
    // Σ_{j=0}^{n_d−1} (H + j); n_d(n_d−1)/2 is exact because one factor is even.
    const u128 tri = (nd % 2 == 0) ? mul(nd / 2, nd == 0 ? 0 : nd - 1) : mul(nd, (nd - 1) / 2);
    out.kv_read_tokens = add(mul(nd, H), tri);

    const Ratio c = kv_bytes_per_token(m, kv);
    const Ratio B(r.batch);
    out.kv_read_bytes = c * Ratio(out.kv_read_tokens) * B;
    out.prefill_kv_bytes = c * Ratio(r.input) * B;
    out.new_kv_bytes = c * Ratio(nd) * B;
    out.final_kv_bytes = c * Ratio(add(H, nd)) * B;

    CallShape prefill{r.batch, r.context, r.input, r.batch};
    out.prefill_flops = forward(m, prefill).total;
    if (nd > 0) {
        // Decode j runs at S = H + j with one new position; only the
        // attention term grows with j, by `a` FLOPs per extra cached pair.
        CallShape first_decode{r.batch, H, 1, r.batch};
        const Ratio first = forward(m, first_decode).total;
        const Ratio growth = Ratio(mul(attention_flops_per_pair(m), r.batch, tri));
        out.decode_flops = first * Ratio(nd) + growth;
    }
    out.total = out.prefill_flops + out.decode_flops;
    return out;
}

}  // namespace tally
