// Example 3-5: six public C4 runs fitted with L = E + A/(N/10^9)^α + B/(D/10^10)^β
// over the book's grid (α, β ∈ 0.1 … 0.6 by 0.05), two runs with N ≥ 2×10^9
// held out.  The chapter prints predictions 2.583 and 2.363 against measured
// 2.574 and 2.337, errors ≈ 0.009 and 0.026, hold-out RMSE ≈ 0.0193; the
// book's calculator chose α = 0.1, β = 0.45 with E = 1.21124…, A = 1.25125…,
// B = 0.52343… (content/ch03/data/c4-scaling-fit.json).
#include <doctest/doctest.h>

#include <string>

#include "core/ch03/scaling_fit.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const char* kPoints = R"([{"id":"H1","params":"2810000000","tokens":"55000000000","loss":"2.574117"},)"
                      R"({"id":"H2","params":"8670000000","tokens":"178000000000","loss":"2.336741"},)"
                      R"({"id":"F1","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
                      R"({"id":"F2","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
                      R"({"id":"F3","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
                      R"({"id":"F4","params":"1096300000","tokens":"1500000000","loss":"3.680017"},)"
                      R"({"id":"F5","params":"1096300000","tokens":"12000000000","loss":"2.925644"},)"
                      R"({"id":"F6","params":"1096300000","tokens":"91000000000","loss":"2.636805"}])";
const char* kGrid = R"(["0.1","0.15","0.2","0.25","0.3","0.35","0.4","0.45","0.5","0.55","0.6"])";

Json fit_request(const std::string& extra = R"(,"holdout_from":"2000000000")") {
    return Json::parse(std::string(R"({"op":"scaling_fit","points":)") + kPoints + R"(,"alphas":)" + kGrid + R"(,"betas":)" +
                       kGrid + extra + "}");
}

const Json& point(const Json& r, const std::string& id) {
    for (std::size_t i = 0; i < r["points"].size(); ++i)
        if (r["points"][i]["id"] == id) return r["points"][i];
    FAIL("no point " << id);
    return r;
}

}  // namespace

TEST_CASE("ch03 scaling_fit: the book's grid picks α = 0.1, β = 0.45 and the calculator's coefficients") {
    const Json r = result(fit_request());
    CHECK(r["alpha"] == "0.1");
    CHECK(r["beta"] == "0.45");
    CHECK(r["e"] == "1.2112421706");  // the calculator: 1.2112421705646654
    CHECK(r["a"] == "1.2512538553");  // 1.2512538552831556
    CHECK(r["b"] == "0.5234301354");  // 0.5234301353650054
    CHECK(r["e_display"] == "1.2112");
    CHECK(r["fit_sse_display"] == "0.000600");  // 0.0005997233448120746
    CHECK(r["candidates"] == 121);
    CHECK(r["rejected"] == 24);  // E < 0, A ≤ 0 or B ≤ 0, as the calculator lists them
    CHECK(r["fit_count"] == 6);
    CHECK(r["holdout_count"] == 2);
}

TEST_CASE("ch03 scaling_fit: the held-out runs are predicted at 2.583 and 2.363, RMSE ≈ 0.0193") {
    const Json r = result(fit_request());
    CHECK(point(r, "H1")["predicted_display"] == "2.583");
    CHECK(point(r, "H1")["loss_display"] == "2.574");
    CHECK(point(r, "H1")["residual_display"] == "+0.009");
    CHECK(point(r, "H1")["split"] == "holdout");
    CHECK(point(r, "H2")["predicted_display"] == "2.363");
    CHECK(point(r, "H2")["residual_display"] == "+0.026");
    CHECK(r["holdout_rmse_display"] == "0.0193");
    // The fit points sit closer: RMSE 0.0100 there, half the hold-out's.
    CHECK(r["fit_rmse_display"] == "0.0100");
    CHECK(point(r, "F3")["residual_display"] == "−0.021");
    CHECK(point(r, "F3")["residual"].get<std::string>().rfind("-0.02", 0) == 0);  // signed, for Figure 3-28
    CHECK(point(r, "F4")["residual_display"] == "+0.000");
    // α and β fixed at the search's best give the search's fit; another β moves every prediction.
    Json fixed_req = fit_request();
    fixed_req.erase("alphas");
    fixed_req.erase("betas");
    fixed_req["alpha"] = "0.1";
    fixed_req["beta"] = "0.45";
    const Json fixed_fit = result(fixed_req);
    CHECK(fixed_fit["holdout_rmse_display"] == "0.0193");
    CHECK(point(fixed_fit, "H1")["predicted"] == point(r, "H1")["predicted"]);
    fixed_req["beta"] = "0.3";
    CHECK(point(result(fixed_req), "H1")["predicted"] != point(r, "H1")["predicted"]);
    CHECK(point(r, "F2")["params_display"] == "14.1M");
    CHECK(point(r, "F1")["params_display"] == "1.1B");
    CHECK(point(r, "F3")["params_display"] == "201M");
}

