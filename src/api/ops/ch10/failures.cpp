// straggler (§10.4.5, Table 10-i): the step when it waits for the slowest of
// N cards with normal compute times, E[max] = μ + k_N σ, for each card count
// (k_N integrated numerically in src/core/ch10/straggler.cpp), and
// dense_scale (§10.6.4, Figure 10-47, Exercise 10-10): cards and days for
// 6ND training FLOPs (src/core/ch10/compute_floor.cpp).
#include <optional>

#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "core/ch10/compute_floor.hpp"
#include "core/messages.hpp"
#include "core/ch10/straggler.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// ---- straggler -------------------------------------------------------------

constexpr FieldDecl kStragglerFields[] = {
    field::of_kind("cards_list", FieldKind::List),
    field::of_kind("mean_seconds", FieldKind::Decimal, "52.2"),
    field::of_kind("fixed_seconds", FieldKind::Decimal, "0.58"),
    field::of_kind("sigma_percent", FieldKind::Decimal, "2"),
    field::of_kind("slow_sigmas", FieldKind::Decimal, "3"),
    field::of_kind("evict_interval_seconds", FieldKind::Decimal, "600"),
    field::of_kind("recovery_seconds", FieldKind::Decimal, "120"),
};

Json op_straggler(const Json& req) {
    RequestFields f(req, kStragglerFields);
    const Ratio mean = ch10_fields::positive_or(f, "mean_seconds", "52.2");
    const Ratio fixed_part = ch10_fields::non_negative_or(f, "fixed_seconds", "0.58");
    const Ratio sigma = mean * ch10_fields::positive_or(f, "sigma_percent", "2") / kHundred;
    const std::vector<Ratio> counts = ch10_fields::positive_list_or(f, "cards_list", 16, {"8", "48", "1024"});
    const Ratio slow = ch10_fields::positive_or(f, "slow_sigmas", "3");
    const Ratio evict = ch10::evict_seconds(ch10_fields::positive_or(f, "evict_interval_seconds", "600"),
                                            ch10_fields::non_negative_or(f, "recovery_seconds", "120"));
    Json r;
    r["sigma_seconds"] = exact_json(sigma);
    r["evict_seconds"] = exact_json(evict);
    r["evict_steps"] = exact_json(evict / (mean + fixed_part));
    r["rows"] = Json::array();
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const Ratio& n = counts[i];
        if (!n.is_integer() || Ratio(u128{1} << 20) < n) {
            throw FieldError("cards_list[" + std::to_string(i) + "]", msg::ch10_whole_cards,
                             {{"label", ch10_fields::label("cards_list")}});
        }
        const Ratio k = ch10::expected_max_sigmas(n.num());
        Json row = {{"id", ch10_fields::row_id(n)},
                    {"cards", exact_json(n)},
                    {"sigmas", exact_json(k)},
                    {"wait_seconds", exact_json(k * sigma)},
                    {"step_seconds", exact_json(mean + fixed_part + k * sigma)}};
        // One card alone has nobody to wait for or to hand its work to.
        if (n.num() >= 2) {
            const ch10::SlowCardResponses s = ch10::slow_card_responses(n.num(), mean, sigma, slow);
            row["slow_wait_sigmas"] = exact_json(s.wait_sigmas);
            row["slow_wait_seconds"] = exact_json(s.wait_sigmas * sigma);
            row["reallocate_step_seconds"] = exact_json(s.reallocated_compute_seconds + fixed_part);
        } else {
            row["slow_wait_sigmas"] = nullptr;
            row["slow_wait_seconds"] = nullptr;
            row["reallocate_step_seconds"] = nullptr;
        }
        r["rows"].push_back(row);
    }
    return r;
}

constexpr ResultDecl kStragglerRow[] = {
    result::text("id"),
    result::exact("cards"),
    result::exact("sigmas"),
    result::exact("wait_seconds"),
    result::exact("step_seconds"),
    result::nullable(result::exact("slow_wait_sigmas")),
    result::nullable(result::exact("slow_wait_seconds")),
    result::nullable(result::exact("reallocate_step_seconds")),
};
constexpr ResultDecl kStragglerResult[] = {result::exact("sigma_seconds"), result::exact("evict_seconds"),
                                           result::exact("evict_steps"), result::list("rows", kStragglerRow)};
constexpr const char* kStragglerSamples[] = {
    R"({"op":"straggler"})",
    R"({"op":"straggler","sigma_percent":"5","cards_list":[48]})",
};

// ---- dense_scale -----------------------------------------------------------

constexpr FieldDecl kScaleFields[] = {
    field::integer("params", 1, kMaxCount, "1000000000000"),
    field::integer("train_tokens", 1, kMaxCount, "20000000000000"),
    field::of_kind("peak_tflops", FieldKind::Decimal, "989"),
    field::of_kind("efficiency_percent", FieldKind::Decimal, "40"),
    field::of_kind("days", FieldKind::Decimal, "90"),
    field::integer("cards", 1, u128{1} << 24, "16384"),
    field::of_kind("gpu", FieldKind::Text),
};

Json op_dense_scale(const Json& req) {
    RequestFields f(req, kScaleFields);
    const u128 params = f.integer_or("params");
    const u128 tokens = f.integer_or("train_tokens");
    const Ratio flops = Ratio(mul(6, params, tokens));
    // `gpu` supplies the BF16 peak the request leaves out (the default, 989, is H100 SXM's as the chapter rounds it).
    const std::optional<Ratio> gpu_peak = gpu_peak_tflops(f, "bf16", ch10_fields::label("peak_tflops"));
    const Ratio peak = (gpu_peak ? *gpu_peak : ch10_fields::positive_or(f, "peak_tflops", "989")) * kTera;
    const Ratio efficiency = ch10_fields::percent_share_or(f, "efficiency_percent", "40");
    const Ratio days = ch10_fields::positive_or(f, "days", "90");
    const u128 cards = f.integer_or("cards");
    const ch10::ComputeFloor c = ch10::compute_floor(flops, peak, efficiency, days * kDay, cards);
    const Ratio days_on = c.seconds_on_cards / kDay;
    Json r;
    r["flops"] = exact_json(flops);
    r["cards_exact"] = exact_json(c.cards_exact);
    r["cards_needed"] = exact_json(c.cards);
    r["days_on_cards"] = exact_json(days_on);
    r["spare_days"] = days_on <= days ? exact_json(days - days_on) : Json(nullptr);
    r["late_days"] = days < days_on ? exact_json(days_on - days) : Json(nullptr);
    return r;
}

constexpr ResultDecl kScaleResult[] = {
    result::exact("flops"),
    result::exact("cards_exact"),
    result::exact("cards_needed"),
    result::exact("days_on_cards"),
    result::nullable(result::exact("spare_days")),
    result::nullable(result::exact("late_days")),
};
constexpr const char* kScaleSamples[] = {
    R"({"op":"dense_scale"})",
    R"({"op":"dense_scale","peak_tflops":"312","efficiency_percent":"50","days":"180"})",
};

}  // namespace

const OpDef kStragglerOp = {"straggler", op_straggler, kStragglerFields, kStragglerResult, kStragglerSamples};
const OpDef kDenseScaleOp = {"dense_scale", op_dense_scale, kScaleFields, kScaleResult, kScaleSamples};

}  // namespace tally::api
