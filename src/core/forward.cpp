#include "forward.hpp"
#include "messages.hpp"

#include <algorithm>
#include <string>

#include "mechanisms/dispatch.hpp"
#include "stable_order.hpp"

namespace tally {

u128 causal_pairs(const CallShape& c) {
    // P(P+1)/2 is exact: one of P, P+1 is even.
    u128 p = c.input;
    u128 triangle = (p % 2 == 0) ? mul(p / 2, add(p, 1)) : mul(p, add(p, 1) / 2);
    return mul(c.batch, add(mul(c.input, c.context), triangle));
}

namespace {

int section_rank(const std::string& section) {
    static const char* const kOrder[] = {"entry", "attention", "linear", "ffn", "output"};
    for (int i = 0; i < 5; ++i) {
        if (section == kOrder[i]) return i;
    }
    return 3;
}

LineItem embedding_item(const ModelSpec& m) {
    LineItem embed;
    embed.id = "embedding";
    embed.label = render(msg::row_embedding);
    embed.section = "entry";
    embed.shape = render(msg::shape_embedding, {{"hidden", mech::num(m.hidden)}});
    embed.weight = render(msg::weight_embedding, {{"vocab", mech::num(m.vocab)}, {"hidden", mech::num(m.hidden)}});
    embed.formula = render(msg::formula_embedding);
    embed.substituted = "0";
    return embed;
}

LineItem elementwise_item(u64 layers) {
    LineItem it;
    it.id = "elementwise";
    it.label = render(msg::row_elementwise);
    it.section = "ffn";
    it.shape = render(msg::shape_elementwise);
    it.weight = render(msg::weight_elementwise);
    it.formula = render(msg::formula_elementwise);
    it.substituted = "0";
    it.layers = layers;
    return it;
}

}  // namespace

std::string execution_of(const ModelSpec& m, const CallShape& c) {
    if (!c.execution.empty()) return c.execution;
    return m.ced_replay_window != 0 ? "ced" : "";
}

CallShape effective_call(const ModelSpec& m, const LayerGroup& g, const CallShape& c) {
    CallShape e = c;
    e.execution = execution_of(m, c);
    if (m.ced_replay_window == 0 || g.role != "decoder" || e.execution != "ced") return e;
    e.input = std::min<u128>(c.input, m.ced_replay_window);
    e.context = add(c.context, c.input - e.input);
    e.global_input = c.input;
    return e;
}

ForwardResult forward(const ModelSpec& m, const CallShape& c) {
    if (!m.partial.empty()) throw NotGiven(m.partial);
    ForwardResult r;
    r.rows = c.rows();
    r.n_pair = causal_pairs(c);
    r.items.push_back(embedding_item(m));
    StageTally stages(m);
    for (size_t gi = 0; gi < m.groups.size(); ++gi) {
        const LayerGroup& g = m.groups[gi];
        const CallShape run = effective_call(m, g, c);
        Items group;
        mech::for_each_mechanism(g, [&](const auto& mechanism) { mech::add_forward(mechanism, m, run, g.layers, group); });
        for (auto& item : group) {
            stages.add(g, item);
            merge_item(r.items, std::move(item), "@" + std::to_string(gi));
        }
    }
    {
        CallShape once = c;
        once.execution = execution_of(m, c);
        Items parts;
        mech::for_each_part(m, [&](const auto& part) { mech::add_forward(part, m, once, 1, parts); });
        for (auto& item : parts) merge_item(r.items, std::move(item), "@" + std::to_string(m.groups.size()));
    }
    r.items.push_back(elementwise_item(m.total_layers()));
    LineItem head = mech::projection("lm_head", render(msg::row_lm_head), "output", c.head_tokens, m.hidden, m.vocab, 1, 1);
    head.shape = "m_out×" + mech::num(m.hidden) + " → m_out×" + mech::num(m.vocab);
    head.formula = "2×m_out×" + mech::num(m.hidden) + "×" + mech::num(m.vocab);
    stages.add_head(head);
    r.items.push_back(head);

    sort_stably_by(r.items, [](const LineItem& it) { return u128(section_rank(it.section)); });
    for (const auto& it : r.items) {
        r.total = r.total + it.value;
        if (it.interaction) r.interaction = r.interaction + it.value;
    }
    r.stages = stages.finish(r.total);
    return r;
}

Ratio decode_flops_sum(const ModelSpec& m, u128 batch, u128 H, u128 n, const std::string& execution) {
    if (n == 0) return Ratio(0);
    // n copies of the first step, plus what each mechanism adds as the
    // context grows step by step (closed forms: no loop over n).
    CallShape first{batch, H, 1, batch};
    first.execution = execution;
    Ratio total = forward(m, first).total * Ratio(n);
    Ratio shrink;
    for (const auto& g : m.groups) {
        mech::for_each_mechanism(g, [&](const auto& mechanism) {
            total = total + mech::decode_growth_on(mechanism, m, first, n, g.layers);
            shrink = shrink + mech::decode_shrink_on(mechanism, m, first, n, g.layers);
        });
    }
    mech::for_each_part(m, [&](const auto& part) { total = total + mech::decode_growth_on(part, m, first, n, 1); });
    return total - shrink;
}

}  // namespace tally
