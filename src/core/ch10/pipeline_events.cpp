#include "pipeline_events.hpp"

#include <algorithm>

namespace tally::ch10 {

namespace {

struct Op {
    SlotKind kind;
    u128 stage;  // virtual stage
    u128 micro_batch;
};

// One card's run of one direction: the slots it takes in turn.
struct Chain {
    u128 card = 0;
    u128 direction = 0;
    std::vector<Op> order;
    std::size_t next = 0;
};

// The 1F1B order of the block at `position` of an n-block flow carrying
// `count` micro-batches; split, W of micro-batch i goes right after B of
// i + deferral and the W's left over after the final B.
std::vector<Op> one_f_one_b(u128 stage, u128 position, u128 n, u128 count, bool split, u128 deferral) {
    const SlotKind F = SlotKind::Forward, B = SlotKind::Backward;
    const u128 warm = std::min<u128>(n - position - 1, count);
    std::vector<Op> order;
    u128 next_f = 0, next_b = 0;
    for (; next_f < warm; ++next_f) order.push_back({F, stage, next_f});
    while (next_f < count) {
        order.push_back({F, stage, next_f++});
        order.push_back({B, stage, next_b++});
    }
    while (next_b < count) order.push_back({B, stage, next_b++});
    if (!split) return order;
    std::vector<Op> with_w;
    u128 next_w = 0;
    for (const Op& op : order) {
        with_w.push_back(op);
        if (op.kind == B && op.micro_batch >= deferral) with_w.push_back({SlotKind::Weight, stage, next_w++});
    }
    for (; next_w < count; ++next_w) with_w.push_back({SlotKind::Weight, stage, next_w});
    return with_w;
}

// Megatron-LM's interleaved order for card g (see the header).
std::vector<Op> interleaved_order(u128 g, u128 p, u128 v, u128 m) {
    const u128 total = v * m;
    auto micro_batch = [&](u128 k) { return (k / (p * v)) * p + k % p; };
    auto forward = [&](u128 k) { return Op{SlotKind::Forward, ((k / p) % v) * p + g, micro_batch(k)}; };
    auto backward = [&](u128 k) { return Op{SlotKind::Backward, (v - 1 - (k / p) % v) * p + g, micro_batch(k)}; };
    const u128 warm = std::min<u128>((p - g - 1) * 2 + (v - 1) * p, total);
    std::vector<Op> order;
    for (u128 k = 0; k < warm; ++k) order.push_back(forward(k));
    for (u128 k = 0; k + warm < total; ++k) {
        order.push_back(forward(k + warm));
        order.push_back(backward(k));
    }
    for (u128 k = total - warm; k < total; ++k) order.push_back(backward(k));
    return order;
}

PipelineLayout layout_of(const PipelineShape& s) {
    const u128 p = s.stages, m = s.micro_batches;
    PipelineLayout l;
    if (s.schedule == Schedule::Interleaved) {
        const u128 v = s.virtual_stages;
        u128 layers = 0;
        for (u128 n : s.block_layers) layers += n;
        l.flows.emplace_back();
        for (u128 st = 0; st < v * p; ++st) {
            l.stages.push_back({st % p, st / p, 0, st, Ratio(mul(s.block_layers[st], p), layers)});
            l.flows[0].push_back(st);
        }
        l.micro_batches = {m};
        return l;
    }
    l.flows.emplace_back();
    for (u128 st = 0; st < p; ++st) {
        l.stages.push_back({st, 0, 0, st, Ratio(1)});
        l.flows[0].push_back(st);
    }
    l.micro_batches = {m};
    if (s.schedule != Schedule::DualPipe) return l;
    // The reverse copy: its position k (layer group k) sits on card p − 1 − k.
    l.flows.emplace_back();
    for (u128 k = 0; k < p; ++k) {
        l.stages.push_back({p - 1 - k, 1, 1, k, Ratio(1)});
        l.flows[1].push_back(p + k);
    }
    l.micro_batches = {m / 2, m / 2};
    return l;
}

std::vector<Chain> chains_of(const PipelineShape& s, const PipelineLayout& l) {
    const u128 p = s.stages, m = s.micro_batches;
    std::vector<Chain> chains;
    if (s.schedule == Schedule::Interleaved) {
        for (u128 g = 0; g < p; ++g) chains.push_back({g, 0, interleaved_order(g, p, s.virtual_stages, m)});
        return chains;
    }
    if (s.schedule == Schedule::FillDrain) {
        for (u128 g = 0; g < p; ++g) {
            Chain c{g, 0, {}};
            for (u128 i = 0; i < m; ++i) c.order.push_back({SlotKind::Forward, g, i});
            for (u128 i = 0; i < m; ++i) c.order.push_back({SlotKind::Backward, g, i});
            chains.push_back(c);
        }
        return chains;
    }
    const bool split = s.schedule != Schedule::OneFOneB;
    for (u128 d = 0; d < l.flows.size(); ++d) {
        const std::vector<u128>& flow = l.flows[d];
        const u128 n = flow.size();
        for (u128 pos = 0; pos < n; ++pos) {
            // ZB-H1 defers W by the block's position; DualPipe by its distance from the flow's end.
            const u128 deferral = s.schedule == Schedule::ZeroBubbleH1 ? pos : n - 1 - pos;
            chains.push_back({l.stages[flow[pos]].card, d, one_f_one_b(flow[pos], pos, n, l.micro_batches[d], split, deferral)});
        }
    }
    return chains;
}

Ratio max_of(const Ratio& a, const Ratio& b) { return a < b ? b : a; }

// At equal start: input gradient, then forward, then weight gradient; then
// the direction fed from card 0.
int tie_rank(SlotKind k) { return k == SlotKind::Backward ? 0 : k == SlotKind::Forward ? 1 : 2; }
bool goes_first(const Op& a, u128 a_direction, const Op& b, u128 b_direction) {
    if (tie_rank(a.kind) != tie_rank(b.kind)) return tie_rank(a.kind) < tie_rank(b.kind);
    return a_direction < b_direction;
}

}  // namespace

PipelineProblem pipeline_problem(const PipelineShape& s) {
    if (s.schedule == Schedule::Interleaved) {
        if (s.virtual_stages < 2) return PipelineProblem::TooFewVirtualStages;
        if (s.micro_batches % s.stages != 0) return PipelineProblem::MicroBatchesNotMultipleOfStages;
        if (s.block_layers.size() != s.virtual_stages * s.stages) return PipelineProblem::BlocksMismatch;
        for (u128 n : s.block_layers)
            if (n == 0) return PipelineProblem::BlocksMismatch;
    }
    if (s.schedule == Schedule::DualPipe && s.micro_batches % 2 != 0) return PipelineProblem::OddMicroBatches;
    return PipelineProblem::None;
}

PipelineRun run_pipeline(const PipelineShape& s) {
    const u128 p = s.stages, m = s.micro_batches;
    PipelineRun r;
    r.layout = layout_of(s);
    const PipelineLayout& l = r.layout;
    std::vector<Chain> chains = chains_of(s, l);
    const std::size_t n_stages = l.stages.size();
    // Where each block sits in its flow, to find its neighbours.
    std::vector<u128> position(n_stages);
    for (const auto& flow : l.flows)
        for (u128 k = 0; k < flow.size(); ++k) position[flow[k]] = k;
    const bool split = s.schedule == Schedule::ZeroBubbleH1 || s.schedule == Schedule::DualPipe;
    const Ratio input_grad_ms = split ? (s.weight_ms < s.backward_ms ? s.backward_ms - s.weight_ms : Ratio(0)) : s.backward_ms;
    const Ratio weight_ms = split ? s.backward_ms - input_grad_ms : Ratio(0);
    // End times by [virtual stage][micro-batch]; `done` marks the slots already placed.
    std::vector<std::vector<Ratio>> f_end(n_stages), b_end(n_stages);
    std::vector<std::vector<bool>> f_done(n_stages), b_done(n_stages);
    for (std::size_t v = 0; v < n_stages; ++v) {
        const u128 count = l.micro_batches[l.stages[v].direction];
        f_end[v].resize(count);
        b_end[v].resize(count);
        f_done[v].resize(count);
        b_done[v].resize(count);
    }
    std::vector<Ratio> free_at(p);
    std::vector<std::vector<Slot>> placed(p);
    // When the chain's next slot may start, or false while an input is not placed yet.
    auto ready_at = [&](const Chain& c, Ratio& start) {
        const Op op = c.order[c.next];
        const u128 v = op.stage, i = op.micro_batch;
        const std::vector<u128>& flow = l.flows[l.stages[v].direction];
        const u128 pos = position[v];
        Ratio ready;
        if (op.kind == SlotKind::Weight) {
            ready = b_end[v][i];  // its B ran earlier in the same chain
        } else if (op.kind == SlotKind::Forward) {
            if (pos > 0) {
                if (!f_done[flow[pos - 1]][i]) return false;
                ready = f_end[flow[pos - 1]][i] + s.link_ms;
            }
        } else {
            if (!f_done[v][i]) return false;
            ready = f_end[v][i];
            if (pos + 1 < flow.size()) {
                if (!b_done[flow[pos + 1]][i]) return false;
                ready = max_of(ready, b_end[flow[pos + 1]][i] + s.link_ms);
            }
        }
        start = max_of(ready, free_at[c.card]);
        return true;
    };
    // Place the slot that can start first, card by card, until none is left;
    // a slot whose input is not placed yet starts later than every placed one.
    for (;;) {
        Chain* best = nullptr;
        Ratio best_start;
        for (Chain& c : chains) {
            Ratio start;
            if (c.next >= c.order.size() || !ready_at(c, start)) continue;
            const Op& op = c.order[c.next];
            const bool earlier = !best || start < best_start ||
                                 (start == best_start && goes_first(op, c.direction, best->order[best->next], best->direction));
            if (earlier) {
                best = &c;
                best_start = start;
            }
        }
        if (!best) break;  // every slot placed (the orders above cannot deadlock)
        const Op op = best->order[best->next++];
        const VirtualStage& vs = l.stages[op.stage];
        const Ratio span = op.kind == SlotKind::Forward    ? s.forward_ms
                           : op.kind == SlotKind::Backward ? input_grad_ms
                                                           : weight_ms;
        const Ratio end = best_start + span * vs.scale;
        if (op.kind != SlotKind::Weight) {
            (op.kind == SlotKind::Forward ? f_end : b_end)[op.stage][op.micro_batch] = end;
            (op.kind == SlotKind::Forward ? f_done : b_done)[op.stage][op.micro_batch] = true;
        }
        free_at[best->card] = end;
        placed[best->card].push_back({best->card, op.micro_batch, op.stage, vs.chunk, vs.direction, op.kind == SlotKind::Forward,
                                      op.kind, best_start, end});
    }
    r.card_busy_ms.assign(p, Ratio(0));
    for (const auto& card : placed)
        for (const Slot& slot : card) {
            r.slots.push_back(slot);
            r.gradients_done_ms = max_of(r.gradients_done_ms, slot.end_ms);
            r.card_busy_ms[slot.stage] = r.card_busy_ms[slot.stage] + (slot.end_ms - slot.start_ms);
        }
    r.completion_ms = r.gradients_done_ms + s.update_ms;
    for (const Ratio& busy : r.card_busy_ms) r.busy_ms = max_of(r.busy_ms, busy);
    r.idle_ms = r.gradients_done_ms - r.busy_ms;
    r.closed_form_ms = Ratio(m + p - 1) * (s.forward_ms + s.backward_ms);
    r.utilisation = Ratio(m, m + p - 1);
    r.bubble_share = Ratio(p - 1, m);
    return r;
}

ClosedFormBubbles closed_form_bubbles(u128 stages, u128 micro_batches, u128 virtual_stages, const Ratio& forward_ms,
                                      const Ratio& input_grad_ms, const Ratio& weight_grad_ms) {
    const Ratio gaps(stages - 1);
    auto floor_zero = [](const Ratio& plus, const Ratio& minus) { return minus < plus ? plus - minus : Ratio(0); };
    ClosedFormBubbles b;
    b.one_f_one_b_ms = gaps * (forward_ms + input_grad_ms + weight_grad_ms);
    b.zb_h1_ms = gaps * floor_zero(forward_ms + input_grad_ms, weight_grad_ms);
    b.zb_h2_ms = gaps * floor_zero(forward_ms + input_grad_ms, Ratio(2) * weight_grad_ms);
    const Ratio fused = forward_ms + input_grad_ms + weight_grad_ms;
    const Ratio half_less_one = stages >= 2 ? Ratio(stages, 2) - Ratio(1) : Ratio(0);
    b.dualpipe_ms = half_less_one * floor_zero(fused + input_grad_ms + weight_grad_ms, Ratio(3) * weight_grad_ms);
    b.interleaved_share = Ratio(stages - 1, mul(virtual_stages, micro_batches));
    return b;
}

LinkCounts link_counts(u128 stages, u128 micro_batches, u128 virtual_stages, const Ratio& link_ms) {
    LinkCounts c;
    c.boundaries = stages - 1;
    c.interleaved_boundaries = mul(virtual_stages, stages) - 1;
    c.forward_messages = mul(micro_batches, c.boundaries);
    c.interleaved_forward_messages = mul(micro_batches, c.interleaved_boundaries);
    c.fill_links_ms = Ratio(c.boundaries) * link_ms;
    c.drain_links_ms = c.fill_links_ms;
    return c;
}

namespace {

struct PipelineHold {
    Ratio at;
    bool release;
    Ratio bytes;
};

// Adds bytes held on [from, to); an empty interval holds nothing.
void pipeline_hold(std::vector<PipelineHold>& holds, const Ratio& from, const Ratio& to, const Ratio& bytes) {
    if (!(from < to)) return;
    holds.push_back({from, false, bytes});
    holds.push_back({to, true, bytes});
}

Ratio pipeline_peak_of(std::vector<PipelineHold>& holds) {
    std::sort(holds.begin(), holds.end(), [](const PipelineHold& a, const PipelineHold& b) {
        if (a.at != b.at) return a.at < b.at;
        return a.release && !b.release;
    });
    Ratio live, peak;
    for (const PipelineHold& h : holds) {
        live = h.release ? live - h.bytes : live + h.bytes;
        if (peak < live) peak = live;
    }
    return peak;
}

}  // namespace

std::vector<Ratio> activation_peaks(const PipelineRun& run, const PipelineShape& s, const std::vector<u128>& saved_bytes,
                                    u128 activation_message, u128 gradient_message) {
    const PipelineLayout& l = run.layout;
    const std::size_t n_stages = l.stages.size();
    std::vector<std::vector<const Slot*>> fwd(n_stages), bwd(n_stages), last(n_stages);
    for (std::size_t v = 0; v < n_stages; ++v) {
        const u128 count = l.micro_batches[l.stages[v].direction];
        fwd[v].resize(count);
        bwd[v].resize(count);
        last[v].resize(count);
    }
    for (const Slot& slot : run.slots) {
        const u128 v = slot.virtual_stage, i = slot.micro_batch;
        if (slot.kind == SlotKind::Forward) fwd[v][i] = &slot;
        if (slot.kind == SlotKind::Backward) bwd[v][i] = &slot;
        // The saved copy lives until the micro-batch's last backward-side slot (W when split).
        if (slot.kind != SlotKind::Forward && (!last[v][i] || last[v][i]->end_ms < slot.end_ms)) last[v][i] = &slot;
    }
    std::vector<std::vector<PipelineHold>> holds(s.stages);
    const Ratio act(activation_message), grad(gradient_message);
    for (std::size_t d = 0; d < l.flows.size(); ++d) {
        const std::vector<u128>& flow = l.flows[d];
        for (u128 i = 0; i < l.micro_batches[d]; ++i)
            for (std::size_t k = 0; k < flow.size(); ++k) {
                const u128 v = flow[k], card = l.stages[v].card;
                pipeline_hold(holds[card], fwd[v][i]->start_ms, last[v][i]->end_ms, Ratio(saved_bytes[l.stages[v].group]));
                if (k + 1 < flow.size()) {  // the forward message to the next block
                    const u128 next = flow[k + 1];
                    const Ratio sent = fwd[v][i]->end_ms;
                    pipeline_hold(holds[card], sent, sent + s.link_ms, act);
                    pipeline_hold(holds[l.stages[next].card], sent, fwd[next][i]->start_ms, act);
                }
                if (k > 0) {  // the gradient back to the block before
                    const u128 prev = flow[k - 1];
                    const Ratio sent = bwd[v][i]->end_ms;
                    pipeline_hold(holds[card], sent, sent + s.link_ms, grad);
                    pipeline_hold(holds[l.stages[prev].card], sent, bwd[prev][i]->start_ms, grad);
                }
            }
    }
    std::vector<Ratio> peaks;
    for (auto& card : holds) peaks.push_back(pipeline_peak_of(card));
    return peaks;
}

}  // namespace tally::ch10
