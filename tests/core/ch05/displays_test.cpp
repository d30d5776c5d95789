// Chapter 5's display fields: the values pages and worked answers show, in
// the book's printed places and units, and the closed forms added for
// Experiments 5-1 (bandwidth ratio), 5-2 (fusion break-even) and 5-9
// (the saving projected to 127 decode steps).
#include <doctest/doctest.h>

#include "core/ch05/request_hotspot.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

constexpr const char* kHotspot =
    R"("op":"request_hotspot","prefill_old_ms":"11.218659","prefill_new_ms":"11.244366","decode_old_ms":"2.369803","decode_new_ms":"0.920376")";

}  // namespace

TEST_CASE("ch05 fusion_traffic displays: Example 5-4's 48, 72, 120 MiB, 0.6 and 1.7×") {
    const Json r = ask(R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2}]})");
    CHECK(r["separate_traffic_display"] == "120 MiB");
    CHECK(r["fused_traffic_display"] == "72 MiB");
    CHECK(r["saved_display"] == "48 MiB");
    CHECK(r["fused_peak_display"] == "72 MiB");
    CHECK(r["fused_over_separate_display"] == "0.6");
    CHECK(r["separate_over_fused_display"] == "1.7×");
    CHECK(r["kernels"][0]["read_display"] == "24 MiB");
    CHECK(r["kernels"][1]["read_display"] == "48 MiB");
    CHECK(r["partitions"][0]["traffic_display"] == "72 MiB");   // fused
    CHECK(r["partitions"][1]["traffic_display"] == "120 MiB");  // cut after stage 1
    CHECK(r["breakeven_rows"].is_null());
    const Json q =
        ask(R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2},{"output":1}],"cuts":[2]})");
    CHECK(q["traffic_display"] == "108 MiB");
    CHECK(q["separate_traffic_display"] == "156 MiB");
    CHECK(q["separate_peak_display"] == "72 MiB");
    CHECK(q["fused_peak_display"] == "60 MiB");
}

TEST_CASE("ch05 fusion_traffic break-even: 96 KiB a row is 54.9 ns at 1,792 GB/s, so 92 rows beat 5 μs") {
    const Json r = ask(
        R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2},{"output":1}],"elements":12288,"overhead_us":"5","gpu":"rtx-pro-6000"})");
    CHECK(r["saved_bytes"] == 98304);
    CHECK(r["saved_display"] == "96 KiB");
    CHECK(r["saved_us"] == api::exact_json(Ratio(98304, 1792000)));
    CHECK(r["saved_time_display"] == "54.9 ns");
    CHECK(r["breakeven_rows"] == 92);  // 5 / 0.0549 = 91.1: 91 rows save less than 5 μs
    // The same from a bandwidth: 96 KiB at 98.304 GB/s (98,304 B/μs) is 1 μs a row, so 5 μs is reached, not beaten, at 5 rows.
    CHECK(
        ask(R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2},{"output":1}],"elements":12288,"overhead_us":"5","bandwidth":"98.304"})")
            ["breakeven_rows"] == 6);
    // One stage saves nothing: the overhead can never be paid back.
    CHECK(error_of(Json::parse(
              R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2}],"overhead_us":"5","bandwidth":"1792"})"))["field"] ==
          "stages");
    CHECK(error_of(Json::parse(
              R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"output":2}],"overhead_us":"5"})"))["field"] ==
          "bandwidth");
}

TEST_CASE("ch05 split_reduction displays: §5.2.4's 32 and 4 KiB, 24 and 8 MiB, 72 KiB (about 0.1 MiB), 32.07 MiB, 16 and 2 KiB") {
    const Json r = ask(R"({"op":"split_reduction"})");
    CHECK(r["partial_display"] == "32 KiB");
    CHECK(r["scale_display"] == "4 KiB");
    CHECK(r["traffic_whole_display"] == "24 MiB");
    CHECK(r["reread_display"] == "8 MiB");
    CHECK(r["handoff_display"] == "72 KiB");           // the book: about 0.1 MiB
    CHECK(r["traffic_split_display"] == "32.07 MiB");  // the book rounds to 32.1
    CHECK(r["row_fp32_display"] == "16 KiB");
    CHECK(r["segment_fp32_display"] == "2 KiB");
}

TEST_CASE("ch05 sm_share displays: §5.1.5 and Example 5-5 on one H100 SM") {
    const Json r = ask(R"({"op":"sm_share","gpu":"h100-sxm"})");
    CHECK(r["gbps_per_sm_display"] == "25.4 GB/s");
    CHECK(r["tflops_per_sm_display"] == "7.50 TFLOP/s");
    CHECK(r["copy_display"] == "1.29 μs");
    CHECK(r["compute_display"] == "0.28 μs");
    CHECK(r["copy_over_compute_display"] == "4.6×");
    CHECK(r["device_ratio_display"] == "295 FLOP/byte");
    CHECK(r["serial_display"] == "6.28 μs");
    CHECK(r["pipelined_display"] == "5.44 μs");
    CHECK(r["saved_display"] == "13%");
    CHECK(r["slot_free_display"] == "1.57 μs");
    CHECK(r["third_copy_display"] == "2.58 μs");
    CHECK(r["mover_busy_display"] == "5.16 μs");
    CHECK(r["compute_busy_display"] == "0.2");
}

