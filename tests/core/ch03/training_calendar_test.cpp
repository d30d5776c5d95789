// §3.6.2 and §3.6.3's training bookkeeping: Table 3.6.2-a's D/N and 6ND,
// calendar days from GPU-hours (20.80 / 41.60 / 54.20 / 78.43), the
// H100-to-A100 factor 989.4/312 ≈ 3.17, and Q* = 3.6×10^8 / 0.72 = 5×10^8.
#include <doctest/doctest.h>

#include "core/ch03/training_calendar.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {
const Ratio kBillion(1000000000);
const Ratio kTrillion(1000000000000ULL);
}  // namespace

TEST_CASE("ch03 training budget: Table 3.6.2-a's D/N and 6ND") {
    const auto llama1 = ch03::training_budget(Ratio(67, 10) * kBillion, kTrillion);
    CHECK(fixed(llama1.tokens_per_param, 0) == "149");
    CHECK(llama1.six_nd == Ratio(402) * kTrillion * Ratio(100000000));  // 4.02×10^22
    const auto llama2 = ch03::training_budget(Ratio(7) * kBillion, Ratio(2) * kTrillion);
    CHECK(fixed(llama2.tokens_per_param, 0) == "286");
    CHECK(llama2.six_nd == Ratio(84) * kTrillion * kBillion);  // 8.40×10^22
    CHECK(ch03::training_budget(Ratio(8) * kBillion, Ratio(15) * kTrillion).tokens_per_param == Ratio(1875));
    CHECK(fixed(ch03::training_budget(Ratio(7) * kBillion, Ratio(18) * kTrillion).tokens_per_param, 0) == "2,571");
    const auto qwen3 = ch03::training_budget(Ratio(8) * kBillion, Ratio(36) * kTrillion);
    CHECK(qwen3.tokens_per_param == Ratio(4500));
    CHECK(qwen3.six_nd == Ratio(1728) * kTrillion * kBillion);  // 1.728×10^24
}

TEST_CASE("ch03 training calendar: 499.2 hours and 20.80 days on 2048 A100, 41.60 on 1024") {
    const auto full = ch03::calendar_days(1022362, 2048);
    CHECK(fixed(full.hours, 1) == "499.2");
    CHECK(fixed(full.days, 2) == "20.80");
    CHECK(fixed(ch03::calendar_days(1022362, 1024).days, 2) == "41.60");
    CHECK(fixed(ch03::calendar_days(2664000, 2048).days, 2) == "54.20");    // DeepSeek-V3, H800
    CHECK(fixed(ch03::calendar_days(30840000, 16384).days, 2) == "78.43");  // Llama 3.1 405B, H100
    CHECK(fixed(ch03::gpu_hour_factor(Ratio(9894, 10), 312), 2) == "3.17");
}

TEST_CASE("ch03 break-even: 100,000 extra H100 hours against 0.72 s per task pay back at 5×10^8 tasks") {
    const auto b = ch03::break_even(100000, Ratio(72, 100));
    CHECK(b.extra_seconds == Ratio(360000000));
    CHECK(b.tasks == Ratio(500000000));
}

TEST_CASE("ch03 training ops: Exercise 3-10's choice at 2×10^8 and 10^9 tasks") {
    const Json low =
        result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"100000","saving_seconds":"0.72","tasks":200000000})"));
    CHECK(low["break_even"] == 500000000);
    CHECK(low["smaller_cheaper"] == false);
    CHECK(low["difference_seconds"] == 216000000);
    CHECK(low["difference_hours"] == 60000);
    const Json high =
        result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"100000","saving_seconds":"0.72","tasks":1000000000})"));
    CHECK(high["smaller_cheaper"] == true);
    CHECK(high["difference_hours"] == 100000);
    CHECK(high["difference_hours_display"] == "100,000");
    // One task past 6×10^8: the exact difference has cents of a second, shown grouped.
    const Json odd =
        result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"100000","saving_seconds":"0.72","tasks":600000001})"));
    CHECK(odd["difference_seconds"] == "72000000.72");
    CHECK(odd["difference_seconds_display"] == "72,000,000.72");
    const Json days = result(Json::parse(R"({"op":"training_calendar","gpu_hours":"1022362","gpus":1024})"));
    CHECK(days["days_display"] == "41.60");
    const Json rows = result(
        Json::parse(R"({"op":"training_budget","rows":[{"id":"qwen3","params":"8000000000","tokens":"36000000000000"}]})"));
    CHECK(json_item_named(rows["rows"], "qwen3")["tokens_per_param"] == 4500);
    CHECK(json_item_named(rows["rows"], "qwen3")["six_nd"] == "1728000000000000000000000");
    CHECK(result(Json::parse(R"({"op":"gpu_hour_factor","peak_from":"989.4","peak_to":"312"})"))["factor_display"] == "3.17");
    CHECK(error_of(Json::parse(R"({"op":"training_calendar","gpu_hours":"10","gpus":0})"))["field"] == "gpus");
    CHECK(error_of(Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"1","saving_seconds":"0"})"))["field"] ==
          "saving_seconds");
    CHECK(error_of(Json::parse(R"({"op":"training_budget","rows":[{"params":"-7","tokens":"1"}]})"))["field"] ==
          "rows[0].params");
}

TEST_CASE("ch03 gpu_hour_factor with gpu and gpu_to: Figure 3-31's 3.17 from the catalog's BF16 peaks") {
    const Json book = result(Json::parse(R"({"op":"gpu_hour_factor","peak_from":"989.4","peak_to":"312"})"));
    const Json catalog = result(Json::parse(R"({"op":"gpu_hour_factor","gpu":"h100-sxm","gpu_to":"a100-80g"})"));
    CHECK(catalog["factor"] == book["factor"]);
    CHECK(catalog["factor"] == "1649/520");
    CHECK(catalog["factor_display"] == "3.17");
    // One device from the catalog, the other sent; a sent peak overrides its device.
    CHECK(result(Json::parse(R"({"op":"gpu_hour_factor","gpu":"h100-sxm","peak_to":"312"})"))["factor"] == "1649/520");
    CHECK(result(Json::parse(R"({"op":"gpu_hour_factor","gpu":"h100-sxm","gpu_to":"a100-80g","peak_to":"989.4"})"))["factor"] ==
          1);
    // H200 (989.5 TFLOP/s BF16 in its sources) against H100 SXM (989.4): 1,000 hours are 1,000 × 9,895 / 9,894.
    CHECK(result(Json::parse(
              R"({"op":"gpu_hour_factor","gpu":"h200","gpu_to":"h100-sxm","gpu_hours":"1000"})"))["equivalent_hours"] ==
          "4947500/4947");
    // Refusals name the field: no BF16 peak in V100's sources, an unknown id, a missing peak with no device.
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor","gpu":"h100-sxm","gpu_to":"v100-sxm2"})"))["field"] == "gpu_to");
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor","gpu":"v100-sxm2","peak_to":"312"})"))["field"] == "gpu");
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor","gpu":"nope","peak_to":"312"})"))["field"] == "gpu");
    CHECK(error_of(Json::parse(R"({"op":"gpu_hour_factor","gpu":"h100-sxm"})"))["field"] == "peak_to");
}
