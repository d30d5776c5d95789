// Pipeline schedules as an event model (§10.3.2).  p cards, m micro-batches.
// The model's layers are cut into blocks ("virtual stages"); each card runs
// one or more of them, in a fixed slot order per card (DualPipe: one order per
// direction, sharing the card).  A slot starts when its card is free and its
// input has arrived: F of micro-batch i on a block waits for F(i) on the block
// before it plus the link delay, B(i) waits for its own F(i) and for B(i) on
// the block after it plus the link delay.  Of the slots ready on a card, the
// one that can start first runs; at a tie the input gradient goes before a
// forward, a forward before a weight gradient, and the direction fed from
// card 0 first.  The step ends when every gradient is done and the optimizer
// update (after the last gradient) has run.  A link is a fixed delay, not a
// queue: a card sends at most one message per slot down each link, and in the
// chapter's example every slot outlasts a link, so no message ever waits.
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
//   interleaved         Megatron-LM's interleaved 1F1B: v blocks per card, block
//                       c of card g is virtual stage c·p + g, each as long as
//                       its share of the card's layers; card g warms up with
//                       2(p−g−1) + (v−1)p forwards, then one forward and one
//                       backward in turn.  The k-th forward is block (k div p)
//                       mod v of micro-batch (k div pv)·p + k mod p; backwards
//                       walk the blocks in reverse.  m must be a multiple of p.
//   dualpipe            half the micro-batches enter at card 0, half at card
//                       p−1 on a second copy of the stages (card g runs stage
//                       p−1−g of the reverse direction); each direction runs
//                       the split-backward 1F1B order, card g putting W of
//                       micro-batch i after B of i + (its distance from that
//                       direction's last card), the rest after the final B.
// The chapter gives only the idea of the last two (blocks per card, feeding
// from both ends); the slot orders are the rules the book's calculator records
// as declared_schedule_rule (training_pipeline_schedule.py at 899ms/ai-infra-book
// 023cf31f, results training-pipeline-{interleaved,dualpipe}-m8/m16).  Nothing
// is fitted to the chapter's 337, 347, 298, 283 or 306 ms: they come out of
// these rules.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

enum class Schedule { FillDrain, OneFOneB, ZeroBubbleH1, Interleaved, DualPipe };

struct PipelineShape {
    u128 stages = 4;         // p
    u128 micro_batches = 8;  // m
    Ratio forward_ms;        // t_f per stage and micro-batch
    Ratio backward_ms;       // t_b per stage and micro-batch (B + W when split)
    Ratio weight_ms;         // T_W, the weight-gradient part of t_b (zb-h1 only)
    Ratio link_ms;           // one boundary crossing, either direction
    Ratio update_ms;         // the optimizer step after the last gradient
    Schedule schedule = Schedule::FillDrain;
    // Interleaved only: v, and the layers of each of the v·p blocks in model
    // order (block s runs on card s mod p).  A block's times are t_f and t_b
    // scaled by its layers over a card's average, layers · p / L.
    u128 virtual_stages = 1;
    std::vector<u128> block_layers;
};

// One block of layers in a schedule: which card runs it, which of the card's
// blocks it is, which direction it serves (DualPipe's reverse copy is 1), and
// which layer group it holds (the index into the saved bytes per group).
struct VirtualStage {
    u128 card = 0;
    u128 chunk = 0;
    u128 direction = 0;
    u128 group = 0;
    Ratio scale;  // its time over a whole stage's t_f, t_b
};

struct PipelineLayout {
    std::vector<VirtualStage> stages;      // by virtual-stage id
    std::vector<std::vector<u128>> flows;  // per direction: virtual stages in the order data flows
    std::vector<u128> micro_batches;       // per direction
};

enum class SlotKind { Forward, Backward, Weight };

struct Slot {
    u128 stage = 0;        // the card
    u128 micro_batch = 0;  // within its direction
    u128 virtual_stage = 0;
    u128 chunk = 0;
    u128 direction = 0;
    bool forward = true;
    SlotKind kind = SlotKind::Forward;  // Backward is the whole backward, or only B when split
    Ratio start_ms;
    Ratio end_ms;
};

struct PipelineRun {
    PipelineLayout layout;
    std::vector<Slot> slots;          // card by card, in the order each card runs them
    Ratio gradients_done_ms;          // the last backward's end
    Ratio completion_ms;              // + update
    std::vector<Ratio> card_busy_ms;  // per card: the time its slots take
    Ratio busy_ms;                    // the busiest card's; m (t_f + t_b) when blocks are even
    Ratio idle_ms;                    // gradients done − busy
    // The gap closed form: (m + p − 1)(t_f + t_b) with no links or update.
    Ratio closed_form_ms;
    Ratio utilisation;   // m / (m + p − 1)
    Ratio bubble_share;  // (p − 1) / m
};

// Why a shape cannot run; the op names the field.
enum class PipelineProblem { None, MicroBatchesNotMultipleOfStages, TooFewVirtualStages, BlocksMismatch, OddMicroBatches };
PipelineProblem pipeline_problem(const PipelineShape& s);

// The caller bounds stages and micro-batches (the slot list has 2pmv entries,
// 3pm split) and checks pipeline_problem first.
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
// `saved_bytes` is per layer group (the layout's `group`).  Returns each
// card's peak of live bytes.
std::vector<Ratio> activation_peaks(const PipelineRun& run, const PipelineShape& s, const std::vector<u128>& saved_bytes,
                                    u128 activation_message, u128 gradient_message);

}  // namespace tally::ch10
