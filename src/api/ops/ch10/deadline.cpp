// The design case and the compute lower bounds (§10.1.1, §10.1.3, §10.2.4,
// §10.3.3, §10.4.1, §10.6.1, §10.6.2, Table 10-j, Exercises 10-2, 10-3, 10-9):
//   training_deadline  a dense model on p cards under ZeRO-3: memory, compute,
//                      link and exposed time per step, checkpoint and failure
//                      overhead, days to finish against the deadline, the step
//                      budget and the least efficiency that meets it
//   compute_floor      the fewest cards a token budget needs by compute alone,
//                      tokens per second per card, and days on a given count
// Training FLOPs are chapter 3's (core/ch03/training.cpp: forward plus two
// backward products, attention included); the closed forms are
// src/core/ch10/design_case.cpp and checkpoint_interval.cpp.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch03/training.hpp"
#include "core/ch10/checkpoint_interval.hpp"
#include "core/ch10/compute_floor.hpp"
#include "core/ch10/design_case.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "core/params.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// The training FLOPs of `sequences` sequences of `sequence` tokens, every
// position with a loss (chapter 3's training step).
ch03::TrainingWork training_flops(const ModelSpec& m, u128 sequences, u128 sequence) {
    ch03::TrainingShape shape;
    shape.batch = sequences;
    shape.input = sequence;
    return ch03::training_work(m, shape);
}

// The card's BF16 dense peak in FLOP/s: peak_tflops when sent, else the
// catalog device `gpu` names, else `fallback_gpu`'s.
Ratio peak_of(const RequestFields& f, const char* fallback_gpu) {
    if (f.has("peak_tflops")) return ch10_fields::positive_or(f, "peak_tflops", "1") * kTera;
    if (f.has("gpu"))
        return require_peak(device_rates(f, std::nullopt, std::nullopt, "bf16"), "bf16", ch10_fields::label("peak_tflops"));
    return *find_gpu("gpu", fallback_gpu).dense_peak("bf16");
}

Json percent(const Ratio& share) { return exact_json(share * kHundred); }

// Display text at the book's printed precision: seconds of a step to one
// decimal (78.3 s), the sub-second exposed time to two (0.08 s), shares as
// percentages to two (1.02%), days to one (34.3) like finish_display.
std::string seconds_text(const Ratio& seconds, unsigned places) { return fixed(seconds, places) + " s"; }
std::string percent_text(const Ratio& share) { return fixed(share * kHundred, 2) + "%"; }

// ---- training_deadline -----------------------------------------------------

constexpr FieldDecl kDeadlineFields[] = {
    fields::kModel,
    field::integer("train_tokens", 1, kMaxCount, "100000000000"),
    field::integer("sequence", 1, u128{1} << 24, "8192"),
    field::integer("sequences", 1, u128{1} << 24, "384"),
    field::integer("cards", 1, u128{1} << 20, "48"),
    field::integer("cards_per_host", 1, 1024, "8"),
    fields::kGpu,
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("efficiency_percent", FieldKind::Decimal, "40"),
    field::of_kind("link_gb_per_second", FieldKind::Decimal, "32"),
    field::of_kind("input_wait_seconds", FieldKind::Decimal, "0.5"),
    field::of_kind("usable_gib", FieldKind::Decimal, "22"),
    field::of_kind("live_gib", FieldKind::Decimal, "10"),
    field::of_kind("gradients", FieldKind::Text, "bf16"),
    field::integer("checkpoint_bytes_per_param", 1, 64, "14"),
    field::of_kind("checkpoint_gb_per_second", FieldKind::Decimal, "7"),
    field::of_kind("interval_seconds", FieldKind::Decimal, "1800"),
    field::of_kind("job_mtbf_hours", FieldKind::Decimal, "7.9"),
    field::integer("mtbf_cards", 1, u128{1} << 20, "1024"),
    field::of_kind("recovery_seconds", FieldKind::Decimal, "120"),
    field::of_kind("deadline_days", FieldKind::Decimal, "30"),
    field::of_kind("reserve_days", FieldKind::Decimal, "5"),
};

