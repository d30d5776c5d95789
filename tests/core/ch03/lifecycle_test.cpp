// §3.6.1's life-cycle example (Figure 3-29) and compute-optimal split: the
// 0.1B model trains for ≈125.7 H100 GPU-hours, 73.5 more than 0.5B, saves
// ≈0.00129 GPU-s per call and breaks even at ≈2.048×10^8 calls, whatever the
// MFU; N_opt ∝ C^{β/(α+β)}, D_opt ∝ C^{α/(α+β)}.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/ch03/lifecycle.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// The dataset's D values (content/ch03/data/c4-lifecycle.json), as printed there.
std::string book_request(const std::string& mfu, const std::string& lang = "zh-Hant") {
    return R"({"op":"lifecycle_cost","lang":")" + lang +
           R"(","models":[{"id":"0.1B","params":"100000000","tokens":"298578849033.8124"},)"
           R"({"id":"0.5B","params":"500000000","tokens":"24819592197.315968"}],"prompt":512,"output":128,)"
           R"("peak_tflops":"989.4","mfu":")" +
           mfu + R"("})";
}

}  // namespace

TEST_CASE("ch03 lifecycle core: 6ND and 2N[P + (G − 1)] at 989.4 TFLOP/s × 40 %") {
    const Ratio small_d = Ratio(2985788490338124ULL, 10000);
    const Ratio half_d = Ratio(24819592197315968ULL, 1000000);
    const ch03::Lifecycle life =
        ch03::lifecycle_cost({{Ratio(100000000), small_d}, {Ratio(500000000), half_d}}, 512, 128, Ratio(9894, 10), Ratio(2, 5));
    REQUIRE(life.rows.size() == 2);
    REQUIRE(life.crossovers.size() == 1);
    CHECK(life.rate == Ratio(39576) * Ratio(10000000000ULL));      // 395.76 TFLOP per GPU-second
    CHECK(life.rows[0].per_call_flops == Ratio(127800000000ULL));  // 2·10^8·639
    CHECK(fixed(life.rows[0].training_gpu_hours, 1) == "125.7");
    CHECK(fixed(life.rows[1].training_gpu_hours, 1) == "52.3");
    const ch03::LifecycleCrossover& x = life.crossovers[0];
    CHECK(x.crosses);
    CHECK_FALSE(x.a_cheaper_first);  // 0.5B trains for less
    CHECK(fixed(x.extra_training_gpu_seconds / Ratio(3600), 1) == "73.5");
    CHECK(fixed(x.saving_per_call_gpu_seconds, 5) == "0.00129");
    CHECK(fixed(x.calls / Ratio(100000000), 3) == "2.048");
    // The calls are the extra training over the saving, in any common unit.
    CHECK(x.calls == x.extra_training_gpu_seconds / x.saving_per_call_gpu_seconds);
}

TEST_CASE("ch03 lifecycle_cost: the book's numbers at its printed precision, and the crossing does not move with MFU") {
    const Json r = result(Json::parse(book_request("0.4")));
    CHECK(r["rows"][0]["training_gpu_hours_display"] == "125.7");
    CHECK(r["rows"][1]["training_gpu_hours_display"] == "52.3");
    CHECK(r["rows"][0]["per_call_display"] == "0.000323");
    CHECK(r["rows"][0]["training_flops_display"] == "1.791×10²⁰ FLOPs");
    CHECK(r["rows"][1]["per_call_display"] == "0.00161");
    const Json& x = r["crossovers"][0];
    CHECK(x["crosses"] == true);
    CHECK(x["id"] == "0.1B-0.5B");
    CHECK(x["cheaper_first"] == "0.5B");
    CHECK(x["cheaper_after"] == "0.1B");
    CHECK(x["extra_training_display"] == "73.5");
    CHECK(x["saving_per_call_display"] == "0.00129");
    CHECK(x["calls_display"] == "2.048 億");
    CHECK(r["rows"][0]["next_crossover_display"] == "約 2.048 億次呼叫");
    CHECK(r["rows"][1]["next_crossover_display"] == "—");
    CHECK(result(Json::parse(book_request("0.4", "en")))["crossovers"][0]["calls_display"] == "204.8 million");
    for (const char* mfu : {"0.25", "0.55", "1"}) {
        CAPTURE(mfu);
        const Json other = result(Json::parse(book_request(mfu)));
        CHECK(other["crossovers"][0]["calls"] == x["calls"]);
        CHECK(other["rows"][0]["training_gpu_hours"] != r["rows"][0]["training_gpu_hours"]);
    }
    // Defaults: P = 512, G = 128, 989.4 TFLOP/s, MFU 0.4.
    const Json defaults = result(Json::parse(
        R"({"op":"lifecycle_cost","models":[{"id":"a","params":"100000000","tokens":"298578849033.8124"},{"id":"b","params":"500000000","tokens":"24819592197.315968"}]})"));
    CHECK(defaults["crossovers"][0]["calls"] == x["calls"]);
    CHECK(defaults["rows"][0]["training_gpu_hours"] == r["rows"][0]["training_gpu_hours"]);
}

