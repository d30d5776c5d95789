// Chapter 4's ops about choosing hardware (§4.7.3, §4.8.4):
//   specialization_breakeven  tokens a specialised design must serve to pay
//                             back its one-off cost (Example 4-3)
//   rom_split                 weights in fixed storage (ROM), KV in HBM: the
//                             HBM traffic left, the batch where KV overtakes
//                             the weights, the HBM bandwidth a token rate needs
//                             and the requests one HBM stack holds
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch03/decode_rate.hpp"
#include "core/ch04/specialization.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

// ---- specialization_breakeven ---------------------------------------------

constexpr FieldDecl kSpecializationFields[] = {
    field::of_kind("fixed_cost", FieldKind::Decimal),
    field::of_kind("saving_per_million", FieldKind::Decimal),
    field::integer("machines", 1, 1 << 24, "1"),
    field::of_kind("tokens_per_second", FieldKind::Decimal),
    field::of_kind("utilisation", FieldKind::Decimal, "1"),
    field::of_kind("life_years", FieldKind::Decimal, "1"),
};

const Ratio kYearSeconds(u128{365} * 24 * 3600);

Json op_specialization_breakeven(const Json& req) {
    RequestFields f(req, kSpecializationFields);
    ch04::SpecializationInput in;
    in.fixed_cost = ch04_fields::positive(f, "fixed_cost");
    in.saving_per_token = ch04_fields::positive(f, "saving_per_million") / Ratio(1000000);
    in.machines = f.integer_or("machines");
    in.tokens_per_second = ch04_fields::positive(f, "tokens_per_second");
    in.utilisation = ch04_fields::positive_or(f, "utilisation", "1");
    if (Ratio(1) < in.utilisation) {
        throw FieldError("utilisation", msg::ch04_share_above_one, {{"label", ch04_fields::label("utilisation")}});
    }
    in.life_seconds = ch04_fields::positive_or(f, "life_years", "1") * kYearSeconds;
    const ch04::Specialization s = ch04::specialization(in);
    Json r;
    r["breakeven_tokens"] = exact_json(s.breakeven_tokens);
    r["life_tokens"] = exact_json(s.life_tokens);
    r["life_share"] = exact_json(s.life_share);
    r["life_share_display"] = fixed(s.life_share * Ratio(100), 1) + "%";
    r["machines_needed"] = exact_json(s.machines_needed);
    r["machines_to_break_even"] = exact_json(s.machines_to_break_even);
    r["saving_per_year"] = exact_json(s.saving_per_year);
    r["years_to_break_even"] = exact_json(s.years_to_break_even);
    r["years_to_break_even_display"] = fixed(s.years_to_break_even, 2);
    return r;
}

constexpr ResultDecl kSpecializationResult[] = {
    result::exact("breakeven_tokens"),     result::exact("life_tokens"),         result::exact("life_share"),
    result::display("life_share_display"), result::exact("machines_needed"),     result::exact("machines_to_break_even"),
    result::exact("saving_per_year"),      result::exact("years_to_break_even"), result::display("years_to_break_even_display"),
};
constexpr const char* kSpecializationSamples[] = {
    R"({"op":"specialization_breakeven","fixed_cost":"20000000","saving_per_million":"0.5","machines":100,"tokens_per_second":"10000","utilisation":"0.5"})",
    R"({"op":"specialization_breakeven","fixed_cost":"1000","saving_per_million":"2","tokens_per_second":"50"})",
};

// ---- rom_split -------------------------------------------------------------

constexpr FieldDecl kRomSplitFields[] = {
    fields::kModel,
    fields::kBatch,
    fields::kStoredContext,
    field::of_kind("tokens_per_second", FieldKind::Decimal),
    field::integer("stack_bytes", 1, u128{1} << 50, "24000000000"),
    field::integer("workspace_bytes", 0, u128{1} << 50, "2147483648"),
    fields::kWeightDtype,
    fields::kKvDtype,
};

Json op_rom_split(const Json& req) {
    RequestFields f(req, kRomSplitFields);
    const ModelSpec m = model_of(f);
    const u128 batch = f.integer_or("batch");
    const u128 context = f.integer("context");
    const std::optional<Ratio> rate =
        f.has("tokens_per_second") ? std::optional<Ratio>(ch04_fields::positive(f, "tokens_per_second")) : std::nullopt;
    const u128 stack = f.integer_or("stack_bytes");
    const u128 workspace = f.integer_or("workspace_bytes");
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state = state_options_of(f);
    const ch03::DecodeStepBytes one = ch03::decode_step_bytes(m, weights, state, 1, context);
    const Ratio w = one.shared_weights + one.embedding_rows;  // W: read once per step
    const Ratio k = one.kv_read;                              // K: one request's KV per step
    const Ratio bk = k * Ratio(batch);
    Json r;
    r["model"] = m.id;
    r["weight_bytes"] = exact_json(w);
    r["kv_bytes"] = exact_json(k);
    r["hbm_bytes"] = exact_json(bk);
    r["all_bytes"] = exact_json(w + bk);
    // S_HBM = (W + BK) / BK: how much less HBM reads once the weights leave it.
    r["hbm_reduction"] = exact_json((w + bk) / bk);
    r["hbm_reduction_display"] = fixed((w + bk) / bk, 1);
    r["crossover_batch"] = exact_json(w / k);
    r["crossover_batch_display"] = fixed(w / k, 2);
    r["first_batch_kv_above_weights"] = exact_json((w / k).floor() + 1);
    // Each request's step every 1/rate seconds reads its KV from HBM.
    r["hbm_gb_per_second"] = rate ? exact_json(bk * *rate / Ratio(1000000000)) : Json(nullptr);
    r["requests_per_stack"] = stack > workspace ? exact_json((Ratio(stack - workspace) / k).floor()) : exact_json(u128{0});
    return r;
}

constexpr ResultDecl kRomSplitResult[] = {
    result::text("model"),
    result::exact("weight_bytes"),
    result::exact("kv_bytes"),
    result::exact("hbm_bytes"),
    result::exact("all_bytes"),
    result::exact("hbm_reduction"),
    result::display("hbm_reduction_display"),
    result::exact("crossover_batch"),
    result::display("crossover_batch_display"),
    result::exact("first_batch_kv_above_weights"),
    result::nullable(result::exact("hbm_gb_per_second")),
    result::exact("requests_per_stack"),
};
constexpr const char* kRomSplitSamples[] = {
    R"({"op":"rom_split","model":"qwen3-8b","context":8192})",
    R"({"op":"rom_split","model":"qwen3-8b","context":8192,"batch":16,"tokens_per_second":"10000"})",
};

}  // namespace

const OpDef kSpecializationBreakevenOp = {"specialization_breakeven", op_specialization_breakeven, kSpecializationFields,
                                          kSpecializationResult, kSpecializationSamples};
const OpDef kRomSplitOp = {"rom_split", op_rom_split, kRomSplitFields, kRomSplitResult, kRomSplitSamples};

}  // namespace tally::api