Json op_training_deadline(const Json& req) {
    RequestFields f(req, kDeadlineFields);
    const ModelSpec m = model_of(f);
    ch10::DesignInputs in;
    in.tokens = f.integer_or("train_tokens");
    const u128 sequence = f.integer_or("sequence");
    in.step_sequences = f.integer_or("sequences");
    in.step_tokens = mul(sequence, in.step_sequences);
    in.cards = f.integer_or("cards");
    in.cards_per_host = f.integer_or("cards_per_host");
    in.params = total_params(m);
    in.embedding_params = mul(m.vocab, m.hidden);
    const ch03::TrainingWork work = training_flops(m, in.step_sequences, sequence);
    in.flops_per_step = work.total;
    in.peak_flops = peak_of(f, "rtx-4090");
    in.efficiency = ch10_fields::percent_share_or(f, "efficiency_percent", "40");
    in.link_bytes_per_second = ch10_fields::positive_or(f, "link_gb_per_second", "32") * kGiga;
    in.input_wait_seconds = ch10_fields::non_negative_or(f, "input_wait_seconds", "0.5");
    in.usable_bytes = ch10_fields::positive_or(f, "usable_gib", "22") * kGiB;
    in.live_bytes = ch10_fields::non_negative_or(f, "live_gib", "10") * kGiB;
    in.state_bytes_per_param = ch10_fields::choice_or(f, "gradients", {"bf16", "fp32"}, "bf16") == "fp32" ? 18 : 16;
    in.checkpoint_bytes = Ratio(mul(in.params, f.integer_or("checkpoint_bytes_per_param")));
    in.checkpoint_bytes_per_second = ch10_fields::positive_or(f, "checkpoint_gb_per_second", "7") * kGiga;
    in.interval_seconds = ch10_fields::positive_or(f, "interval_seconds", "1800");
    const Ratio mtbf = ch10_fields::positive_or(f, "job_mtbf_hours", "7.9") * kHour;
    in.rate_per_second = ch10::job_rate(in.cards, f.integer_or("mtbf_cards"), mtbf);
    in.recovery_seconds = ch10_fields::non_negative_or(f, "recovery_seconds", "120");
    in.deadline_days = ch10_fields::positive_or(f, "deadline_days", "30");
    in.reserve_days = ch10_fields::non_negative_or(f, "reserve_days", "5");
    if (in.deadline_days <= in.reserve_days) {
        throw FieldError("reserve_days", msg::ch10_reserve_past_deadline, {{"label", ch10_fields::label("reserve_days")}});
    }
    const ch10::DesignCase d = ch10::design_case(in);
    Json r;
    r["model"] = m.id;
    r["params"] = exact_json(in.params);
    r["embedding_params"] = exact_json(in.embedding_params);
    r["cards"] = exact_json(in.cards);
    r["hosts"] = exact_json(d.hosts);
    r["step_tokens"] = exact_json(in.step_tokens);
    r["steps"] = exact_json(d.steps);
    r["micro_batches"] = exact_json(d.micro_batches);
    r["peak_tflops"] = exact_json(in.peak_flops / kTera);
    r["flops_per_step"] = exact_json(in.flops_per_step);
    r["flops_per_sequence"] = exact_json(in.flops_per_step / Ratio(in.step_sequences));
    r["flops_per_token"] = exact_json(in.flops_per_step / Ratio(in.step_tokens));
    r["flops_total"] = exact_json(in.flops_per_step / Ratio(in.step_tokens) * Ratio(in.tokens));
    r["state_bytes"] = exact_json(Ratio(mul(in.params, in.state_bytes_per_param)));
    // BF16 bytes of the input embedding (the unit whose collectives stay
    // exposed) and of one transformer layer: what is left after the
    // embedding and an untied head, shared evenly over the layers.
    const u128 embeddings = m.tie_embeddings ? in.embedding_params : mul(2, in.embedding_params);
    const Ratio layer_bytes = Ratio(mul(2, sub(in.params, embeddings)), m.total_layers());
    r["embedding_bytes"] = exact_json(mul(2, in.embedding_params));
    r["layer_bytes"] = exact_json(layer_bytes);
    r["layer_link_ms"] = exact_json(layer_bytes / in.link_bytes_per_second * Ratio(1000));
    r["resident_bytes"] = exact_json(d.resident_bytes);
    r["peak_bytes"] = exact_json(d.peak_bytes);
    r["usable_bytes"] = exact_json(in.usable_bytes);
    r["fits"] = d.fits;
    r["memory_margin_bytes"] = exact_json(d.memory_margin_bytes);
    r["compute_seconds"] = exact_json(d.compute_seconds);
    r["compute_per_micro_batch_seconds"] = exact_json(d.compute_per_micro_batch);
    r["collective_bytes"] = exact_json(d.collective_bytes);
    r["link_bytes"] = exact_json(d.link_bytes);
    r["link_seconds"] = exact_json(d.link_seconds);
    r["link_per_micro_batch_seconds"] = exact_json(d.link_per_micro_batch);
    r["exposed_seconds"] = exact_json(d.exposed_seconds);
    r["step_seconds"] = exact_json(d.step_seconds);
    r["unhidden_step_seconds"] = exact_json(d.unhidden_step_seconds);
    r["checkpoint_bytes"] = exact_json(in.checkpoint_bytes);
    r["checkpoint_seconds"] = exact_json(d.checkpoint_seconds);
    r["checkpoint_mb_per_seconds"] = exact_json(in.checkpoint_bytes / in.interval_seconds / Ratio(1000000));
    r["save_percent"] = percent(d.save_share);
    r["redo_percent"] = percent(d.redo_share);
    r["recovery_percent"] = percent(d.recovery_share);
    r["overhead_percent"] = percent(d.overhead_share);
    r["base_days"] = exact_json(d.base_days);
    r["training_days"] = exact_json(d.training_days);
    r["finish_days"] = exact_json(d.finish_days);
    r["on_time"] = d.on_time;
    r["spare_days"] = exact_json(d.spare_days);
    r["late_days"] = exact_json(d.late_days);
    r["deadline_step_seconds"] = exact_json(d.deadline_step_seconds);
    r["raw_step_budget_seconds"] = exact_json(d.raw_step_budget_seconds);
    r["step_budget_seconds"] = exact_json(d.step_budget_seconds);
    r["budget_met"] = d.budget_met;
    r["step_margin_seconds"] = exact_json(d.step_margin_seconds);
    // Before the overhead: the raw step budget less the compute alone (§10.1.3's margin).
    r["compute_margin_seconds"] = d.compute_seconds <= d.raw_step_budget_seconds
                                      ? exact_json(d.raw_step_budget_seconds - d.compute_seconds)
                                      : Json(nullptr);
    r["exposed_share_percent"] = exact_json(d.exposed_seconds / d.step_seconds * Ratio(100));
    r["communication_budget_seconds"] = exact_json(d.communication_budget_seconds);
    r["compute_budget_seconds"] = exact_json(d.compute_budget_seconds);
    r["minimum_efficiency_percent"] = percent(d.minimum_efficiency);
    r["tokens_per_second_deadline"] = exact_json(d.tokens_per_second_deadline);
    r["tokens_per_second_after_reserve"] = exact_json(d.tokens_per_second_after_reserve);
    r["card_hours"] = exact_json(d.card_hours);
    r["card_hours_with_reserve"] = exact_json(d.card_hours_with_reserve);
    r["finish_display"] = fixed(d.finish_days, 1);
    r["compute_display"] = seconds_text(d.compute_seconds, 1);
    r["link_display"] = seconds_text(d.link_seconds, 1);
    r["exposed_display"] = seconds_text(d.exposed_seconds, 2);
    r["step_display"] = seconds_text(d.step_seconds, 1);
    r["overhead_display"] = percent_text(d.overhead_share);
    r["training_days_display"] = fixed(d.training_days, 1);
    r["spare_days_display"] = fixed(d.spare_days, 1);
    r["late_days_display"] = fixed(d.late_days, 1);
    // The finish as three stacked parts: the bare steps, what saves,
    // failures and recovery add on top, and the reserve.
    r["overhead_days"] = exact_json(d.training_days - d.base_days);
    r["reserve_days"] = exact_json(in.reserve_days);
    r["base_days_display"] = fixed(d.base_days, 1);
    r["overhead_days_display"] = fixed(d.training_days - d.base_days, 1);
    r["reserve_days_display"] = fixed(in.reserve_days, 1);
    return r;
}

