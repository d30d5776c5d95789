// Example 5-8's quantisation apart from or inside the matrix multiply
// (240 / 416 / 204, 444 against 620 MiB) and §5.5.4's persistent kernel
// (126 against 115 μs on the RTX PRO 6000, the 11.0 μs saving's parts).
#include <doctest/doctest.h>

#include "core/ch05/activation_order.hpp"
#include "core/ch05/persistent_tiles.hpp"
#include "core/ch05/quant_traffic.hpp"
#include "core/format.hpp"
#include "../support.hpp"
#include "binary_sizes.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch05 quantisation traffic: Example 5-8's 240 + 204 = 444 MiB apart, 416 + 204 = 620 MiB fused (+40 %)") {
    const auto t = ch05::quant_traffic({});
    CHECK(t.a_bytes == 32 * kMiB);
    CHECK(t.quantized_bytes == 16 * kMiB);
    CHECK(t.row_blocks == 32);
    CHECK(t.column_blocks == 12);
    CHECK(t.apart_input == 240 * kMiB);
    CHECK(t.fused_input == 416 * kMiB);
    CHECK(t.shared_bytes == 204 * kMiB);
    CHECK(t.apart_total == 444 * kMiB);
    CHECK(t.fused_total == 620 * kMiB);
    CHECK(fixed((t.fused_over_apart - Ratio(1)) * Ratio(100), 0) == "40");
    // All 1,536 columns in one block: one column block, and the two cost the same (32 + 32 against 32 + 16 + 16 MiB).
    ch05::QuantTrafficShape wide;
    wide.n = 1536;
    const auto one = ch05::quant_traffic(wide);
    CHECK(one.column_blocks == 1);
    CHECK(one.fused_input == 64 * kMiB);
    CHECK(one.fused_total == one.apart_total);
    CHECK(result(Json::parse(R"({"op":"quant_fusion_traffic"})"))["fused_display"] == "620 MiB");
}

TEST_CASE("ch05 persistent tiles: 6.44 GFLOPs and 12.8 / 1.76 μs per block, 126 → 115 μs, 11.0 = 5 + 12.3 − 6.3") {
    // 2·64·4096·12288 FLOPs at 503.8 TFLOP/s; 64·12288·4 B at 1,792 GB/s.
    const Ratio p = Ratio(6442450944ULL) / Ratio(5038, 10) / Ratio(1000000);
    const Ratio a = Ratio(3145728) / Ratio(1792000);
    const auto t = ch05::persistent_tiles(8, p, a, 5, Ratio(7, 10));
    CHECK(fixed(t.projection_us, 1) == "12.8");
    CHECK(fixed(t.activation_us, 2) == "1.76");
    CHECK(fixed(t.coarse_us, 0) == "126");
    CHECK(fixed(t.task_projection_us, 1) == "13.5");
    CHECK(fixed(t.task_activation_us, 2) == "2.46");
    CHECK(fixed(t.blockwise_us, 0) == "115");
    CHECK(fixed(t.speedup, 1) == "1.1");
    CHECK(fixed(t.difference_us, 1) == "11.0");
    CHECK(fixed(t.hidden_us, 1) == "12.3");
    CHECK(t.overhead_us == Ratio(63, 10));  // eight projections and the last activation, 0.7 μs each
    CHECK(t.difference_us == Ratio(5) + t.hidden_us - t.overhead_us);
    // A single block overlaps nothing: only the launch is saved, the task overheads are paid.
    const auto one = ch05::persistent_tiles(1, p, a, 5, Ratio(7, 10));
    CHECK(one.hidden_us == Ratio(0));
    CHECK(one.difference_us == Ratio(5) - Ratio(14, 10));
    const Json r = result(Json::parse(R"({"op":"persistent_tiles","gpu":"rtx-pro-6000"})"));
    CHECK(r["coarse_display"] == "126 μs");
    CHECK(r["blockwise_display"] == "115 μs");
    // Figure 5-37: one launch, projections back to back from 5 μs, each activation right after its projection.
    CHECK(r["schedule_blocks"] == 8);
    const Json& tasks = r["blockwise_tasks"];
    REQUIRE(tasks.size() == 17);
    CHECK(tasks[0]["kind"] == "launch");
    CHECK(tasks[0]["block"].is_null());
    CHECK(tasks[1]["lane"] == "matrix");
    CHECK(tasks[1]["start_display"] == "5.00");
    CHECK(tasks[2]["lane"] == "vector");
    CHECK(tasks[2]["start_us"] == tasks[1]["end_us"]);
    CHECK(tasks[16]["label"] == "7");
    CHECK(tasks[16]["end_us"] == r["blockwise_us"]);
    // Figure 5-36: two launches, the second when the eighth projection ends, 10 + 8 · 12.8 ≈ 112.5 μs.
    const Json& coarse = r["coarse_tasks"];
    REQUIRE(coarse.size() == 18);
    CHECK(coarse[9]["kind"] == "launch");
    CHECK(coarse[9]["start_us"] == coarse[8]["end_us"]);
    CHECK(coarse[17]["end_us"] == r["coarse_us"]);
    const auto bw = ch05::blockwise_schedule(8, p, a, 5, Ratio(7, 10));
    CHECK(bw.back().end_us == t.blockwise_us);
    CHECK(fixed(bw[1].end_us, 1) == "18.5");  // 5 + 13.5
    CHECK(ch05::coarse_schedule(8, p, a, 5).back().end_us == t.coarse_us);
    // Activation slower than projection: activations run back to back after the first projection.
    const auto slow = ch05::blockwise_schedule(3, 1, 4, 2, 0);
    CHECK(slow.back().end_us == Ratio(2 + 1 + 3 * 4));
    CHECK(result(Json::parse(R"({"op":"persistent_tiles","gpu":"rtx-pro-6000","blocks":4096})"))["blockwise_tasks"].size() ==
          129);
    CHECK(error_of(Json::parse(R"({"op":"persistent_tiles"})"))["field"] == "peak_tflops");
    CHECK(error_of(Json::parse(R"({"op":"persistent_tiles","gpu":"rtx-pro-6000","launch_us":"0"})"))["field"] == "launch_us");
}

TEST_CASE("ch05 activation order: SiLU(1 + (−1)) = 0 against SiLU(1) + SiLU(−1) ≈ 0.4621 (§5.4.3, Figure 5-22)") {
    const auto o = ch05::activation_order(1, 6);
    CHECK(o.sum_then_silu == Ratio(0));
    CHECK(o.silu_then_sum == Ratio(462117, 1000000));  // 0.731059 − 0.268941
    CHECK(ch05::activation_order(0, 6).silu_then_sum == Ratio(0));
    // Far out, SiLU(−a) vanishes and SiLU(a) → a: the gap is a itself.
    CHECK(ch05::activation_order(100, 6).silu_then_sum == Ratio(100));
    const Json r = result(Json::parse(R"({"op":"activation_order"})"));
    CHECK(r["sum_then_silu_display"] == "0.0000");
    CHECK(r["silu_then_sum_display"] == "0.4621");
    CHECK(result(Json::parse(R"({"op":"activation_order","partial":"3"})"))["silu_then_sum_display"] == "2.7154");
    CHECK(error_of(Json::parse(R"({"op":"activation_order","partial":"-1"})"))["field"] == "partial");
}
