// pipeline_schedule (§10.3.2, Table 10-f, Figures 10-17, 10-18 and 10-21 to
// 10-24, Exercise 10-4): the fill–drain, 1F1B, ZB-H1, interleaved 1F1B and
// DualPipe schedules run through the event model of
// src/core/ch10/pipeline_events.cpp — every slot's start and end, when the
// last gradient lands, the step with its update, the idle time per stage —
// and the chapter's closed-form bubbles of 1F1B, zero-bubble (ZB-H1, ZB-H2),
// DualPipe and interleaved 1F1B from the split of the backward; and the
// activation memory each stage holds at its peak (Fig. 10-20, Table 10-f's
// peak column) from the model's shape and the micro-batch's tokens.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/ops/ch10/dense_shape.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch10/pipeline_events.hpp"
#include "core/ch10/saved_activations.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kPipelineFields[] = {
    field::integer("stages", 2, 64, "4"),
    field::integer("micro_batches", 1, 256, "8"),
    field::of_kind("schedule", FieldKind::Text, "1f1b"),
    field::of_kind("forward_ms", FieldKind::Decimal, "10"),
    field::of_kind("backward_ms", FieldKind::Decimal, "20"),
    field::of_kind("weight_grad_ms", FieldKind::Decimal, "10"),
    field::of_kind("link_ms", FieldKind::Decimal, "1"),
    field::of_kind("update_ms", FieldKind::Decimal, "1"),
    field::integer("virtual_stages", 1, 64, "2"),
    field::of_kind("model", FieldKind::Model, "qwen3-8b"),
    field::integer("micro_batch_tokens", 1, u128{1} << 24, "128"),
};

// Whole MiB, as Table 10-f prints a stage's peak.
std::string pipeline_mib_text(const Ratio& bytes) { return fixed(bytes / Ratio(u128{1} << 20), 0) + " MiB"; }

// A time to a tenth of a ms, as a drawing labels it (blocks of 50/9 ms under
// interleaving; whole times stay whole).
std::string pipeline_ms_text(const Ratio& ms) { return trimmed(ms, 1); }

// Each stage's peak under `run`, and the largest of them.
struct PipelinePeaks {
    std::vector<Ratio> stages;
    Ratio largest;
    u128 largest_stage = 0;
};
PipelinePeaks pipeline_peaks(const ch10::PipelineRun& run, const ch10::PipelineShape& s, const ch10::SavedActivations& saved) {
    PipelinePeaks out;
    out.stages = ch10::activation_peaks(run, s, saved.stage_bytes, saved.activation_message_bytes, saved.gradient_message_bytes);
    for (std::size_t i = 0; i < out.stages.size(); ++i)
        if (out.largest < out.stages[i]) {
            out.largest = out.stages[i];
            out.largest_stage = i;
        }
    return out;
}

ch10::Schedule schedule_named(const std::string& name) {
    if (name == "fill-drain") return ch10::Schedule::FillDrain;
    if (name == "zb-h1") return ch10::Schedule::ZeroBubbleH1;
    if (name == "interleaved") return ch10::Schedule::Interleaved;
    if (name == "dualpipe") return ch10::Schedule::DualPipe;
    return ch10::Schedule::OneFOneB;
}

// Refuses a shape the schedule cannot run, naming the field.
void check_pipeline_shape(const ch10::PipelineShape& s, u128 layers) {
    switch (ch10::pipeline_problem(s)) {
        case ch10::PipelineProblem::None: return;
        case ch10::PipelineProblem::MicroBatchesNotMultipleOfStages:
            throw FieldError("micro_batches", msg::ch10_interleaved_multiple,
                             {{"label", ch10_fields::label("micro_batches")},
                              {"stages", std::to_string(static_cast<unsigned long long>(s.stages))}});
        case ch10::PipelineProblem::TooFewVirtualStages:
        case ch10::PipelineProblem::BlocksMismatch:
            throw FieldError("virtual_stages", msg::ch10_interleaved_blocks,
                             {{"label", ch10_fields::label("virtual_stages")},
                              {"layers", std::to_string(static_cast<unsigned long long>(layers))}});
        case ch10::PipelineProblem::OddMicroBatches:
            throw FieldError("micro_batches", msg::ch10_dualpipe_even, {{"label", ch10_fields::label("micro_batches")}});
    }
}

