// Chapter 3's scaling-law fit (§3.6.1):
//   scaling_fit  L(N, D) = E + A/(N/N0)^α + B/(D/D0)^β over a grid of (α, β),
//                fitted below a hold-out line and checked above it
//                (Example 3-5, Figures 3-27 and 3-28, Exercise 3-8)
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "api/ops/ch03/ops.hpp"
#include "flow_display.hpp"
#include "flow_read.hpp"
#include "flow_scaling.hpp"

#include "api/catching.hpp"
#include "api/errors.hpp"
#include "core/ch03/approximate.hpp"
#include "core/ch03/scaling_fit.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using flow::approximate_text;
using flow::decimal_text;
using flow::Range;
using flow::short_count;

constexpr std::size_t kMaxPoints = 64;
constexpr std::size_t kMaxGrid = 32;
// A loss in nats per token: ln of the vocabulary is about 12, so a million
// leaves every real run room while keeping residuals printable.
const Ratio kMaxLoss = Ratio(1000000);

// A double the ops hand on as a decimal string, 10 decimals: enough for the
// ledger to round it to what the chapter prints.  Plain ("2001.1439519510",
// "-0.5000000000"), as docs/api.md promises machine fields: no thousands
// separators or display minus that BigInt and Number would not read.
std::string decimal_value(double v) {
    const Ratio magnitude = ch03::rounded_ratio(v, 10);
    std::string digits = fixed(magnitude, 10);
    digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
    return (v < 0 && magnitude != Ratio(0) ? "-" : "") + digits;
}

std::vector<Ratio> grid(const Json& req, const char* name) {
    const Json& list = flow::list_field(req, name, kMaxGrid);
    std::vector<Ratio> values;
    for (std::size_t i = 0; i < list.size(); ++i)
        values.push_back(flow::decimal_value(list[i], flow::item_path(name, i), name, Range::Positive));
    return values;
}

constexpr FieldDecl kScalingFitFields[] = {
    field::of_kind("points", FieldKind::List),
    field::of_kind("holdout_from", FieldKind::Decimal),
    field::of_kind("alphas", FieldKind::List),
    field::of_kind("betas", FieldKind::List),
    field::of_kind("alpha", FieldKind::Decimal),
    field::of_kind("beta", FieldKind::Decimal),
    field::of_kind("params_scale", FieldKind::Decimal, "1000000000"),
    field::of_kind("tokens_scale", FieldKind::Decimal, "10000000000"),
};

struct ReadPoints {
    std::vector<ch03::ScalingPoint> points;
    std::vector<std::string> ids;
};

ReadPoints read_points(const Json& req, const RequestFields& f) {
    const Json& list = flow::list_field(req, "points", kMaxPoints);
    const bool split = f.has("holdout_from");
    const Ratio line = split ? flow::decimal_at(req, "holdout_from", "", Range::Positive) : Ratio(0);
    ReadPoints out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& row = flow::object_at(list, "points", i, {"id", "params", "tokens", "loss"});
        const std::string path = flow::item_path("points", i);
        ch03::ScalingPoint p;
        p.params = flow::decimal_at(row, "params", path, Range::Positive);
        p.tokens = flow::decimal_at(row, "tokens", path, Range::Positive);
        p.loss = flow::decimal_at_most(row, "loss", path, Range::Positive, kMaxLoss);
        p.holdout = split && p.params >= line;
        out.points.push_back(p);
        out.ids.push_back(row.contains("id") && row["id"].is_string() ? row["id"].get<std::string>() : std::to_string(i + 1));
    }
    std::size_t fit_points = 0;
    for (const ch03::ScalingPoint& p : out.points) fit_points += p.holdout ? 0 : 1;
    if (fit_points < 3) {
        const char* field = split ? "holdout_from" : "points";
        throw FieldError(field, msg::flow_scaling_too_few, {{"field", field}, {"count", std::to_string(fit_points)}});
    }
    return out;
}

Json point_json(const std::string& id, const ch03::ScalingPoint& p, double predicted) {
    const double residual = predicted - ch03::to_double(p.loss);
    return {{"id", id},
            {"split", p.holdout ? "holdout" : "fit"},
            {"split_display", render(p.holdout ? msg::flow_scaling_holdout_point : msg::flow_scaling_fit_point)},
            {"params_display", short_count(p.params)},
            {"tokens_display", short_count(p.tokens)},
            {"loss", exact_json(p.loss)},
            {"loss_display", fixed(p.loss, 3)},
            {"predicted", decimal_value(predicted)},
            {"predicted_display", decimal_text(predicted, 3)},
            {"residual", decimal_value(residual)},  // signed: predicted − actual (Figure 3-28's bars)
            {"residual_display", decimal_text(residual, 3, true)},
            {"error", decimal_value(residual < 0 ? -residual : residual)}};
}

Json op_scaling_fit(const Json& req) {
    const flow::ScalingRun run = flow::run_scaling_fit(req);
    const ch03::ScalingFit& fit = run.fit;
    Json points = Json::array();
    for (std::size_t i = 0; i < run.points.size(); ++i) points.push_back(point_json(run.ids[i], run.points[i], fit.predicted[i]));
    Json r;
    r["alpha"] = exact_json(fit.law.alpha);
    r["alpha_display"] = trimmed(fit.law.alpha, 4);
    r["beta"] = exact_json(fit.law.beta);
    r["beta_display"] = trimmed(fit.law.beta, 4);
    r["e"] = decimal_value(fit.law.e);
    r["e_display"] = decimal_text(fit.law.e, 4);
    r["a"] = decimal_value(fit.law.a);
    r["a_display"] = decimal_text(fit.law.a, 4);
    r["b"] = decimal_value(fit.law.b);
    r["b_display"] = decimal_text(fit.law.b, 4);
    r["fit_sse_display"] = approximate_text(fit.fit_sse);
    r["fit_count"] = exact_json(fit.fit_count);
    r["fit_rmse"] = decimal_value(fit.fit_rmse);
    r["fit_rmse_display"] = approximate_text(fit.fit_rmse);
    r["holdout_count"] = exact_json(fit.holdout_count);
    if (fit.holdout_count > 0) {
        r["holdout_rmse"] = decimal_value(fit.holdout_rmse);
        r["holdout_rmse_display"] = approximate_text(fit.holdout_rmse);
    }
    r["candidates"] = exact_json(fit.candidates);
    r["rejected"] = exact_json(fit.rejected);
    r["rejected_not_finite"] = exact_json(fit.not_finite);
    r["points"] = points;
    return r;
}