TEST_CASE("ch03 lifecycle_cost: each line read at the reader's calls, and the two lines meet at the crossing") {
    Json req = Json::parse(book_request("0.4"));
    const Json base = result(req);
    const Json& x = base["crossovers"][0];
    // Figure 3-29's lines at the crossing: both models have cost the same there.
    req["calls"] = x["calls"];
    const Json at = result(req);
    CHECK(at["rows"][0]["gpu_hours_at_calls"] == x["gpu_hours"]);
    CHECK(at["rows"][1]["gpu_hours_at_calls"] == x["gpu_hours"]);
    CHECK(at["rows"][0]["gpu_hours_at_calls_display"] == x["gpu_hours_display"]);
    // 0.1B: 125.7 GPU-h of training, then 0.000323 GPU-s a call: 10^8 calls add about 8.97 GPU-h.
    req["calls"] = "100000000";
    CHECK(result(req)["rows"][0]["gpu_hours_at_calls_display"] == "134.7");
    CHECK_FALSE(base["rows"][0].contains("gpu_hours_at_calls"));
}

TEST_CASE("ch03 lifecycle_cost: lines that never cross are flagged, not given a negative count") {
    // 0.5B → 1B: the larger model trains for more and costs more per call.
    const Json r =
        result(Json::parse(R"({"op":"lifecycle_cost","models":[{"id":"0.5B","params":"500000000","tokens":"24819592197.315968"},)"
                           R"({"id":"1B","params":"1000000000","tokens":"14895647223.134624"}]})"));
    const Json& x = r["crossovers"][0];
    CHECK(x["crosses"] == false);
    CHECK_FALSE(x.contains("calls"));
    CHECK(x["cheaper_first"] == "0.5B");
    CHECK(x["cheaper_after"] == "0.5B");
    CHECK(r["rows"][0]["next_crossover_display"] == "不交叉（0.5B 一直較省）");
}

TEST_CASE("ch03 lifecycle_cost: bad inputs name their field") {
    const auto field_of = [](const char* request) { return error_of(Json::parse(request))["field"]; };
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1"}],"mfu":"1.5"})") == "mfu");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1"}],"mfu":"0"})") == "mfu");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"-3"}]})") == "models[0].tokens");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"0","tokens":"3"}]})") == "models[0].params");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1","n":2}]})") == "models[0].n");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[]})") == "models");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1"}],"prompt":0})") == "prompt");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1"}],"output":0})") == "output");
    CHECK(field_of(R"({"op":"lifecycle_cost","models":[{"params":"1","tokens":"1"}],"peak_tflops":"abc"})") == "peak_tflops");
    // Too large to hold exactly: an error response, not a crash.
    const Json huge = call(Json::parse(
        R"({"op":"lifecycle_cost","models":[{"params":"99999999999999999999999999999999999","tokens":"99999999999999999999999999999999999"}]})"));
    CHECK(huge["ok"] == false);
}

TEST_CASE("ch03 chinchilla_alloc: exponents exact, multipliers exact when the power is rational") {
    const Json even = result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.34","beta":"0.34"})"));
    CHECK(even["params_exponent"] == "0.5");  // 1/2, written as its exact decimal
    CHECK(even["tokens_exponent"] == "0.5");
    CHECK(even["params_exponent_display"] == "0.500");
    CHECK(even["params_multiplier_exact"] == true);
    CHECK(even["params_multiplier"] == 2);
    CHECK(even["tokens_multiplier"] == 2);
    CHECK(even["tokens_multiplier_display"] == "2");
    const Json nine = result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.34","beta":"0.34","budget_factor":"9"})"));
    CHECK(nine["params_multiplier"] == 3);
    CHECK(nine["tokens_multiplier"] == 3);
    const Json quarter = result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"1","beta":"1","budget_factor":"0.25"})"));
    CHECK(quarter["params_multiplier"] == "0.5");
    // α = 1, β = 2: N ∝ C^{2/3}, D ∝ C^{1/3}; ×8 gives ×4 and ×2.
    const Json thirds = result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"1","beta":"2","budget_factor":"8"})"));
    CHECK(thirds["params_exponent"] == "2/3");
    CHECK(thirds["params_exponent_display"] == "0.667");
    CHECK(thirds["params_multiplier"] == 4);
    CHECK(thirds["tokens_multiplier"] == 2);
    // Kaplan-like split: 0.73 / 0.27; 10^0.73 and 10^0.27 are irrational.
    const Json kaplan = result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.27","beta":"0.73","budget_factor":"10"})"));
    CHECK(kaplan["params_exponent"] == "0.73");
    CHECK(kaplan["tokens_exponent"] == "0.27");
    CHECK(kaplan["params_exponent_display"] == "0.730");
    CHECK(kaplan["tokens_exponent_display"] == "0.270");
    CHECK(kaplan["params_multiplier_exact"] == false);
    CHECK_FALSE(kaplan.contains("params_multiplier"));
    CHECK(kaplan["params_multiplier_display"] == "≈5.37");
    CHECK(kaplan["tokens_multiplier_display"] == "≈1.86");
    // Extremes stay finite.
    const Json big = result(
        Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.3","beta":"0.7","budget_factor":"99999999999999999999999999999"})"));
    CHECK(big["params_multiplier_display"].get<std::string>().find("×10") != std::string::npos);  // ×10¹⁸-style
    CHECK(big["params_multiplier_display"].get<std::string>().find('^') == std::string::npos);
    const Json tiny =
        result(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0.3","beta":"0.7","budget_factor":"0.000000000001"})"));
    CHECK(tiny["params_multiplier_display"].get<std::string>().find("×10⁻") != std::string::npos);
}

