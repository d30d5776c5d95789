// Pipeline schedules as an event model (§10.3.2).  p stages, m micro-batches;
// each stage runs its own list of forward (F) and backward (B) slots in a
// fixed order, one at a time.  A slot starts when its stage is free and its
// input has arrived: F of micro-batch i on stage s waits for F(i) on s−1 plus
// the link delay, B(i) on s waits for B(i) on s+1 plus the link delay, and the
// last stage's B(i) waits for its own F(i).  The step ends when every stage
// has finished and the optimizer update (run after the last gradient) is done.
//   fill-drain (GPipe)  all forwards, then all backwards in the same order
//   1f1b                p−s−1 forwards to warm up, then one forward and one
//                       backward in turn, then the remaining backwards
//   zb-h1               the zero-bubble paper's ZB-H1 (Fig. 3, top): the
//                       backward split into the input gradient B (on the
//                       critical path, sent upstream) and the weight
//                       gradient W; B runs in 1F1B's places and stage s puts
//                       W of micro-batch i right after B of i + s, the last
//                       s W's after the final B.  The chapter names the paper
//                       for this slot order; the book's calculator encodes the
//                       same rule (training_pipeline_schedule.py).
// Both orders are the textbook ones; nothing is fitted to the chapter's 337
// and 347 ms, which come out of these rules.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

enum class Schedule { FillDrain, OneFOneB, ZeroBubbleH1 };

struct PipelineShape {
    u128 stages = 4;         // p
    u128 micro_batches = 8;  // m
    Ratio forward_ms;        // t_f per stage and micro-batch
    Ratio backward_ms;       // t_b per stage and micro-batch (B + W when split)
    Ratio weight_ms;         // T_W, the weight-gradient part of t_b (zb-h1 only)
    Ratio link_ms;           // one boundary crossing, either direction
    Ratio update_ms;         // the optimizer step after the last gradient
    Schedule schedule = Schedule::FillDrain;
};

enum class SlotKind { Forward, Backward, Weight };

struct Slot {
    u128 stage = 0;
    u128 micro_batch = 0;
    bool forward = true;
    SlotKind kind = SlotKind::Forward;  // Backward is the whole backward, or only B when split
    Ratio start_ms;
    Ratio end_ms;
};

struct PipelineRun {
    std::vector<Slot> slots;  // in each stage's order, stage by stage
    Ratio gradients_done_ms;  // the last backward's end
    Ratio completion_ms;      // + update
    Ratio busy_ms;            // per stage: m (t_f + t_b)
    Ratio idle_ms;            // per stage: gradients done − busy
    // The gap closed form: (m + p − 1)(t_f + t_b) with no links or update.
    Ratio closed_form_ms;
    Ratio utilisation;   // m / (m + p − 1)
    Ratio bubble_share;  // (p − 1) / m
};

// The caller bounds stages and micro-batches (the slot list has 2pm entries, 3pm split).
PipelineRun run_pipeline(const PipelineShape& s);

// The chapter's closed-form bubbles per stage (ms), from the split of the
// backward into the input gradient T_B and the weight gradient T_W:
//   1F1B    (p−1)(T_F + T_B + T_W)
//   ZB-H1   (p−1)(T_F + T_B − T_W)      (0 when negative)
//   ZB-H2   (p−1)(T_F + T_B − 2T_W)     (0 when negative)
//   DualPipe (p/2 − 1)(T_F&B + T_Bfull − 3T_W), with the fused forward and
//            backward T_F&B = T_F + T_B + T_W and the whole backward
//            T_Bfull = T_B + T_W
//   interleaved share (1/v)(p−1)/m
struct ClosedFormBubbles {
    Ratio one_f_one_b_ms;
    Ratio zb_h1_ms;
    Ratio zb_h2_ms;
    Ratio dualpipe_ms;
    Ratio interleaved_share;
};
ClosedFormBubbles closed_form_bubbles(u128 stages, u128 micro_batches, u128 virtual_stages, const Ratio& forward_ms,
                                      const Ratio& input_grad_ms, const Ratio& weight_grad_ms);

// What the links cost, counted rather than simulated.  A micro-batch crosses
// p − 1 stage boundaries on its way forward; interleaving v chunks per card
// makes it cross v·p − 1.  Fill–drain pays the boundaries once while the
// first micro-batch fills the pipe and once while the last gradient drains
// it, which is why its step is the closed form plus 2(p − 1) links and the
// update.
struct LinkCounts {
    u128 boundaries = 0;                    // p − 1
    u128 interleaved_boundaries = 0;        // v·p − 1
    u128 forward_messages = 0;              // m (p − 1)
    u128 interleaved_forward_messages = 0;  // m (v·p − 1)
    Ratio fill_links_ms;                    // (p − 1) · link
    Ratio drain_links_ms;                   // (p − 1) · link
};
LinkCounts link_counts(u128 stages, u128 micro_batches, u128 virtual_stages, const Ratio& link_ms);

// The activation memory a run keeps live on each stage, as the book's
// calculator reserves it (training_pipeline_schedule.py, `_peaks`):
//   saved     a micro-batch's saved bytes, from its forward's start to its
//             backward's end on that stage (its W's end when split: the
//             calculator keeps the whole copy until the weight gradient)
//   send      a message's bytes on the sender, from the producing slot's end
//             until the link has carried it
//   receive   the same bytes on the receiver, from the moment the link starts
//             carrying it until the consuming slot starts
// Forward messages carry `activation_message` bytes, backward ones
// `gradient_message`.  At one instant, releases count before new holds.
// Returns each stage's peak of live bytes.
std::vector<Ratio> activation_peaks(const PipelineRun& run, const PipelineShape& s, const std::vector<u128>& saved_bytes,
                                    u128 activation_message, u128 gradient_message);

}  // namespace tally::ch10
