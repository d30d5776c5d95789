// RL training (§10.5.2–§10.5.4, Exercises 10-7 and 10-8):
//   rl_stages       the rate a generation–verification–learning flow reaches
//                   and its bottleneck, and in-turn against overlapped cycles
//                   with the stale share they must keep (73.3 %), and the
//                   two cycles as a timeline (Figs. 10-42/10-43)
//   switch_peak     one card switching from training to generation: the
//                   memory peak when the new weights and KV are allocated
//                   before the training state is freed, and when only the
//                   weights are
//   routing_record  bytes of the expert ids a routing replay stores
// The closed forms are src/core/ch10/rl_flow.cpp; switch_peak and
// routing_record are sums and products written out here.
#include "api/ops/ch10/ops.hpp"

#include <string>

#include "read.hpp"

#include "api/catalog.hpp"
#include "api/ops/request_readers.hpp"
#include "core/format.hpp"
#include "core/ch03/approximate.hpp"
#include "core/ch10/rl_flow.hpp"
#include "core/params.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// ---- rl_stages -------------------------------------------------------------

constexpr FieldDecl kStagesFields[] = {
    field::of_kind("generation_per_second", FieldKind::Decimal, "12"),
    field::of_kind("verification_per_second", FieldKind::Decimal, "6"),
    field::of_kind("learning_per_second", FieldKind::Decimal, "8"),
    field::of_kind("keep_percent", FieldKind::Decimal, "75"),
    field::of_kind("generation_seconds", FieldKind::Decimal, "40"),
    field::of_kind("learning_seconds", FieldKind::Decimal, "16"),
    field::of_kind("sync_seconds", FieldKind::Decimal, "4"),
    field::of_kind("stale_keep_percent", FieldKind::Decimal, "80"),
};

// Figs. 10-42/10-43 as one timeline, a lane per side and cycle: in turn,
// generation, learning and the sync follow one another; overlapped, the
// next batch's generation and the last batch's learning start together and
// the sync waits for both.  The sync holds both sides, so it shows on both.
// Lanes 1 and 2 are the in-turn generator and learner, 3 and 4 the
// overlapped ones (short ids a phone's drawing shows as they are).
Json cycle_timeline(const Ratio& g, const Ratio& l, const Ratio& s) {
    Json items = Json::array();
    const auto add = [&items](const std::string& lane, const char* kind, const Ratio& start, const Ratio& end) {
        if (start < end)
            items.push_back(
                {{"lane", lane}, {"kind", kind}, {"start_seconds", exact_json(start)}, {"end_seconds", exact_json(end)}});
    };
    const Ratio in_turn_sync = g + l;
    add("1", "generation", Ratio(0), g);
    add("1", "sync", in_turn_sync, in_turn_sync + s);
    add("2", "learning", g, in_turn_sync);
    add("2", "sync", in_turn_sync, in_turn_sync + s);
    const Ratio overlapped_sync = l < g ? g : l;
    add("3", "generation", Ratio(0), g);
    add("3", "sync", overlapped_sync, overlapped_sync + s);
    add("4", "learning", Ratio(0), l);
    add("4", "sync", overlapped_sync, overlapped_sync + s);
    return items;
}

Json op_rl_stages(const Json& req) {
    RequestFields f(req, kStagesFields);
    const Ratio gen = ch10_fields::positive_or(f, "generation_per_second", "12");
    const Ratio ver = ch10_fields::positive_or(f, "verification_per_second", "6");
    const Ratio learn = ch10_fields::positive_or(f, "learning_per_second", "8");
    const Ratio keep = ch10_fields::percent_share_or(f, "keep_percent", "75");
    const Ratio g = ch10_fields::positive_or(f, "generation_seconds", "40");
    const Ratio l = ch10_fields::positive_or(f, "learning_seconds", "16");
    const Ratio s = ch10_fields::non_negative_or(f, "sync_seconds", "4");
    const Ratio stale_keep = ch10_fields::percent_share_or(f, "stale_keep_percent", "80");
    const ch10::StageRates rates = ch10::stage_rates(gen, ver, learn, keep);
    const ch10::RlCycles c = ch10::rl_cycles(g, l, s, stale_keep);
    Json r;
    r["effective_per_second"] = exact_json(rates.effective);
    r["verified_per_second"] = exact_json(rates.verified);
    r["bottleneck"] = rates.bottleneck;
    r["in_turn_seconds"] = exact_json(c.in_turn_seconds);
    r["overlapped_seconds"] = exact_json(c.overlapped_seconds);
    r["keep_threshold_percent"] = exact_json(c.keep_threshold * kHundred);
    r["in_turn_batches_per_second"] = exact_json(c.in_turn_rate);
    r["overlapped_batches_per_second"] = exact_json(c.overlapped_rate);
    const Ratio one(1);
    r["overlap_gain_percent"] =
        one <= c.overlapped_over_in_turn ? exact_json((c.overlapped_over_in_turn - one) * kHundred) : Json(nullptr);
    r["overlap_loss_percent"] =
        c.overlapped_over_in_turn < one ? exact_json((one - c.overlapped_over_in_turn) * kHundred) : Json(nullptr);
    // Fig. 10-37's three stages side by side with what reaches learning.
    r["generation_per_second"] = exact_json(gen);
    r["verification_per_second"] = exact_json(ver);
    r["learning_per_second"] = exact_json(learn);
    r["cycles"] = cycle_timeline(g, l, s);
    return r;
}

