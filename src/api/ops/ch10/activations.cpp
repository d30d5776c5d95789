// Activation memory and input supply (§10.2.2, §10.4.1, Exercise 10-5):
//   recompute_savings  what one FFN layer saves by rebuilding its gate product
//                      h = a ⊙ u and its two normalized outputs in the
//                      backward instead of keeping them, over a pipeline
//                      stage and the micro-batches waiting for their backward
//   input_supply       sequences per second the deadline asks of the data
//                      loaders, what the loaders supply, and the prefetch
//                      that rides out a paused loader, and where a restart
//                      resumes when batches were prefetched but not trained
// Both are products and sums of shapes and rates, written out here.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

#include <algorithm>

namespace tally::api {

namespace {

// ---- recompute_savings -----------------------------------------------------

constexpr FieldDecl kRecomputeFields[] = {
    field::integer("micro_batch_tokens", 1, u128{1} << 24, "128"),
    field::integer("ffn_width", 1, u128{1} << 20, "12288"),
    field::integer("hidden", 1, u128{1} << 20, "4096"),
    field::integer("value_bytes", 1, 8, "4"),
    field::integer("stage_layers", 1, 1024, "9"),
    field::integer("waiting_micro_batches", 1, 1024, "4"),
    field::of_kind("other_saved_mib", FieldKind::Decimal, "5"),
};

Json op_recompute_savings(const Json& req) {
    RequestFields f(req, kRecomputeFields);
    const u128 tokens = f.integer_or("micro_batch_tokens");
    const u128 ffn = f.integer_or("ffn_width");
    const u128 hidden = f.integer_or("hidden");
    const u128 value_bytes = f.integer_or("value_bytes");
    const u128 layers = f.integer_or("stage_layers");
    const u128 waiting = f.integer_or("waiting_micro_batches");
    // The other saved GEMM inputs of a layer (Q, K, V, attention output): the
    // chapter states their size (5 MiB) rather than deriving it.
    const Ratio other = ch10_fields::non_negative_or(f, "other_saved_mib", "5") * kMiB;
    const Ratio product(mul(tokens, ffn, value_bytes));
    const Ratio normalized(mul(tokens, hidden, value_bytes));
    const Ratio rebuilt = product + Ratio(2) * normalized;
    const Ratio stage_rebuilt = rebuilt * Ratio(layers);
    Json r;
    r["product_bytes"] = exact_json(product);
    r["multiplies"] = exact_json(mul(tokens, ffn));
    r["normalized_bytes"] = exact_json(normalized);
    r["rebuilt_per_layer_bytes"] = exact_json(rebuilt);
    r["stage_rebuilt_bytes"] = exact_json(stage_rebuilt);
    r["saved_per_layer_before_bytes"] = exact_json(rebuilt + other);
    r["stage_before_bytes"] = exact_json((rebuilt + other) * Ratio(layers));
    r["stage_after_bytes"] = exact_json(other * Ratio(layers));
    r["workspace_bytes"] = exact_json(product);
    r["waiting_saving_bytes"] = exact_json(stage_rebuilt * Ratio(waiting));
    return r;
}

constexpr ResultDecl kRecomputeResult[] = {
    result::exact("product_bytes"),           result::exact("multiplies"),          result::exact("normalized_bytes"),
    result::exact("rebuilt_per_layer_bytes"), result::exact("stage_rebuilt_bytes"), result::exact("saved_per_layer_before_bytes"),
    result::exact("stage_before_bytes"),      result::exact("stage_after_bytes"),   result::exact("workspace_bytes"),
    result::exact("waiting_saving_bytes"),
};
constexpr const char* kRecomputeSamples[] = {
    R"({"op":"recompute_savings"})",
    R"({"op":"recompute_savings","micro_batch_tokens":4096,"value_bytes":2,"waiting_micro_batches":8})",
};

// ---- input_supply ----------------------------------------------------------

constexpr FieldDecl kSupplyFields[] = {
    field::integer("train_tokens", 1, kMaxCount, "100000000000"),
    field::of_kind("days", FieldKind::Decimal, "25"),
    field::integer("sequence", 1, u128{1} << 24, "8192"),
    field::integer("token_bytes", 1, 16, "8"),
    field::integer("processes", 1, 4096, "4"),
    field::of_kind("per_process_per_second", FieldKind::Decimal, "2"),
    field::integer("sequences", 1, u128{1} << 24, "384"),
    field::of_kind("step_seconds", FieldKind::Decimal, "52.8"),
    field::integer("paused_processes", 0, 4096, "1"),
    field::of_kind("pause_seconds", FieldKind::Decimal, "60"),
    field::integer("prefetched_through", 0, kMaxCount, "108"),
    field::integer("trained_through", 0, kMaxCount, "100"),
};

// Batches (start, end]: an interval of the batch numbers a lane of Fig. 10-30 covers.
Json queue_json(const char* lane, const char* kind, u128 after, u128 through) {
    return {{"lane", lane}, {"kind", kind}, {"after_batch", exact_json(after)}, {"through_batch", exact_json(through)}};
}
constexpr ResultDecl kQueueItem[] = {
    result::text("lane"),
    result::text("kind"),
    result::exact("after_batch"),
    result::exact("through_batch"),
};

Json op_input_supply(const Json& req) {
    RequestFields f(req, kSupplyFields);
    const u128 tokens = f.integer_or("train_tokens");
    const Ratio days = ch10_fields::positive_or(f, "days", "25");
    const u128 sequence = f.integer_or("sequence");
    const u128 token_bytes = f.integer_or("token_bytes");
    const u128 processes = f.integer_or("processes");
    const Ratio each = ch10_fields::positive_or(f, "per_process_per_second", "2");
    const u128 sequences = f.integer_or("sequences");
    const Ratio step = ch10_fields::positive_or(f, "step_seconds", "52.8");
    const u128 paused = std::min(f.integer_or("paused_processes"), processes);
    const Ratio pause = ch10_fields::non_negative_or(f, "pause_seconds", "60");
    const Ratio tokens_per_second = Ratio(tokens) / (days * kDay);
    const Ratio supply = each * Ratio(processes);
    const Ratio demand = Ratio(sequences) / step;
    const Ratio reduced = each * Ratio(processes - paused);
    const Ratio deficit = demand <= reduced ? Ratio(0) : (demand - reduced) * pause;
    // §10.4.1, Fig. 10-30: the loader has handed out batches up to `prefetched_through` while training has
    // finished `trained_through`.  The batches in between were read but never trained on, so a restart
    // resumes right after the last trained batch, not after the last prefetched one.
    const u128 prefetched = f.integer_or("prefetched_through");
    const u128 trained = f.integer_or("trained_through");
    if (prefetched < trained)
        throw FieldError("trained_through", msg::ch10_trained_past_prefetch, {{"label", ch10_fields::label("trained_through")}});
    Json r;
    r["tokens_per_second"] = exact_json(tokens_per_second);
    r["sequences_per_second_needed"] = exact_json(tokens_per_second / Ratio(sequence));
    r["token_id_bytes_per_second"] = exact_json(tokens_per_second * Ratio(token_bytes));
    r["supply_per_second"] = exact_json(supply);
    r["demand_per_second"] = exact_json(demand);
    r["keeps_up"] = demand <= supply;
    r["paused_supply_per_second"] = exact_json(reduced);
    r["prefetch_sequences_exact"] = exact_json(deficit);
    r["prefetch_sequences"] = exact_json(deficit.ceil());
    r["refill_seconds"] = demand < supply ? exact_json(deficit / (supply - demand)) : Json(nullptr);
    r["in_flight_batches"] = exact_json(prefetched - trained);
    r["resume_batch"] = exact_json(trained + 1);
    r["resume_after_prefetch_batch"] = exact_json(prefetched + 1);
    // Fig. 10-30 as two lanes over the batch numbers: what the loader has
    // handed out (lane 1), and what training has finished (2), the rest in
    // flight; a restart picks up right after `trained_through`.
    r["trained_through_batch"] = exact_json(trained);
    r["queue"] = Json::array({queue_json("1", "prefetched", 0, prefetched), queue_json("2", "trained", 0, trained)});
    if (trained < prefetched) r["queue"].push_back(queue_json("2", "in_flight", trained, prefetched));
    return r;
}

constexpr ResultDecl kSupplyResult[] = {
    result::exact("tokens_per_second"),
    result::exact("sequences_per_second_needed"),
    result::exact("token_id_bytes_per_second"),
    result::exact("supply_per_second"),
    result::exact("demand_per_second"),
    result::flag("keeps_up"),
    result::exact("paused_supply_per_second"),
    result::exact("prefetch_sequences_exact"),
    result::exact("prefetch_sequences"),
    result::nullable(result::exact("refill_seconds")),
    result::exact("in_flight_batches"),
    result::exact("resume_batch"),
    result::exact("resume_after_prefetch_batch"),
    result::exact("trained_through_batch"),
    result::list("queue", kQueueItem),
};
constexpr const char* kSupplySamples[] = {
    R"({"op":"input_supply"})",
    R"({"op":"input_supply","processes":3,"step_seconds":"78.9"})",
};

}  // namespace

const OpDef kRecomputeSavingsOp = {"recompute_savings", op_recompute_savings, kRecomputeFields, kRecomputeResult,
                                   kRecomputeSamples};
const OpDef kInputSupplyOp = {"input_supply", op_input_supply, kSupplyFields, kSupplyResult, kSupplySamples};

}  // namespace tally::api