TEST_CASE("ch03 chinchilla_alloc core and errors") {
    const ch03::Power p = ch03::rational_power(Ratio(27, 8), Ratio(1, 3));
    CHECK(p.exact);
    CHECK(p.value == Ratio(3, 2));
    const ch03::Power q = ch03::rational_power(Ratio(2), Ratio(1, 1000000007));
    CHECK_FALSE(q.exact);
    CHECK(std::isfinite(q.approximate));
    CHECK(error_of(Json::parse(R"({"op":"chinchilla_alloc","alpha":"0","beta":"1"})"))["field"] == "alpha");
    CHECK(error_of(Json::parse(R"({"op":"chinchilla_alloc","alpha":"1","beta":"-1"})"))["field"] == "beta");
    CHECK(error_of(Json::parse(R"({"op":"chinchilla_alloc","alpha":"1","beta":"1","budget_factor":"0"})"))["field"] ==
          "budget_factor");
    CHECK(error_of(Json::parse(R"({"op":"chinchilla_alloc","beta":"1"})"))["field"] == "alpha");
}

TEST_CASE("ch03 lifecycle_cost with gpu: the catalog's BF16 peak stands in for peak_tflops, a sent peak wins") {
    const std::string models =
        R"("models":[{"id":"0.1B","params":"100000000","tokens":"298578849033.8124"},{"id":"0.5B","params":"500000000","tokens":"24819592197.315968"}])";
    const Json h100 = result(Json::parse(R"({"op":"lifecycle_cost",)" + models + R"(,"gpu":"h100-sxm"})"));
    const Json plain = result(Json::parse(R"({"op":"lifecycle_cost",)" + models + "}"));
    // H100 SXM's 989.4 TFLOP/s is the default: the same answer, to the last digit.
    CHECK(h100["gpu_flops_per_second"] == plain["gpu_flops_per_second"]);
    CHECK(h100["rows"][0]["training_gpu_hours"] == plain["rows"][0]["training_gpu_hours"]);
    // A100 80GB SXM: 312 TFLOP/s × MFU 0.4 = 124.8 TFLOP/s; hours scale by 989.4 / 312, the crossing does not move.
    const Json a100 = result(Json::parse(R"({"op":"lifecycle_cost",)" + models + R"(,"gpu":"a100-80g"})"));
    CHECK(a100["gpu_flops_per_second"] == 124800000000000ULL);
    CHECK(a100["crossovers"][0]["calls"] == plain["crossovers"][0]["calls"]);
    // 0.1B: 125.7 GPU-hours on H100 SXM are 82,938,569,176,059 / 208,000,000,000 ≈ 398.7 on A100; a call 0.00102 GPU-s.
    CHECK(plain["rows"][0]["training_gpu_hours_display"] == "125.7");
    CHECK(a100["rows"][0]["training_gpu_hours"] == "82938569176059/208000000000");
    CHECK(a100["rows"][0]["training_gpu_hours_display"] == "398.7");
    CHECK(a100["rows"][0]["per_call_display"] == "0.00102");
    // An explicit peak overrides the device.
    const Json sent = result(Json::parse(R"({"op":"lifecycle_cost",)" + models + R"(,"gpu":"a100-80g","peak_tflops":"989.4"})"));
    CHECK(sent["gpu_flops_per_second"] == plain["gpu_flops_per_second"]);
    // A device whose sources state no BF16 peak, or no device, is refused under `gpu`.
    CHECK(error_of(Json::parse(R"({"op":"lifecycle_cost",)" + models + R"(,"gpu":"v100-sxm2"})"))["field"] == "gpu");
    CHECK(error_of(Json::parse(R"({"op":"lifecycle_cost",)" + models + R"(,"gpu":"no-such-card"})"))["field"] == "gpu");
}
