// Issue 37: chapter 3's floating-point ops (scaling_fit, lifecycle_cost)
// return on every input, in a number of steps that does not depend on a
// value's size, and never answer ok:true with a number that overflowed.
// Each reproducer of the issue is a case here; a hang would show as this
// test never finishing.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "api/ops/ch03/flow_display.hpp"
#include "core/ch03/approximate.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// Example 3-5's runs, as tests/core/ch03_scaling_fit_test.cpp has them.
const char* kPoints = R"([{"id":"H1","params":"2810000000","tokens":"55000000000","loss":"2.574117"},)"
                      R"({"id":"H2","params":"8670000000","tokens":"178000000000","loss":"2.336741"},)"
                      R"({"id":"F1","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
                      R"({"id":"F2","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
                      R"({"id":"F3","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
                      R"({"id":"F4","params":"1096300000","tokens":"1500000000","loss":"3.680017"},)"
                      R"({"id":"F5","params":"1096300000","tokens":"12000000000","loss":"2.925644"},)"
                      R"({"id":"F6","params":"1096300000","tokens":"91000000000","loss":"2.636805"}])";
const char* kBookGrid = R"("0.1","0.15","0.2","0.25","0.3","0.35","0.4","0.45","0.5","0.55","0.6")";

Json fit_with(const std::string& alphas, const std::string& betas = std::string("[") + kBookGrid + "]") {
    return Json::parse(std::string(R"({"op":"scaling_fit","holdout_from":"2000000000","points":)") + kPoints + R"(,"alphas":)" +
                       alphas + R"(,"betas":)" + betas + "}");
}

// Every number an ok:true answer carries as a decimal string reads as one.
void check_plain_numbers(const Json& r) {
    for (const char* key : {"e", "a", "b", "fit_rmse"}) {
        const std::string text = r[key].get<std::string>();
        CHECK_MESSAGE(text.find_first_not_of("0123456789.-") == std::string::npos, key << " = " << text);
    }
}

}  // namespace

TEST_CASE("ch03 approximate: each function ends in bounded steps and says when there is no double") {
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(ch03::exponential(1e300) == inf);
    CHECK(ch03::exponential(-1e300) == 0);
    CHECK(ch03::exponential(800) == inf);
    CHECK(ch03::exponential(-800) == 0);
    CHECK(ch03::exponential(1) == doctest::Approx(2.718281828459045).epsilon(1e-15));
    CHECK(std::isnan(ch03::exponential(std::nan(""))));
    CHECK(std::isnan(ch03::natural_log(0)));
    CHECK(std::isnan(ch03::natural_log(-1)));
    CHECK(std::isnan(ch03::natural_log(inf)));
    CHECK(ch03::natural_log(1e-320) == doctest::Approx(-736.8272).epsilon(1e-6));  // subnormal: still bounded
    CHECK(ch03::natural_log(1e308) == doctest::Approx(709.1962086421661).epsilon(1e-14));
    // α = 2^53 and α = 10^9 as powers: e^(huge) is ∞ or 0 at once, not 2^n by n doublings.
    CHECK(ch03::power(0.0141, -9007199254740992.0) == inf);
    CHECK(ch03::power(2.81, -1e9) == 0);
    CHECK(ch03::power(0.0141, -200) == inf);  // the "200" of the issue: (14.1M / 10^9)^−200 > 10^308
}

TEST_CASE("ch03 approximate: a double is rounded to an exact ratio only when it fits") {
    CHECK(ch03::roundable(1e20, 10));
    CHECK_FALSE(ch03::roundable(1e30, 10));
    CHECK_FALSE(ch03::roundable(std::numeric_limits<double>::infinity(), 0));
    CHECK_FALSE(ch03::roundable(std::nan(""), 0));
    CHECK(ch03::rounded_ratio(2.5, 1) == Ratio(5, 2));
    // Was undefined behaviour (UBSan at approximate.cpp, a double past 2^64 cast to an integer).
    CHECK_THROWS_AS(ch03::rounded_ratio(1.7014118346046923e38, 4), ArithmeticOverflow);
    CHECK_THROWS_AS(ch03::rounded_ratio(std::numeric_limits<double>::infinity(), 4), ArithmeticOverflow);
}

TEST_CASE("ch03 approximate_text: 0 is \"0\" (it looped forever), the extremes of the doubles end") {
    CHECK(api::flow::approximate_text(0) == "0");
    CHECK(api::flow::approximate_text(0.0193445) == "0.0193");
    CHECK(api::flow::approximate_text(1e308) == "1.00×10³⁰⁸");
    CHECK(api::flow::approximate_text(5e-324) == "4.94×10⁻³²⁴");
    CHECK_THROWS_AS(api::flow::approximate_text(std::numeric_limits<double>::infinity()), ArithmeticOverflow);
    CHECK_THROWS_AS(api::flow::approximate_text(-1), ArithmeticOverflow);
}