constexpr ResultDecl kCycleItem[] = {
    result::text("lane"),
    result::text("kind"),
    result::exact("start_seconds"),
    result::exact("end_seconds"),
};
constexpr ResultDecl kStagesResult[] = {
    result::exact("effective_per_second"),
    result::exact("verified_per_second"),
    result::text("bottleneck"),
    result::exact("in_turn_seconds"),
    result::exact("overlapped_seconds"),
    result::exact("keep_threshold_percent"),
    result::exact("in_turn_batches_per_second"),
    result::exact("overlapped_batches_per_second"),
    result::nullable(result::exact("overlap_gain_percent")),
    result::nullable(result::exact("overlap_loss_percent")),
    result::exact("generation_per_second"),
    result::exact("verification_per_second"),
    result::exact("learning_per_second"),
    result::list("cycles", kCycleItem),
};
constexpr const char* kStagesSamples[] = {
    R"({"op":"rl_stages"})",
    R"({"op":"rl_stages","verification_per_second":"12","stale_keep_percent":"70"})",
};

// ---- switch_peak -----------------------------------------------------------

constexpr FieldDecl kSwitchFields[] = {
    fields::kModel,
    fields::kGpu,
    field::of_kind("train_gib", FieldKind::Decimal, "40"),
    field::of_kind("kv_gib", FieldKind::Decimal, "24"),
    field::of_kind("shared_gib", FieldKind::Decimal, "4"),
};

Json op_switch_peak(const Json& req) {
    RequestFields f(req, kSwitchFields);
    const ModelSpec m = model_of(f);
    const Gpu& card = find_gpu("gpu", f.has("gpu") ? f.text("gpu") : std::string("h100-sxm"));
    const Ratio train = ch10_fields::positive_or(f, "train_gib", "40") * kGiB;
    const Ratio kv = ch10_fields::non_negative_or(f, "kv_gib", "24") * kGiB;
    const Ratio shared = ch10_fields::non_negative_or(f, "shared_gib", "4") * kGiB;
    const Ratio weights = weight_bytes(m, find_dtype("weight_dtype", "bf16"));
    const Ratio device(card.memory_bytes);
    // Wrong order: generation's weights and KV arrive while the training
    // state is still held; right order: only the weights, then training is
    // freed, then the KV pool is allocated.
    const Ratio wrong = train + shared + weights + kv;
    const Ratio right = train + shared + weights;
    Json r;
    r["device_bytes"] = exact_json(device);
    r["generation_weight_bytes"] = exact_json(weights);
    r["training_alone_bytes"] = exact_json(train + shared);
    r["generation_alone_bytes"] = exact_json(weights + kv + shared);
    r["wrong_order_peak_bytes"] = exact_json(wrong);
    r["wrong_order_fits"] = wrong <= device;
    r["right_order_peak_bytes"] = exact_json(right);
    r["right_order_fits"] = right <= device;
    r["after_free_bytes"] = exact_json(weights + shared);
    r["after_kv_bytes"] = exact_json(weights + shared + kv);
    r["peak_saving_bytes"] = exact_json(wrong - right);
    // Fig. 10-38 labels the peaks in GiB (83.256 against 59.256) and the
    // card in decimal GB (80 GB), as its maker sells it.
    r["device_display"] = bytes_decimal_text(device);
    r["training_alone_display"] = bytes_binary_text(train + shared);
    r["generation_alone_display"] = bytes_binary_text(weights + kv + shared);
    r["wrong_order_peak_display"] = bytes_binary_text(wrong);
    r["right_order_peak_display"] = bytes_binary_text(right);
    r["peak_saving_display"] = bytes_binary_text(wrong - right);
    return r;
}

