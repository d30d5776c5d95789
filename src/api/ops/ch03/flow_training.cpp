// Chapter 3's training bookkeeping without a model (§3.6.2, §3.6.3):
//   training_budget    6ND and D/N per row (Table 3.6.2-a, Figure 3-30)
//   training_calendar  calendar days from GPU-hours on a fleet (Exercise 3-10)
//   gpu_hour_factor    one GPU's hours in another's by the ratio of peaks (Figure 3-31)
//   break_even_tasks   Q* = ΔC0/Δc, and which model is cheaper at a given volume (Exercise 3-10)
#include <optional>
#include <string>

#include "api/ops/ch03/ops.hpp"
#include "flow_display.hpp"
#include "flow_read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "core/ch03/training_calendar.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using flow::Range;

// ---- training_budget ------------------------------------------------------

constexpr FieldDecl kTrainingBudgetFields[] = {field::of_kind("rows", FieldKind::List)};

Json op_training_budget(const Json& req) {
    RequestFields f(req, kTrainingBudgetFields);
    const Json& list = flow::list_field(req, "rows", 64);
    Json rows = Json::array();
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& row = flow::object_at(list, "rows", i, {"id", "params", "tokens", "digits"});
        const std::string path = flow::item_path("rows", i);
        // The significant digits 6ND is printed with (Table 3.6.2-a: 4.02×10²² but 1.728×10²⁴).
        const unsigned digits = row.contains("digits") ? static_cast<unsigned>(flow::count_at(row, "digits", path, 6)) : 3;
        const Ratio params = flow::decimal_at(row, "params", path, Range::Positive);
        const Ratio tokens = flow::decimal_at(row, "tokens", path, Range::NonNegative);
        const ch03::TrainingBudget b = ch03::training_budget(params, tokens);
        rows.push_back({{"id", row.contains("id") && row["id"].is_string() ? row["id"].get<std::string>() : std::to_string(i)},
                        {"six_nd", exact_json(b.six_nd)},
                        {"six_nd_display", flow::scientific_superscript(b.six_nd, digits)},
                        {"tokens_per_param", exact_json(b.tokens_per_param)},
                        {"tokens_per_param_display", fixed(b.tokens_per_param, 0)}});
    }
    Json r;
    r["rows"] = rows;
    return r;
}

constexpr ResultDecl kBudgetRow[] = {result::text("id"), result::exact("six_nd"), result::display("six_nd_display"),
                                     result::exact("tokens_per_param"), result::display("tokens_per_param_display")};
constexpr ResultDecl kTrainingBudgetResult[] = {result::list("rows", kBudgetRow)};
constexpr const char* kTrainingBudgetSamples[] = {
    R"({"op":"training_budget","rows":[{"id":"llama1-6.7b","params":"6700000000","tokens":"1000000000000"}]})",
};

// ---- training_calendar ----------------------------------------------------

constexpr FieldDecl kTrainingCalendarFields[] = {
    field::of_kind("gpu_hours", FieldKind::Decimal),
    field::integer("gpus", 1, kMaxCount),
};

Json op_training_calendar(const Json& req) {
    RequestFields f(req, kTrainingCalendarFields);
    const Ratio gpu_hours = flow::decimal_at(req, "gpu_hours", "", Range::NonNegative);
    const u128 gpus = f.integer("gpus");
    const ch03::Calendar c = ch03::calendar_days(gpu_hours, gpus);
    Json r;
    r["hours"] = exact_json(c.hours);
    r["days"] = exact_json(c.days);
    r["days_display"] = fixed(c.days, 2);
    return r;
}

constexpr ResultDecl kTrainingCalendarResult[] = {result::exact("hours"), result::exact("days"), result::display("days_display")};
constexpr const char* kTrainingCalendarSamples[] = {R"({"op":"training_calendar","gpu_hours":"1022362","gpus":2048})"};

// ---- gpu_hour_factor ------------------------------------------------------

constexpr FieldDecl kGpuHourFactorFields[] = {
    field::of_kind("gpu", FieldKind::Text),
    field::of_kind("gpu_to", FieldKind::Text),
    field::of_kind("peak_from", FieldKind::Decimal),
    field::of_kind("peak_to", FieldKind::Decimal),
    field::of_kind("gpu_hours", FieldKind::Decimal, "1"),
};

// A peak as sent, else the dense BF16 peak of the catalog device `gpu_field`
// names (the book compares H100 and A100 at BF16, Figure 3-31).
Ratio hour_factor_peak(const Json& req, const RequestFields& f, const std::string& gpu_field, const std::string& peak_field) {
    const std::optional<Ratio> gpu_peak = gpu_peak_tflops(f, "bf16", describe_field(peak_field), gpu_field, peak_field);
    return gpu_peak ? *gpu_peak : flow::decimal_at(req, peak_field, "", Range::Positive);
}