// A slot's id for a ledger path: kind, micro-batch, "r" on DualPipe's reverse
// copy, "@" card, and "c" with the block when a card runs more than one
// (F0@3 is micro-batch 0's first forward on card 3, F0@3c1 its second block).
std::string slot_id(const ch10::Slot& slot, const std::string& kind) {
    auto text = [](u128 n) { return std::to_string(static_cast<unsigned long long>(n)); };
    return kind + text(slot.micro_batch) + (slot.direction ? "r" : "") + "@" + text(slot.stage) +
           (slot.chunk && !slot.direction ? "c" + text(slot.chunk) : "");
}

Json op_pipeline_schedule(const Json& req) {
    RequestFields f(req, kPipelineFields);
    ch10::PipelineShape s;
    s.stages = f.integer_or("stages");
    s.micro_batches = f.integer_or("micro_batches");
    const std::string schedule =
        ch10_fields::choice_or(f, "schedule", {"fill-drain", "1f1b", "zb-h1", "interleaved", "dualpipe"}, "1f1b");
    s.schedule = schedule_named(schedule);
    s.forward_ms = ch10_fields::positive_or(f, "forward_ms", "10");
    s.backward_ms = ch10_fields::positive_or(f, "backward_ms", "20");
    // The closed forms split the backward into T_B (input gradient) and T_W
    // (weight gradient): T_B = backward − T_W.
    const Ratio weight = ch10_fields::non_negative_or(f, "weight_grad_ms", "10");
    s.weight_ms = weight;
    s.link_ms = ch10_fields::non_negative_or(f, "link_ms", "1");
    s.update_ms = ch10_fields::non_negative_or(f, "update_ms", "1");
    const u128 virtual_stages = f.integer_or("virtual_stages");
    const auto dense_shape = dense_shape_of(
        f.has("model") ? model_of(f) : find_model("model", "qwen3-8b"));  // read before the token count: fields are read in order
    const u128 tokens = f.integer_or("micro_batch_tokens");
    const ch10::SavedActivations saved = ch10::saved_activations(dense_shape, tokens, s.stages);
    // Interleaved: v·p blocks, the first ones a layer longer when L does not divide evenly.
    const ch10::SavedActivations blocks = ch10::saved_activations(
        dense_shape, tokens, s.schedule == ch10::Schedule::Interleaved ? mul(virtual_stages, s.stages) : s.stages);
    if (s.schedule == ch10::Schedule::Interleaved) {
        s.virtual_stages = virtual_stages;
        s.block_layers = blocks.layers;
    }
    check_pipeline_shape(s, dense_shape.layers);
    const Ratio input_grad = weight < s.backward_ms ? s.backward_ms - weight : Ratio(0);
    const ch10::PipelineRun run = ch10::run_pipeline(s);
    const ch10::ClosedFormBubbles b =
        ch10::closed_form_bubbles(s.stages, s.micro_batches, virtual_stages, s.forward_ms, input_grad, weight);
    const ch10::LinkCounts links = ch10::link_counts(s.stages, s.micro_batches, virtual_stages, s.link_ms);
    // Fill–drain's step and peaks, for the chapter's comparisons (1F1B is about 3 % slower here).
    ch10::PipelineShape fill_drain = s;
    fill_drain.schedule = ch10::Schedule::FillDrain;
    const ch10::PipelineRun fill_drain_run = s.schedule == ch10::Schedule::FillDrain ? run : ch10::run_pipeline(fill_drain);
    const Ratio fill_drain_ms = fill_drain_run.completion_ms;
    // What the links add to each stage's idle time: the same orders with no link delay.
    ch10::PipelineShape no_links = s;
    no_links.link_ms = 0;
    const Ratio idle_no_links = ch10::run_pipeline(no_links).idle_ms;
    const PipelinePeaks peaks = pipeline_peaks(run, s, blocks);
    const PipelinePeaks fill_drain_peaks = pipeline_peaks(fill_drain_run, fill_drain, saved);
    const Ratio hundred(100);
    Json r;
    r["schedule"] = schedule;
    r["gradients_done_ms"] = exact_json(run.gradients_done_ms);
    r["completion_ms"] = exact_json(run.completion_ms);
    r["gradients_done_display"] = pipeline_ms_text(run.gradients_done_ms);
    r["completion_display"] = pipeline_ms_text(run.completion_ms);
    r["busy_ms"] = exact_json(run.busy_ms);
    r["idle_ms"] = exact_json(run.idle_ms);
    r["idle_without_links_ms"] = exact_json(idle_no_links);
    // Greedy slot choice can make links shorten a schedule with two directions
    // (DualPipe): what the links add is then not a delay, and is left out.
    r["idle_from_links_ms"] = idle_no_links < run.idle_ms    ? exact_json(run.idle_ms - idle_no_links)
                              : idle_no_links == run.idle_ms ? Json(0)
                                                             : Json(nullptr);
    r["closed_form_ms"] = exact_json(run.closed_form_ms);
    r["utilisation_percent"] = exact_json(run.utilisation * hundred);
    r["bubble_percent"] = exact_json(run.bubble_share * hundred);
    r["interleaved_bubble_percent"] = exact_json(b.interleaved_share * hundred);
    r["bubble_1f1b_ms"] = exact_json(b.one_f_one_b_ms);
    r["bubble_zb_h1_ms"] = exact_json(b.zb_h1_ms);
    r["bubble_zb_h2_ms"] = exact_json(b.zb_h2_ms);
    r["bubble_dualpipe_ms"] = exact_json(b.dualpipe_ms);
    r["boundaries"] = exact_json(links.boundaries);
    r["interleaved_boundaries"] = exact_json(links.interleaved_boundaries);
    r["forward_messages"] = exact_json(links.forward_messages);
    r["interleaved_forward_messages"] = exact_json(links.interleaved_forward_messages);
    r["fill_links_ms"] = exact_json(links.fill_links_ms);
    r["drain_links_ms"] = exact_json(links.drain_links_ms);
    r["fill_drain_completion_ms"] = exact_json(fill_drain_ms);
    r["longer_than_fill_drain_percent"] =
        fill_drain_ms < run.completion_ms ? exact_json((run.completion_ms / fill_drain_ms - Ratio(1)) * hundred) : Json(0);
    r["saved_per_layer_bytes"] = exact_json(saved.per_layer_bytes);
    r["saved_final_bytes"] = exact_json(saved.final_bytes);
    r["activation_message_bytes"] = exact_json(saved.activation_message_bytes);
    r["gradient_message_bytes"] = exact_json(saved.gradient_message_bytes);
    r["peak_bytes"] = exact_json(peaks.largest);
    r["peak_display"] = pipeline_mib_text(peaks.largest);
    r["peak_stage"] = exact_json(peaks.largest_stage);
    r["fill_drain_peak_bytes"] = exact_json(fill_drain_peaks.largest);
    r["peak_below_fill_drain_percent"] = peaks.largest < fill_drain_peaks.largest
                                             ? exact_json((Ratio(1) - peaks.largest / fill_drain_peaks.largest) * hundred)
                                             : Json(0);
    r["stages"] = Json::array();
    for (u128 st = 0; st < s.stages; ++st) {
        r["stages"].push_back({{"id", "s" + std::to_string(static_cast<unsigned long long>(st))},
                               {"stage", exact_json(st)},
                               {"layers", exact_json(saved.layers[st])},
                               {"saved_bytes", exact_json(saved.stage_bytes[st])},
                               {"peak_bytes", exact_json(peaks.stages[st])},
                               {"peak_display", pipeline_mib_text(peaks.stages[st])},
                               {"busy_ms", exact_json(run.card_busy_ms[st])},
                               {"idle_ms", exact_json(run.gradients_done_ms - run.card_busy_ms[st])},
                               {"fill_drain_peak_bytes", exact_json(fill_drain_peaks.stages[st])}});
    }
    r["slots"] = Json::array();
    for (const ch10::Slot& slot : run.slots) {
        const std::string kind = slot.kind == ch10::SlotKind::Forward ? "F" : slot.kind == ch10::SlotKind::Weight ? "W" : "B";
        // The drawing's colour: the kind, and the card's block (interleaved) or the direction (DualPipe).
        const std::string shade = kind + std::to_string(static_cast<unsigned long long>(slot.direction ? 1 : slot.chunk % 2));
        r["slots"].push_back({{"id", slot_id(slot, kind)},
                              {"stage", exact_json(slot.stage)},
                              {"micro_batch", exact_json(slot.micro_batch)},
                              {"virtual_stage", exact_json(slot.virtual_stage)},
                              {"chunk", exact_json(slot.chunk)},
                              {"direction", exact_json(slot.direction)},
                              {"kind", kind},
                              {"shade", shade},
                              {"start_ms", exact_json(slot.start_ms)},
                              {"end_ms", exact_json(slot.end_ms)},
                              {"start_display", pipeline_ms_text(slot.start_ms)},
                              {"end_display", pipeline_ms_text(slot.end_ms)}});
    }
    return r;
}

