#include "pipeline_events.hpp"

#include <algorithm>

namespace tally::ch10 {

namespace {

struct Op {
    SlotKind kind;
    u128 micro_batch;
};

// Stage s's slot order under the schedule.
std::vector<Op> stage_order(const PipelineShape& s, u128 stage) {
    std::vector<Op> order;
    const u128 m = s.micro_batches;
    const SlotKind F = SlotKind::Forward, B = SlotKind::Backward;
    if (s.schedule == Schedule::FillDrain) {
        for (u128 i = 0; i < m; ++i) order.push_back({F, i});
        for (u128 i = 0; i < m; ++i) order.push_back({B, i});
        return order;
    }
    const u128 warm = std::min<u128>(s.stages - stage - 1, m);
    u128 next_f = 0, next_b = 0;
    for (; next_f < warm; ++next_f) order.push_back({F, next_f});
    while (next_f < m) {
        order.push_back({F, next_f++});
        order.push_back({B, next_b++});
    }
    while (next_b < m) order.push_back({B, next_b++});
    if (s.schedule != Schedule::ZeroBubbleH1) return order;
    // ZB-H1: W of micro-batch i − stage right after B of i; the rest at the end.
    std::vector<Op> split;
    u128 next_w = 0;
    for (const Op& op : order) {
        split.push_back(op);
        if (op.kind == B && op.micro_batch >= stage) split.push_back({SlotKind::Weight, next_w++});
    }
    for (; next_w < m; ++next_w) split.push_back({SlotKind::Weight, next_w});
    return split;
}

Ratio max_of(const Ratio& a, const Ratio& b) { return a < b ? b : a; }

}  // namespace

PipelineRun run_pipeline(const PipelineShape& s) {
    const u128 p = s.stages, m = s.micro_batches;
    std::vector<std::vector<Op>> orders;
    for (u128 st = 0; st < p; ++st) orders.push_back(stage_order(s, st));
    // End times by [stage][micro-batch]; `done` marks the slots already placed.
    std::vector<std::vector<Ratio>> f_end(p, std::vector<Ratio>(m)), b_end(p, std::vector<Ratio>(m));
    std::vector<std::vector<bool>> f_done(p, std::vector<bool>(m)), b_done(p, std::vector<bool>(m));
    std::vector<std::size_t> next(p, 0);
    std::vector<Ratio> free_at(p);
    std::vector<std::vector<Slot>> placed(p);
    // Place any slot whose input is ready, stage by stage, until none is left;
    // each pass places at least one slot while the schedule is deadlock-free.
    const bool split = s.schedule == Schedule::ZeroBubbleH1;
    const Ratio input_grad_ms = split ? (s.weight_ms < s.backward_ms ? s.backward_ms - s.weight_ms : Ratio(0)) : s.backward_ms;
    const Ratio weight_ms = split ? s.backward_ms - input_grad_ms : Ratio(0);
    std::size_t remaining = static_cast<std::size_t>((split ? 3 : 2) * p * m);
    while (remaining > 0) {
        bool progress = false;
        for (u128 st = 0; st < p; ++st) {
            while (next[st] < orders[st].size()) {
                const Op op = orders[st][next[st]];
                const u128 i = op.micro_batch;
                Ratio ready;
                if (op.kind == SlotKind::Weight) {
                    // Its B ran earlier on this stage: only the stage's own order holds it back.
                } else if (op.kind == SlotKind::Forward) {
                    if (st > 0) {
                        if (!f_done[st - 1][i]) break;
                        ready = f_end[st - 1][i] + s.link_ms;
                    }
                } else if (st + 1 < p) {
                    if (!b_done[st + 1][i]) break;
                    ready = b_end[st + 1][i] + s.link_ms;
                } else {
                    if (!f_done[st][i]) break;
                    ready = f_end[st][i];
                }
                const Ratio start = max_of(ready, free_at[st]);
                const bool forward = op.kind == SlotKind::Forward;
                const Ratio end = start + (forward ? s.forward_ms : op.kind == SlotKind::Backward ? input_grad_ms : weight_ms);
                if (op.kind != SlotKind::Weight) {
                    (forward ? f_end : b_end)[st][i] = end;
                    (forward ? f_done : b_done)[st][i] = true;
                }
                free_at[st] = end;
                placed[st].push_back({st, i, forward, op.kind, start, end});
                ++next[st];
                --remaining;
                progress = true;
            }
        }
        if (!progress) break;  // cannot happen for the two orders above
    }
    PipelineRun r;
    for (const auto& stage : placed)
        for (const Slot& slot : stage) {
            r.slots.push_back(slot);
            r.gradients_done_ms = max_of(r.gradients_done_ms, slot.end_ms);
        }
    r.completion_ms = r.gradients_done_ms + s.update_ms;
    r.busy_ms = Ratio(m) * (s.forward_ms + s.backward_ms);
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
    const u128 p = s.stages, m = s.micro_batches;
    std::vector<std::vector<const Slot*>> fwd(p, std::vector<const Slot*>(m)), bwd(p, std::vector<const Slot*>(m)),
        last(p, std::vector<const Slot*>(m));
    for (const Slot& slot : run.slots) {
        if (slot.kind == SlotKind::Forward) fwd[slot.stage][slot.micro_batch] = &slot;
        if (slot.kind == SlotKind::Backward) bwd[slot.stage][slot.micro_batch] = &slot;
        // The saved copy lives until the micro-batch's last backward-side slot (W when split).
        if (slot.kind != SlotKind::Forward) {
            const Slot*& held = last[slot.stage][slot.micro_batch];
            if (!held || held->end_ms < slot.end_ms) held = &slot;
        }
    }
    std::vector<std::vector<PipelineHold>> holds(p);
    const Ratio act(activation_message), grad(gradient_message);
    for (u128 st = 0; st < p; ++st) {
        for (u128 i = 0; i < m; ++i) {
            pipeline_hold(holds[st], fwd[st][i]->start_ms, last[st][i]->end_ms, Ratio(saved_bytes[st]));
            if (st + 1 < p) {  // the forward message to the next stage
                const Ratio sent = fwd[st][i]->end_ms;
                pipeline_hold(holds[st], sent, sent + s.link_ms, act);
                pipeline_hold(holds[st + 1], sent, fwd[st + 1][i]->start_ms, act);
            }
            if (st > 0) {  // the gradient back to the previous stage
                const Ratio sent = bwd[st][i]->end_ms;
                pipeline_hold(holds[st], sent, sent + s.link_ms, grad);
                pipeline_hold(holds[st - 1], sent, bwd[st - 1][i]->start_ms, grad);
            }
        }
    }
    std::vector<Ratio> peaks;
    for (auto& stage : holds) peaks.push_back(pipeline_peak_of(stage));
    return peaks;
}

}  // namespace tally::ch10