TEST_CASE("ch05 shape_strategies displays: §5.5.3's 1.29, 1.27 and 1.38 s at 70 groups, 45% padding") {
    const Json r = ask(
        R"({"op":"shape_strategies","rows":[256,1536,2048],"counts":[8,1,1],"buckets":[512,2048],"tflops":["100","200","250"],"prepare_ms":["100","400","900"]})");
    CHECK(r["padding_display"] == "45%");
    CHECK(r["strategies"][0]["total_display"] == "1.29 s");
    CHECK(r["strategies"][1]["total_display"] == "1.27 s");
    CHECK(r["strategies"][2]["total_display"] == "1.38 s");
    CHECK(r["strategies"][2]["prepare_display"] == "900 ms");
    const Json half = ask(
        R"({"op":"shape_strategies","rows":[256],"counts":[1],"buckets":[512],"tflops":["100","200","250"],"prepare_ms":["0.5","0","1"]})");
    CHECK(half["strategies"][0]["prepare_display"] == "0.5 ms");
}

TEST_CASE("ch05 request_hotspot displays: §5.6.3's 1.45, 0.03, 13.6, 12.2, 1.4 ms, 2.6×, 1.6% and 46.8 μs a step") {
    const Json r = ask((std::string("{") + kHotspot + R"(,"trace_ms":"850.848989"})").c_str());
    CHECK(r["decode_saved_display"] == "1.45 ms");
    CHECK(r["prefill_change_display"] == "0.03 ms");
    CHECK(r["old_display"] == "13.6 ms");
    CHECK(r["new_display"] == "12.2 ms");
    CHECK(r["saved_display"] == "1.4 ms");
    CHECK(r["decode_speedup_display"] == "2.6×");
    CHECK(r["saved_per_step_display"] == "46.8 μs");
    CHECK(r["trace_share_display"] == "1.6%");
    CHECK(r["projected_saved_ms"].is_null());
}

TEST_CASE("ch05 request_hotspot projection: 127 decode steps save 5.94 ms of decode, 5.91 ms in all (Experiment 5-9)") {
    const ch05::HotspotTimes t{Ratio(11218659, 1000000), Ratio(11244366, 1000000), Ratio(2369803, 1000000),
                               Ratio(920376, 1000000)};
    const ch05::HotspotProjection p = ch05::project_hotspot(32, 128, t);
    CHECK(p.decode_steps == 127);
    CHECK(p.decode_saved_ms == Ratio(1449427, 1000000) * Ratio(127, 31));
    CHECK(p.saved_ms == Ratio(1449427, 1000000) * Ratio(127, 31) - Ratio(25707, 1000000));
    CHECK_FALSE(p.slower);
    // At the measured length the projection is the measurement.
    CHECK(ch05::project_hotspot(32, 32, t).saved_ms == Ratio(142372, 100000));
    const Json r = ask((std::string("{") + kHotspot + R"(,"projected_output_tokens":128})").c_str());
    CHECK(r["projected_decode_steps"] == 127);
    CHECK(r["projected_decode_saved_display"] == "5.94 ms");
    CHECK(r["projected_saved_display"] == "5.91 ms");
    CHECK(r["projected_slower"] == false);
    // One decode step still saves more (46.8 μs) than the slower prefill costs (25.7 μs).
    CHECK(ask((std::string("{") + kHotspot + R"(,"projected_output_tokens":2})").c_str())["projected_slower"] == false);
    CHECK(error_of(Json::parse((std::string("{") + kHotspot + R"(,"projected_output_tokens":1})").c_str()))["field"] ==
          "projected_output_tokens");
}

TEST_CASE(
    "ch05 gemm_tile_traffic versus: 64 × 128 moves 2,328 MiB against 3,096, so 0.752 of the bandwidth ties (Experiment 5-1)") {
    const Json r = ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":128,"versus_tile_n":64})");
    CHECK(r["traffic_display"] == "2.273 GiB");
    CHECK(r["traffic_bytes"] == api::exact_json(u128{2328} << 20));
    CHECK(r["versus_traffic_bytes"] == api::exact_json(u128{3096} << 20));
    CHECK(r["bandwidth_ratio_needed"] == api::exact_json(Ratio(2328, 3096)));
    CHECK(r["bandwidth_ratio_display"] == "0.752");
    CHECK(ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":128})")["bandwidth_ratio_needed"].is_null());
}