TEST_CASE("ch03 scaling_fit core: the law at a point is E + A/(N/N0)^α + B/(D/D0)^β") {
    const ch03::ScalingLaw law{Ratio(1, 10), Ratio(9, 20), 1.2112421705646654, 1.2512538552831556, 0.5234301353650054};
    const double h1 = ch03::scaling_loss(law, Ratio(2810000000u), Ratio(55000000000u), Ratio(1000000000u), Ratio(10000000000u));
    CHECK(h1 == doctest::Approx(2.5827225567793315).epsilon(1e-12));  // the calculator's predicted_loss
    // At N = N0 and D = D0 both powers are 1.
    CHECK(ch03::scaling_loss(law, Ratio(1000000000u), Ratio(10000000000u), Ratio(1000000000u), Ratio(10000000000u)) ==
          doctest::Approx(1.2112421705646654 + 1.2512538552831556 + 0.5234301353650054));
}

TEST_CASE("ch03 scaling_fit: nothing held out, too few fit points, a grid with no admissible fit, English words") {
    const Json all = result(fit_request(""));
    CHECK(all["holdout_count"] == 0);
    CHECK(all["fit_count"] == 8);
    CHECK_FALSE(all.contains("holdout_rmse"));

    const Json few = error_of(fit_request(R"(,"holdout_from":"1000000000")"));
    CHECK(few["field"] == "holdout_from");
    CHECK(few["code"] == "flow_scaling_too_few");
    CHECK(few["message"].get<std::string>().find("2") != std::string::npos);

    Json none = fit_request();
    none["alphas"] = Json::parse(R"(["0.1"])");
    none["betas"] = Json::parse(R"(["0.1"])");
    const Json refused = error_of(none);
    CHECK(refused["field"] == "alphas");
    CHECK(refused["code"] == "flow_scaling_no_fit");

    // α and β fixed (Figures 3-27 and 3-28's controls at 0.1 and 0.1): no
    // grid to change, so the refusal names the reader's α and β.
    Json fixed = fit_request();
    fixed["alpha"] = "0.1";
    fixed["beta"] = "0.1";
    const Json pair = error_of(fixed);
    CHECK(pair["field"] == "alpha");
    CHECK(pair["code"] == "flow_scaling_no_fit_fixed");
    CHECK(pair["message"] == "alpha：α = 0.1、β = 0.1 擬合不出 E ≥ 0、A > 0、B > 0 的有限係數，請換一個 α 或 β");
    // Inside lifecycle_cost's fit, the field is the fit's.
    Json life = Json::parse(R"({"op":"lifecycle_cost","models":[{"id":"1B","params":"1000000000"}],"target_loss":"2.9"})");
    fixed.erase("op");
    fixed.erase("holdout_from");
    life["fit"] = fixed;
    CHECK(error_of(life)["field"] == "fit.alpha");

    Json en = fit_request();
    en["lang"] = "en";
    CHECK(point(result(en), "H1")["split_display"] == "held out");
    CHECK(point(result(fit_request()), "F1")["split_display"] == "擬合");
}