constexpr ResultDecl kScalingPoint[] = {
    result::text("id"),
    result::text("split"),
    result::display("split_display"),
    result::display("params_display"),
    result::display("tokens_display"),
    result::exact("loss"),
    result::display("loss_display"),
    result::text("predicted"),
    result::display("predicted_display"),
    result::text("residual"),
    result::display("residual_display"),
    result::text("error"),
};
constexpr ResultDecl kScalingFitResult[] = {
    result::exact("alpha"),
    result::display("alpha_display"),
    result::exact("beta"),
    result::display("beta_display"),
    result::text("e"),
    result::display("e_display"),
    result::text("a"),
    result::display("a_display"),
    result::text("b"),
    result::display("b_display"),
    result::display("fit_sse_display"),
    result::exact("fit_count"),
    result::text("fit_rmse"),
    result::display("fit_rmse_display"),
    result::exact("holdout_count"),
    result::optional(result::text("holdout_rmse")),
    result::optional(result::display("holdout_rmse_display")),
    result::exact("candidates"),
    result::exact("rejected"),
    result::exact("rejected_not_finite"),
    result::list("points", kScalingPoint),
};
constexpr const char* kScalingFitSamples[] = {
    R"({"op":"scaling_fit","points":[{"id":"a","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
    R"({"id":"b","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
    R"({"id":"c","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
    R"({"id":"d","params":"1096300000","tokens":"12000000000","loss":"2.925644"},)"
    R"({"id":"e","params":"2810000000","tokens":"55000000000","loss":"2.574117"}],)"
    R"("holdout_from":"2000000000","alphas":["0.1","0.2"],"betas":["0.4","0.45"]})",
    R"({"op":"scaling_fit","points":[{"id":"a","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
    R"({"id":"b","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
    R"({"id":"c","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
    R"({"id":"d","params":"1096300000","tokens":"12000000000","loss":"2.925644"}],"alpha":"0.2","beta":"0.4"})",
};

}  // namespace

namespace flow {

namespace {

// The law is sound at the fit points; a held-out run far from them can
// still take a power past the doubles.
void check_predictions(const ch03::ScalingFit& fit) {
    for (std::size_t i = 0; i < fit.predicted.size(); ++i) {
        const double v = fit.predicted[i];
        if (std::isfinite(v) && v <= ch03::kLargestFitted && v >= -ch03::kLargestFitted) continue;
        const std::string field = item_path("points", i);
        throw FieldError(field, msg::flow_scaling_prediction_not_finite,
                         {{"field", field}, {"alpha", trimmed(fit.law.alpha, 4)}, {"beta", trimmed(fit.law.beta, 4)}});
    }
}

ScalingRun fit_body(const Json& body) {
    RequestFields f(body, kScalingFitFields);
    ReadPoints read = read_points(body, f);
    // One α or β fixed by the reader (Figures 3-27 and 3-28's controls)
    // replaces its search grid: the fit then solves E, A and B for it.
    const std::vector<Ratio> alphas =
        f.has("alpha") ? std::vector<Ratio>{decimal_at(body, "alpha", "", Range::Positive)} : grid(body, "alphas");
    const std::vector<Ratio> betas =
        f.has("beta") ? std::vector<Ratio>{decimal_at(body, "beta", "", Range::Positive)} : grid(body, "betas");
    ScalingRun run;
    run.params_scale = f.has("params_scale") ? decimal_at(body, "params_scale", "", Range::Positive) : Ratio(pow10(9));
    run.tokens_scale = f.has("tokens_scale") ? decimal_at(body, "tokens_scale", "", Range::Positive) : Ratio(pow10(10));
    run.fit = ch03::scaling_fit(read.points, alphas, betas, run.params_scale, run.tokens_scale);
    if (!run.fit.found) {
        // α and β both fixed (a figure's two controls): no grid to change, so
        // the refusal names the reader's α and β instead of alphas and betas.
        if (f.has("alpha") && f.has("beta")) {
            throw FieldError("alpha", msg::flow_scaling_no_fit_fixed,
                             {{"field", "alpha"}, {"alpha", trimmed(alphas.front(), 12)}, {"beta", trimmed(betas.front(), 12)}});
        }
        throw FieldError("alphas", msg::flow_scaling_no_fit,
                         {{"count", std::to_string(run.fit.candidates)}, {"not_finite", std::to_string(run.fit.not_finite)}});
    }
    check_predictions(run.fit);
    run.points = std::move(read.points);
    run.ids = std::move(read.ids);
    return run;
}

}  // namespace

ScalingRun run_scaling_fit(const Json& body, const std::string& prefix) {
    if (prefix.empty()) return fit_body(body);
    ScalingRun run;
    within_field(prefix, [&] { run = fit_body(body); });
    return run;
}

}  // namespace flow

const OpDef kScalingFitOp = {"scaling_fit", op_scaling_fit, kScalingFitFields, kScalingFitResult, kScalingFitSamples};

}  // namespace tally::api
