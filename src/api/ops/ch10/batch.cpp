// critical_batch (§10.1.1, Table 10-a, Exercise 10-2): where a run of S
// steps at batch B sits on the steps–tokens trade-off with noise scale B_n
// (S_min, E_min), the steps k times the batch needs (weak scaling, the step
// time fixed) and the days when the same steps are split over k times the
// cards (strong scaling: compute·(1/k) + a fixed part).  The closed forms are
// src/core/ch10/critical_batch.cpp.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "core/ch10/critical_batch.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxMultiples = 32;

constexpr FieldDecl kBatchFields[] = {
    field::integer("train_tokens", 1, kMaxCount, "100000000000"), field::integer("batch_tokens", 1, kMaxCount, "3145728"),
    field::integer("noise_tokens", 1, kMaxCount, "2000000"),      field::integer("base_cards", 1, u128{1} << 20, "48"),
    field::of_kind("step_seconds", FieldKind::Decimal, "52.8"),   field::of_kind("compute_seconds", FieldKind::Decimal, "52.2"),
    field::of_kind("fixed_seconds", FieldKind::Decimal, "0.58"),  field::of_kind("multiples", FieldKind::List),
};

Json op_critical_batch(const Json& req) {
    RequestFields f(req, kBatchFields);
    const u128 tokens = f.integer_or("train_tokens");
    const Ratio batch(f.integer_or("batch_tokens"));
    const Ratio noise(f.integer_or("noise_tokens"));
    const u128 base_cards = f.integer_or("base_cards");
    const u128 steps = ceil_div(tokens, f.integer_or("batch_tokens"));
    const Ratio step = ch10_fields::positive_or(f, "step_seconds", "52.8");
    const Ratio compute = ch10_fields::positive_or(f, "compute_seconds", "52.2");
    const Ratio fixed_part = ch10_fields::non_negative_or(f, "fixed_seconds", "0.58");
    const std::vector<Ratio> multiples = ch10_fields::positive_list_or(f, "multiples", kMaxMultiples, {"1", "2", "4", "8", "32"});
    const ch10::CriticalBatch c = ch10::critical_batch(Ratio(steps), batch, noise);
    Json r;
    r["steps"] = exact_json(steps);
    r["min_steps"] = exact_json(c.min_steps);
    r["min_tokens"] = exact_json(c.min_tokens);
    r["batch_over_noise"] = exact_json(c.batch_over_noise);
    r["step_cap"] = exact_json(c.step_cap);
    r["rows"] = Json::array();
    for (const Ratio& k : multiples) {
        const Ratio weak = ch10::weak_steps(c, batch, noise, k);
        const Ratio strong_step = compute / k + fixed_part;
        r["rows"].push_back({{"id", ch10_fields::row_id(Ratio(base_cards) * k)},
                             {"multiple", exact_json(k)},
                             {"cards", exact_json(Ratio(base_cards) * k)},
                             {"batch_tokens", exact_json(batch * k)},
                             {"weak_steps", exact_json(weak)},
                             {"weak_days", exact_json(weak * step / kDay)},
                             {"strong_step_seconds", exact_json(strong_step)},
                             {"strong_days", exact_json(Ratio(steps) * strong_step / kDay)},
                             {"fixed_share", exact_json(fixed_part / strong_step)}});
    }
    return r;
}

constexpr ResultDecl kBatchRow[] = {
    result::text("id"),
    result::exact("multiple"),
    result::exact("cards"),
    result::exact("batch_tokens"),
    result::exact("weak_steps"),
    result::exact("weak_days"),
    result::exact("strong_step_seconds"),
    result::exact("strong_days"),
    result::exact("fixed_share"),
};
constexpr ResultDecl kBatchResult[] = {
    result::exact("steps"),    result::exact("min_steps"),      result::exact("min_tokens"), result::exact("batch_over_noise"),
    result::exact("step_cap"), result::list("rows", kBatchRow),
};
constexpr const char* kBatchSamples[] = {
    R"({"op":"critical_batch"})",
    R"({"op":"critical_batch","noise_tokens":20000000,"multiples":["1","10"]})",
};

}  // namespace

const OpDef kCriticalBatchOp = {"critical_batch", op_critical_batch, kBatchFields, kBatchResult, kBatchSamples};

}  // namespace tally::api