constexpr ResultDecl kSlotItem[] = {
    result::text("id"),
    result::exact("stage"),
    result::exact("micro_batch"),
    result::exact("virtual_stage"),
    result::exact("chunk"),
    result::exact("direction"),
    result::text("kind"),
    result::text("shade"),
    result::exact("start_ms"),
    result::exact("end_ms"),
    result::display("start_display"),
    result::display("end_display"),
};
constexpr ResultDecl kStageItem[] = {
    result::text("id"),           result::exact("stage"),      result::exact("layers"),
    result::exact("saved_bytes"), result::exact("peak_bytes"), result::display("peak_display"),
    result::exact("busy_ms"),     result::exact("idle_ms"),    result::exact("fill_drain_peak_bytes"),
};
constexpr ResultDecl kPipelineResult[] = {
    result::text("schedule"),
    result::exact("gradients_done_ms"),
    result::exact("completion_ms"),
    result::display("gradients_done_display"),
    result::display("completion_display"),
    result::exact("busy_ms"),
    result::exact("idle_ms"),
    result::exact("idle_without_links_ms"),
    result::nullable(result::exact("idle_from_links_ms")),
    result::exact("closed_form_ms"),
    result::exact("utilisation_percent"),
    result::exact("bubble_percent"),
    result::exact("interleaved_bubble_percent"),
    result::exact("bubble_1f1b_ms"),
    result::exact("bubble_zb_h1_ms"),
    result::exact("bubble_zb_h2_ms"),
    result::exact("bubble_dualpipe_ms"),
    result::exact("boundaries"),
    result::exact("interleaved_boundaries"),
    result::exact("forward_messages"),
    result::exact("interleaved_forward_messages"),
    result::exact("fill_links_ms"),
    result::exact("drain_links_ms"),
    result::exact("fill_drain_completion_ms"),
    result::exact("longer_than_fill_drain_percent"),
    result::exact("saved_per_layer_bytes"),
    result::exact("saved_final_bytes"),
    result::exact("activation_message_bytes"),
    result::exact("gradient_message_bytes"),
    result::exact("peak_bytes"),
    result::display("peak_display"),
    result::exact("peak_stage"),
    result::exact("fill_drain_peak_bytes"),
    result::exact("peak_below_fill_drain_percent"),
    result::list("stages", kStageItem),
    result::list("slots", kSlotItem),
};
constexpr const char* kPipelineSamples[] = {
    R"({"op":"pipeline_schedule","schedule":"fill-drain"})",
    R"({"op":"pipeline_schedule","schedule":"1f1b","micro_batches":16})",
    R"({"op":"pipeline_schedule","schedule":"zb-h1"})",
    R"({"op":"pipeline_schedule","schedule":"interleaved","virtual_stages":2})",
    R"({"op":"pipeline_schedule","schedule":"dualpipe"})",
};

}  // namespace

const OpDef kPipelineScheduleOp = {"pipeline_schedule", op_pipeline_schedule, kPipelineFields, kPipelineResult, kPipelineSamples};

}  // namespace tally::api