TEST_CASE("ch03 scaling_fit: three points on the law fit with no residual, and the answer comes") {
    // Three fit points and three coefficients: the solve passes through them.
    const Json r =
        result(Json::parse(R"({"op":"scaling_fit","points":[{"params":"1000000000","tokens":"10000000000","loss":"3"},)"
                           R"({"params":"4000000000","tokens":"10000000000","loss":"2.5"},)"
                           R"({"params":"1000000000","tokens":"40000000000","loss":"2.5"}],"alphas":["0.5"],"betas":["0.5"]})"));
    // 1 + 1/√(N/N0) + 1/√(D/D0): E = A = B = 1.
    CHECK(r["e"] == "1.0000000000");
    CHECK(r["a"] == "1.0000000000");
    CHECK(r["b"] == "1.0000000000");
    CHECK(r["fit_count"] == 3);
    CHECK(r["rejected_not_finite"] == 0);
    check_plain_numbers(r);
}

TEST_CASE("ch03 scaling_fit: α = 10^8, 10^9, 2^53 and 359462376 in the grid end and are counted as not finite") {
    for (const char* big : {"100000000", "1000000000", "9007199254740992", "18446744073709551616", "359462376"}) {
        CAPTURE(big);
        const Json r = result(fit_with(std::string(R"([")") + big + R"(","0.1"])"));
        CHECK(r["alpha"] == "0.1");
        CHECK(r["beta"] == "0.45");
        CHECK(r["e_display"] == "1.2112");
        CHECK(r["candidates"] == 22);
        CHECK(r["rejected_not_finite"] == 11);  // every β with the huge α
        check_plain_numbers(r);
    }
    // The random differential's grid, alone with α = 0.2.
    const Json r = result(fit_with(R"(["359462376","0.2"])"));
    CHECK(r["alpha"] == "0.2");
    CHECK(r["rejected_not_finite"] == 11);
}

TEST_CASE("ch03 scaling_fit: \"200\" added to the book's α grid overflows, is rejected and does not win") {
    const Json r = result(fit_with(std::string("[") + kBookGrid + R"(,"200"])"));
    CHECK(r["alpha"] == "0.1");
    CHECK(r["beta"] == "0.45");
    CHECK(r["e"] == "1.2112421706");
    CHECK(r["candidates"] == 132);
    CHECK(r["rejected_not_finite"] == 11);
    CHECK(r["rejected"] == 24 + 11);
    check_plain_numbers(r);
    // Alone, nothing fits: a refusal that says how many overflowed.
    const Json e = error_of(fit_with(R"(["200"])"));
    CHECK(e["code"] == "flow_scaling_no_fit");
    CHECK(e["field"] == "alphas");
    CHECK(e["params"]["not_finite"] == "11");
}

TEST_CASE("ch03 scaling_fit: a held-out run the law cannot reach is refused, naming it") {
    // β = 60 fits the runs at D ≥ 10^10 (E = A = B = 1), but a held-out run
    // trained on one token gets (10^−10)^−60 = 10^600: past the doubles.
    const Json e = error_of(Json::parse(
        R"({"op":"scaling_fit","holdout_from":"1500000000","points":[{"params":"2000000000","tokens":"1","loss":"3"},)"
        R"({"params":"1000000000","tokens":"10000000000","loss":"3"},)"
        R"({"params":"250000000","tokens":"10000000000","loss":"4"},)"
        R"({"params":"1000000000","tokens":"20000000000","loss":"2"}],"alphas":["0.5"],"betas":["60"]})"));
    CHECK(e["code"] == "flow_scaling_prediction_not_finite");
    CHECK(e["field"] == "points[0]");
}

TEST_CASE("ch03 scaling_fit: a loss beyond a million nats per token is refused") {
    const Json e = error_of(
        Json::parse(R"({"op":"scaling_fit","points":[{"params":"1000000000","tokens":"10000000000","loss":"3"},)"
                    R"({"params":"4000000000","tokens":"10000000000","loss":"1000000000000000000000000000000"},)"
                    R"({"params":"1000000000","tokens":"40000000000","loss":"2.5"}],"alphas":["0.5"],"betas":["0.5"]})"));
    CHECK(e["code"] == "flow_decimal_too_large");
    CHECK(e["field"] == "points[1].loss");
}

TEST_CASE("ch03 lifecycle_cost: D beyond 10^30 or below one token is refused, not shown as 0 tokens and 0 FLOPs") {
    // Runs on L = 1 + 1/√(N/10^9) + 1/(D/10^10)^0.001: a tiny β, so D = D0·(B/room)^1000
    // leaves the doubles just below the reachable floor and vanishes just above it.
    const auto lifecycle = [](const std::string& target) {
        return Json::parse(R"({"op":"lifecycle_cost","models":[{"id":"100B","params":"100000000000"}],"target_loss":")" + target +
                           R"(","fit":{"points":[{"params":"1000000000","tokens":"10000000000","loss":"3"},)"
                           R"({"params":"250000000","tokens":"10000000000","loss":"4"},)"
                           R"({"params":"1000000000","tokens":"231630000000000","loss":"2.99"}],)"
                           R"("alphas":["0.5"],"betas":["0.001"]}})");
    };
    const Json many = error_of(lifecycle("2.05"));  // floor 1.1: (1/0.95)^1000 ≈ 1.9×10^22
    CHECK(many["code"] == "flow_lifecycle_tokens_too_many");
    CHECK(many["field"] == "target_loss");
    CHECK(many["params"]["params"] == "100B");
    const Json few = error_of(lifecycle("2.2"));  // (1/1.1)^1000 ≈ 2.5×10^−42
    CHECK(few["code"] == "flow_lifecycle_tokens_too_few");
    // The page's fig-3-29:target=1000000000000 on the book's runs.
    const Json page = error_of(Json::parse(
        R"({"op":"lifecycle_cost","models":[{"id":"0.1B","params":"100000000"}],"target_loss":"1000000000000",)"
        R"("fit":{"points":[{"id":"F1","params":"1096300000","tokens":"100000000","loss":"6.611002"},)"
        R"({"id":"F2","params":"14100000","tokens":"100000000","loss":"7.278144"},)"
        R"({"id":"F3","params":"201236224","tokens":"1500000000","loss":"3.929866"},)"
        R"({"id":"F5","params":"1096300000","tokens":"12000000000","loss":"2.925644"}],"alphas":["0.1"],"betas":["0.45"]}})"));
    CHECK(page["code"] == "flow_lifecycle_tokens_too_few");
    CHECK(page["field"] == "target_loss");
    // A target in between still sizes the model: D = 10^10·(1/1.001)^1000 ≈ 3.7×10^9.
    const Json ok = result(lifecycle("2.101"));
    CHECK(ok["rows"][0]["tokens_derived"] == true);
    CHECK(ok["rows"][0]["training_flops"] != "0");
}

TEST_CASE("issue 37 API text: an overflow names the op's own fields, hex and over-long decimals are told what they are") {
    const Json huge = error_of(Json::parse(R"({"op":"lifecycle_cost","models":[{"params":"99999999999999999999999999999999999",)"
                                           R"("tokens":"99999999999999999999999999999999999"}]})"));
    CHECK(huge["code"] == "result_overflow");
    CHECK(huge["params"]["fields"] == "models");
    CHECK(huge["message"].get<std::string>().find("batch") == std::string::npos);
    // A chapter-2 op still names its own.
    const Json forward = error_of(Json::parse(R"({"op":"forward","model":"qwen3-8b","batch":9007199254740991,)"
                                              R"("context":9007199254740991,"input":9007199254740991})"));
    CHECK(forward["params"]["fields"] == "batch、context、input");
    // "0x10" was read as 0 × 10 = 0.
    const Json hex = error_of(Json::parse(R"({"op":"capacity","model":"qwen3-8b","gpu":"rtx-4090","context":"0x10"})"));
    CHECK(hex["code"] == "field_hex_integer");
    CHECK(hex["field"] == "context");
    const Json precise = error_of(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.1234567890123","beta":"0.5"})"));
    CHECK(precise["code"] == "flow_decimal_too_precise");
    CHECK(precise["field"] == "alpha");
    // Machine fields are plain decimals, whatever their size: A ≈ 2001 here.
    const Json r = result(
        Json::parse(R"({"op":"scaling_fit","points":[{"params":"1000000000","tokens":"10000000000","loss":"2003"},)"
                    R"({"params":"4000000000","tokens":"10000000000","loss":"1002.5"},)"
                    R"({"params":"1000000000","tokens":"40000000000","loss":"2002.5"}],"alphas":["0.5"],"betas":["0.5"]})"));
    CHECK(r["a"] == "2001.0000000000");
    CHECK(r["a_display"] == "2,001.0000");
}

TEST_CASE("issue 37 item 4: two fields missing or wrong are named in the order the op declares them") {
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor"})"))["field"] == "peak_from");
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor","peak_from":"x","peak_to":"y"})"))["field"] == "peak_from");
    CHECK(error_of(Json::parse(R"({"op":"buffer_depletion"})"))["field"] == "arrival_ratio");
    CHECK(error_of(Json::parse(R"({"op":"ced_expert_layers","encoder_layers":0})"))["field"] == "input");
    CHECK(error_of(Json::parse(R"({"op":"update_tokens","accumulation":0})"))["field"] == "accumulation");
}