Json op_gpu_hour_factor(const Json& req) {
    RequestFields f(req, kGpuHourFactorFields);
    const Ratio peak_from = hour_factor_peak(req, f, "gpu", "peak_from");
    const Ratio peak_to = hour_factor_peak(req, f, "gpu_to", "peak_to");
    const Ratio factor = ch03::gpu_hour_factor(peak_from, peak_to);
    const Ratio hours = f.has("gpu_hours") ? flow::decimal_at(req, "gpu_hours", "", Range::NonNegative) : Ratio(1);
    Json r;
    r["factor"] = exact_json(factor);
    r["factor_display"] = fixed(factor, 2);
    r["equivalent_hours"] = exact_json(factor * hours);
    return r;
}

constexpr ResultDecl kGpuHourFactorResult[] = {result::exact("factor"), result::display("factor_display"),
                                               result::exact("equivalent_hours")};
constexpr const char* kGpuHourFactorSamples[] = {R"({"op":"gpu_hour_factor","peak_from":"989.4","peak_to":"312"})",
                                                 R"({"op":"gpu_hour_factor","gpu":"h100-sxm","gpu_to":"a100-80g"})"};

// ---- break_even_tasks -----------------------------------------------------

constexpr FieldDecl kBreakEvenFields[] = {
    field::of_kind("extra_gpu_hours", FieldKind::Decimal),  field::of_kind("extra_gpu_seconds", FieldKind::Decimal),
    field::of_kind("saving_seconds", FieldKind::Decimal),   field::integer("tasks", 0, kMaxCount),
    field::of_kind("tasks_per_second", FieldKind::Decimal),
};

// The one-off cost in GPU-hours, or in GPU-seconds when an hour count has
// no short decimal (10 minutes is 1/6 h: chapter 5's tuning search).
Ratio extra_hours(const Json& req) {
    const bool hours = req.contains("extra_gpu_hours"), seconds = req.contains("extra_gpu_seconds");
    if (hours == seconds) throw FieldError(hours ? "extra_gpu_seconds" : "extra_gpu_hours", msg::flow_extra_cost_choice);
    if (hours) return flow::decimal_at(req, "extra_gpu_hours", "", Range::NonNegative);
    return flow::decimal_at(req, "extra_gpu_seconds", "", Range::NonNegative) / Ratio(3600);
}

Json op_break_even_tasks(const Json& req) {
    RequestFields f(req, kBreakEvenFields);
    const Ratio saving = flow::decimal_at(req, "saving_seconds", "", Range::Positive);
    const ch03::BreakEven b = ch03::break_even(extra_hours(req), saving);
    Json r;
    r["extra_gpu_seconds"] = exact_json(b.extra_seconds);
    r["break_even"] = exact_json(b.tasks);
    // How long a stream of tasks takes to reach Q* (chapter 5's tuning: 10,000 calls/s → 3.3 h).
    if (req.contains("tasks_per_second")) {
        const Ratio rate = flow::decimal_at(req, "tasks_per_second", "", Range::Positive);
        r["break_even_wall_seconds"] = exact_json(b.tasks / rate);
    }
    if (!f.has("tasks")) return r;
    // Below Q* the extra training is not yet paid back: the larger model costs less.
    const Ratio saved = saving * Ratio(f.integer("tasks"));
    const bool smaller_wins = b.extra_seconds < saved;
    const Ratio difference = smaller_wins ? saved - b.extra_seconds : b.extra_seconds - saved;
    r["smaller_cheaper"] = smaller_wins;
    r["difference_seconds"] = exact_json(difference);
    r["difference_seconds_display"] = trimmed(difference, 2);
    r["difference_hours"] = exact_json(difference / Ratio(3600));
    r["difference_hours_display"] = trimmed(difference / Ratio(3600), 2);
    return r;
}

constexpr ResultDecl kBreakEvenResult[] = {
    result::exact("extra_gpu_seconds"),
    result::exact("break_even"),
    result::optional(result::exact("break_even_wall_seconds")),
    result::optional(result::flag("smaller_cheaper")),
    result::optional(result::exact("difference_seconds")),
    result::optional(result::display("difference_seconds_display")),
    result::optional(result::exact("difference_hours")),
    result::optional(result::display("difference_hours_display")),
};
constexpr const char* kBreakEvenSamples[] = {
    R"({"op":"break_even_tasks","extra_gpu_hours":"100000","saving_seconds":"0.72","tasks":200000000})",
    R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"0.000005","tasks_per_second":"10000"})",
};

}  // namespace

const OpDef kTrainingBudgetOp = {"training_budget", op_training_budget, kTrainingBudgetFields, kTrainingBudgetResult,
                                 kTrainingBudgetSamples};
const OpDef kTrainingCalendarOp = {"training_calendar", op_training_calendar, kTrainingCalendarFields, kTrainingCalendarResult,
                                   kTrainingCalendarSamples};
const OpDef kGpuHourFactorOp = {"gpu_hour_factor", op_gpu_hour_factor, kGpuHourFactorFields, kGpuHourFactorResult,
                                kGpuHourFactorSamples};
const OpDef kBreakEvenTasksOp = {"break_even_tasks", op_break_even_tasks, kBreakEvenFields, kBreakEvenResult, kBreakEvenSamples};

}  // namespace tally::api