constexpr ResultDecl kDeadlineResult[] = {
    result::text("model"),
    result::exact("params"),
    result::exact("embedding_params"),
    result::exact("cards"),
    result::exact("hosts"),
    result::exact("step_tokens"),
    result::exact("steps"),
    result::exact("micro_batches"),
    result::exact("peak_tflops"),
    result::exact("flops_per_step"),
    result::exact("flops_per_sequence"),
    result::exact("flops_per_token"),
    result::exact("flops_total"),
    result::exact("state_bytes"),
    result::exact("embedding_bytes"),
    result::exact("layer_bytes"),
    result::exact("layer_link_ms"),
    result::exact("resident_bytes"),
    result::exact("peak_bytes"),
    result::exact("usable_bytes"),
    result::flag("fits"),
    result::exact("memory_margin_bytes"),
    result::exact("compute_seconds"),
    result::exact("compute_per_micro_batch_seconds"),
    result::exact("collective_bytes"),
    result::exact("link_bytes"),
    result::exact("link_seconds"),
    result::exact("link_per_micro_batch_seconds"),
    result::exact("exposed_seconds"),
    result::exact("step_seconds"),
    result::exact("unhidden_step_seconds"),
    result::exact("checkpoint_bytes"),
    result::exact("checkpoint_seconds"),
    result::exact("checkpoint_mb_per_seconds"),
    result::exact("save_percent"),
    result::exact("redo_percent"),
    result::exact("recovery_percent"),
    result::exact("overhead_percent"),
    result::exact("base_days"),
    result::exact("training_days"),
    result::exact("finish_days"),
    result::flag("on_time"),
    result::exact("spare_days"),
    result::exact("late_days"),
    result::exact("deadline_step_seconds"),
    result::exact("raw_step_budget_seconds"),
    result::exact("step_budget_seconds"),
    result::flag("budget_met"),
    result::exact("step_margin_seconds"),
    result::nullable(result::exact("compute_margin_seconds")),
    result::exact("exposed_share_percent"),
    result::exact("communication_budget_seconds"),
    result::exact("compute_budget_seconds"),
    result::exact("minimum_efficiency_percent"),
    result::exact("tokens_per_second_deadline"),
    result::exact("tokens_per_second_after_reserve"),
    result::exact("card_hours"),
    result::exact("card_hours_with_reserve"),
    result::display("finish_display"),
    result::display("compute_display"),
    result::display("link_display"),
    result::display("exposed_display"),
    result::display("step_display"),
    result::display("overhead_display"),
    result::display("training_days_display"),
    result::display("spare_days_display"),
    result::display("late_days_display"),
    result::exact("overhead_days"),
    result::exact("reserve_days"),
    result::display("base_days_display"),
    result::display("overhead_days_display"),
    result::display("reserve_days_display"),
};
constexpr const char* kDeadlineSamples[] = {
    R"({"op":"training_deadline","model":"qwen3-8b","cards":32})",
    R"({"op":"training_deadline","model":"qwen3-8b","cards":48,"efficiency_percent":"30","link_gb_per_second":"25"})",
};

