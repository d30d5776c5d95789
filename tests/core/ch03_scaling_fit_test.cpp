// Example 3-5: six public C4 runs fitted with L = E + A/(N/10^9)^α + B/(D/10^10)^β
// over the book's grid (α, β ∈ 0.1 … 0.6 by 0.05), two runs with N ≥ 2×10^9
// held out.  The chapter prints predictions 2.583 and 2.363 against measured
// 2.574 and 2.337, errors ≈ 0.009 and 0.026, hold-out RMSE ≈ 0.0193; the
// book's calculator chose α = 0.1, β = 0.45 with E = 1.21124…, A = 1.25125…,
// B = 0.52343… (content/ch03/data/c4-scaling-fit.json).
#include <doctest/doctest.h>

#include <string>

#include "core/ch03/scaling_fit.hpp"
#include "support.hpp"

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
    CHECK(point(r, "F4")["residual_display"] == "+0.000");
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

    Json en = fit_request();
    en["lang"] = "en";
    CHECK(point(result(en), "H1")["split_display"] == "held out");
    CHECK(point(result(fit_request()), "F1")["split_display"] == "擬合");
}