namespace {

// Figure 3-29's four models sized by the fit: no tokens sent, D read off the
// law at the target loss 2.9 (the fit of Example 3-5, all eight runs' split).
Json lifecycle_request(const std::string& target = R"("2.9")") {
    Json fit = fit_request();
    fit.erase("op");
    Json r = Json::parse(R"({"op":"lifecycle_cost","models":[{"id":"0.1B","params":"100000000"},)"
                         R"({"id":"0.5B","params":"500000000"},{"id":"1B","params":"1000000000"},)"
                         R"({"id":"2.81B","params":"2810000000"}]})");
    r["fit"] = fit;
    if (!target.empty()) r["target_loss"] = Json::parse(target);
    return r;
}

double as_double(const Json& v) { return std::stod(v.get<std::string>()); }

}  // namespace

TEST_CASE("ch03 lifecycle_cost with a fit: D for loss 2.9 is the calculator's, and 0.1B and 2.81B are extrapolations") {
    const Json r = result(lifecycle_request());
    const Json& rows = r["rows"];
    // The book's calculator (content/ch03/data/c4-lifecycle.json, D per N).
    CHECK(as_double(rows[0]["tokens"]) == doctest::Approx(298578849033.8124).epsilon(1e-12));
    CHECK(as_double(rows[1]["tokens"]) == doctest::Approx(24819592197.315968).epsilon(1e-12));
    CHECK(as_double(rows[2]["tokens"]) == doctest::Approx(14895647223.134624).epsilon(1e-12));
    CHECK(as_double(rows[3]["tokens"]) == doctest::Approx(8595274071.065405).epsilon(1e-12));
    CHECK(rows[0]["tokens_display"] == "298.6B");  // §3.6.1 prints 298.6 × 10^9
    CHECK(rows[0]["tokens_derived"] == true);
    CHECK(rows[0]["outside_fit"] == true);  // D beyond the runs' 91B
    CHECK(rows[1]["outside_fit"] == false);
    CHECK(rows[3]["outside_fit"] == true);  // N beyond the fitted 1.0963B
    CHECK(rows[0]["label_display"] == "0.1B（外推）");
    CHECK(rows[1]["label_display"] == "0.5B");
    // What the chapter prints from them.
    CHECK(rows[0]["training_gpu_hours_display"] == "125.7");
    CHECK(r["crossovers"][0]["calls_display"] == "2.048 億");
}

TEST_CASE("ch03 lifecycle_cost with a fit: a model that cannot reach the target gets its floor, the others are priced") {
    // At a target of 2.5 the 0.1B model's floor (E + A/(0.1)^0.1 ≈ 2.786)
    // lies above it: the book's calculator marks that row infeasible and
    // still prices the models that can get there.
    const Json r = result(lifecycle_request(R"("2.7")"));
    const Json& rows = r["rows"];
    CHECK(rows[0]["feasible"] == false);
    CHECK(rows[0]["floor_display"] == "2.786");
    CHECK(rows[0]["training_gpu_hours_display"] == "—");
    CHECK_FALSE(rows[0].contains("training_gpu_hours"));
    CHECK(rows[0]["status_display"].get<std::string>().find("2.786") != std::string::npos);
    CHECK(rows[1]["feasible"] == true);
    CHECK(rows[1]["status_display"] == "");
    CHECK(rows[1].contains("training_gpu_hours"));
    // Crossings join the priced models only.
    CHECK(r["crossovers"][0]["left"] == rows[1]["id"]);
}

TEST_CASE("ch03 lifecycle_cost with a fit: no model reaching the target, a missing target, a fit that is not an object") {
    const Json low = error_of(lifecycle_request(R"("1.5")"));
    CHECK(low["field"] == "models[0].params");
    CHECK(low["code"] == "flow_lifecycle_unreachable");

    const Json missing = error_of(lifecycle_request(""));
    CHECK(missing["field"] == "target_loss");

    Json bad = lifecycle_request();
    bad["fit"]["points"][0]["loss"] = "abc";
    CHECK(error_of(bad)["field"] == "fit.points[0].loss");

    Json text = lifecycle_request();
    text["fit"] = "c4";
    CHECK(error_of(text)["field"] == "fit");
}