constexpr ResultDecl kSwitchResult[] = {
    result::exact("device_bytes"),
    result::exact("generation_weight_bytes"),
    result::exact("training_alone_bytes"),
    result::exact("generation_alone_bytes"),
    result::exact("wrong_order_peak_bytes"),
    result::flag("wrong_order_fits"),
    result::exact("right_order_peak_bytes"),
    result::flag("right_order_fits"),
    result::exact("after_free_bytes"),
    result::exact("after_kv_bytes"),
    result::exact("peak_saving_bytes"),
    result::display("device_display"),
    result::display("training_alone_display"),
    result::display("generation_alone_display"),
    result::display("wrong_order_peak_display"),
    result::display("right_order_peak_display"),
    result::display("peak_saving_display"),
};
constexpr const char* kSwitchSamples[] = {
    R"({"op":"switch_peak","model":"qwen3-8b"})",
    R"({"op":"switch_peak","model":"qwen3-8b","gpu":"h200","kv_gib":"60"})",
};

// ---- routing_record --------------------------------------------------------

constexpr FieldDecl kRoutingFields[] = {
    field::integer("sequence", 1, u128{1} << 24, "8192"),
    field::integer("moe_layers", 1, 1024, "48"),
    field::integer("top_k", 1, 1024, "8"),
    field::integer("id_bytes", 1, 8, "2"),
};

Json op_routing_record(const Json& req) {
    RequestFields f(req, kRoutingFields);
    const u128 sequence = f.integer_or("sequence");
    const u128 layers = f.integer_or("moe_layers");
    const u128 top_k = f.integer_or("top_k");
    const u128 id_bytes = f.integer_or("id_bytes");
    const u128 ids = mul(sequence, layers, top_k);
    const u128 bytes = mul(ids, id_bytes);
    Json r;
    r["ids"] = exact_json(ids);
    r["bytes"] = exact_json(bytes);
    return r;
}

constexpr ResultDecl kRoutingResult[] = {result::exact("ids"), result::exact("bytes")};
constexpr const char* kRoutingSamples[] = {
    R"({"op":"routing_record"})",
    R"({"op":"routing_record","id_bytes":4})",
};

// ---- logprob_ratio ---------------------------------------------------------

// The importance ratio π_θ/μ when the generator recorded a token's log
// probability as −recorded_nll while the learner computes −actual_nll:
// exp(recorded_nll − actual_nll).  exp is irrational: a double from
// chapter 3's exponential, rounded to six decimals.
constexpr FieldDecl kLogprobFields[] = {
    field::of_kind("recorded_nll", FieldKind::Decimal, "3.25"),
    field::of_kind("actual_nll", FieldKind::Decimal, "3"),
};

Json op_logprob_ratio(const Json& req) {
    RequestFields f(req, kLogprobFields);
    const Ratio recorded = ch10_fields::positive_or(f, "recorded_nll", "3.25");
    const Ratio actual = ch10_fields::positive_or(f, "actual_nll", "3");
    const bool above = actual <= recorded;
    const double gap = ch03::to_double(above ? recorded - actual : actual - recorded);
    const double ratio = ch03::exponential(above ? gap : -gap);
    Json r;
    r["ratio"] = exact_json(ch03::rounded_ratio(ratio, 6));
    r["log_gap"] = exact_json(above ? recorded - actual : actual - recorded);
    r["ratio_above_one"] = above;
    return r;
}

constexpr ResultDecl kLogprobResult[] = {result::exact("ratio"), result::exact("log_gap"), result::flag("ratio_above_one")};
constexpr const char* kLogprobSamples[] = {
    R"({"op":"logprob_ratio"})",
    R"({"op":"logprob_ratio","recorded_nll":"2","actual_nll":"2.5"})",
};

}  // namespace

const OpDef kLogprobRatioOp = {"logprob_ratio", op_logprob_ratio, kLogprobFields, kLogprobResult, kLogprobSamples};
const OpDef kRlStagesOp = {"rl_stages", op_rl_stages, kStagesFields, kStagesResult, kStagesSamples};
const OpDef kSwitchPeakOp = {"switch_peak", op_switch_peak, kSwitchFields, kSwitchResult, kSwitchSamples};
const OpDef kRoutingRecordOp = {"routing_record", op_routing_record, kRoutingFields, kRoutingResult, kRoutingSamples};

}  // namespace tally::api