// ---- compute_floor ---------------------------------------------------------

constexpr FieldDecl kFloorFields[] = {
    fields::kModel,
    field::integer("sequence", 1, u128{1} << 24, "8192"),
    field::integer("train_tokens", 1, kMaxCount, "100000000000"),
    fields::kGpu,
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("efficiency_percent", FieldKind::Decimal, "40"),
    field::of_kind("days", FieldKind::Decimal, "30"),
    field::integer("cards", 1, u128{1} << 24, "1"),
};

Json op_compute_floor(const Json& req) {
    RequestFields f(req, kFloorFields);
    const ModelSpec m = model_of(f);
    const u128 sequence = f.integer_or("sequence");
    const u128 tokens = f.integer_or("train_tokens");
    const Ratio peak = peak_of(f, "rtx-4090");
    const Ratio efficiency = ch10_fields::percent_share_or(f, "efficiency_percent", "40");
    const Ratio seconds = ch10_fields::positive_or(f, "days", "30") * kDay;
    const u128 cards = f.integer_or("cards");
    const ch03::TrainingWork work = training_flops(m, 1, sequence);
    const Ratio per_token = work.total / Ratio(sequence);
    const Ratio total = per_token * Ratio(tokens);
    const Ratio card_rate = peak * efficiency;  // useful FLOP/s per card
    const ch10::ComputeFloor floor = ch10::compute_floor(total, peak, efficiency, seconds, cards);
    Json r;
    r["model"] = m.id;
    r["flops_per_sequence"] = exact_json(work.total);
    r["flops_per_token"] = exact_json(per_token);
    r["flops_total"] = exact_json(total);
    r["peak_tflops"] = exact_json(peak / kTera);
    r["tokens_per_second_per_card"] = exact_json(card_rate / per_token);
    r["tokens_per_second_needed"] = exact_json(Ratio(tokens) / seconds);
    r["cards_exact"] = exact_json(floor.cards_exact);
    r["cards_needed"] = exact_json(floor.cards);
    r["days_on_cards"] = exact_json(floor.seconds_on_cards / kDay);
    r["tokens_per_second_on_cards"] = exact_json(card_rate * Ratio(cards) / per_token);
    return r;
}

constexpr ResultDecl kFloorResult[] = {
    result::text("model"),
    result::exact("flops_per_sequence"),
    result::exact("flops_per_token"),
    result::exact("flops_total"),
    result::exact("peak_tflops"),
    result::exact("tokens_per_second_per_card"),
    result::exact("tokens_per_second_needed"),
    result::exact("cards_exact"),
    result::exact("cards_needed"),
    result::exact("days_on_cards"),
    result::exact("tokens_per_second_on_cards"),
};
constexpr const char* kFloorSamples[] = {
    R"({"op":"compute_floor","model":"qwen3-8b"})",
    R"({"op":"compute_floor","model":"qwen3-8b","peak_tflops":"989","cards":2})",
};

}  // namespace

const OpDef kTrainingDeadlineOp = {"training_deadline", op_training_deadline, kDeadlineFields, kDeadlineResult, kDeadlineSamples};
const OpDef kComputeFloorOp = {"compute_floor", op_compute_floor, kFloorFields, kFloorResult, kFloorSamples};

}  // namespace tally::api
