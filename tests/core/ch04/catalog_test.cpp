// The hardware catalog chapter 4 stands on (content/hardware/): the fixed
// ids, the facts each device states, and `gpu` on the ops that take a
// bandwidth or a peak (projection, decode_step_rate, decision_request,
// energy_ledger, hbm_stack), with explicit fields overriding the device.
#include <doctest/doctest.h>

#include "core/answer.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const Ratio kGiga(1000000000), kTera(1000000000000ULL);

std::string ms(const Json& r) { return r["step_ms_display"].get<std::string>(); }

u128 digits(const std::string& s) {
    u128 v = 0;
    for (char c : s) v = v * 10 + static_cast<u128>(c - '0');
    return v;
}

// An exact value as the API writes it: an integer, or "num/den" text.
Ratio exact_of(const Json& v) {
    if (v.is_number_unsigned()) return Ratio(v.get<std::uint64_t>());
    const std::string s = v.get<std::string>();
    const auto slash = s.find('/');
    if (slash == std::string::npos) {
        Ratio r;
        REQUIRE(parse_expected_decimal(s, r));
        return r;
    }
    return Ratio(digits(s.substr(0, slash)), digits(s.substr(slash + 1)));
}

}  // namespace

TEST_CASE("ch04 catalog: the fixed ids exist, with the book's bandwidths and BF16 peaks (§4.6.1's table)") {
    struct Row {
        const char* id;
        u128 memory_gb;
        Ratio gbps;
        Ratio bf16;  // 0: the catalog states none
    };
    const Row rows[] = {
        {"rtx-3090", 24, 936, 71},
        {"rtx-4090", 24, 1008, Ratio(1652, 10)},
        {"rtx-5090", 32, 1792, Ratio(2095, 10)},
        {"rtx-pro-6000", 96, 1792, Ratio(5038, 10)},
        {"a100-80g", 80, 2039, 312},
        {"h100-sxm", 80, 3350, Ratio(9894, 10)},
        {"h200", 141, 4800, Ratio(9895, 10)},
        {"b200", 180, 8000, 0},
        {"v100-sxm2", 32, 900, 0},
        {"m3-ultra", 256, 819, 0},
        {"m4-max", 128, 546, 0},
    };
    for (const Row& r : rows) {
        CAPTURE(r.id);
        const Gpu& g = gpu(r.id);
        CHECK(g.memory_bytes == r.memory_gb * 1000000000);
        REQUIRE(g.memory_bandwidth);
        CHECK(*g.memory_bandwidth == r.gbps * kGiga);
        if (r.bf16 == Ratio(0)) {
            CHECK(g.dense_peak("bf16") == nullptr);
        } else {
            REQUIRE(g.dense_peak("bf16") != nullptr);
            CHECK(*g.dense_peak("bf16") == r.bf16 * kTera);
        }
    }
    // Other formats, power, links, SMs and packages where the sources give them.
    CHECK(*gpu("v100-sxm2").dense_peak("fp16") == Ratio(125) * kTera);
    CHECK(*gpu("v100-sxm2").dense_peak("fp32") == Ratio(157, 10) * kTera);
    CHECK(*gpu("rtx-4090").dense_peak("fp16_fp16_accumulate") == Ratio(3303, 10) * kTera);
    CHECK(*gpu("h100-sxm").tdp_watts == Ratio(700));
    CHECK(*gpu("b200").tdp_watts == Ratio(1000));
    CHECK(*gpu("rtx-pro-6000").tdp_watts == Ratio(600));
    CHECK(*gpu("h100-sxm").nvlink == Ratio(450) * kGiga);
    CHECK(*gpu("a100-80g").nvlink == Ratio(300) * kGiga);
    CHECK(*gpu("rtx-4090").pcie == Ratio(32) * kGiga);
    CHECK_FALSE(gpu("rtx-4090").nvlink);
    CHECK(*gpu("ascend-910c").die_link == Ratio(270) * kGiga);
    CHECK(gpu("h100-sxm").shared_memory_per_sm == 228 * 1024);
    CHECK(gpu("a100-80g").shared_memory_per_sm == 164 * 1024);
    CHECK(gpu("v100-sxm2").shared_memory_per_sm == 96 * 1024);
    CHECK(gpu("rtx-5090").shared_memory_per_sm == 100 * 1024);
    CHECK(gpu("b200").dies == 2);
    CHECK(gpu("b200").hbm_stacks == 8);
    CHECK(gpu("h200").hbm_stacks * gpu("h200").stack_bytes == u128{144} * 1000000000);
    CHECK(gpu("m4-max").dies == 0);  // not stated, not "none"
    // An alias reaches the same device.
    CHECK(&gpu("a100-80gb") == &gpu("a100-80g"));
}

TEST_CASE("ch04 catalog: the catalog op lists every device; an unknown id is refused naming gpu") {
    const Json c = result(Json::parse(R"({"op":"catalog"})"));
    CHECK(c["gpus"].size() >= 19);
    const Json e = error_of(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"gpu":"h300"})"));
    CHECK(e["field"] == "gpu");
    CHECK(e["code"] == "gpu_unknown");
}

TEST_CASE("ch04 decode_step_rate with gpu: Figure 4-36's decode read bounds for Qwen3-8B at 8K") {
    const std::pair<const char*, const char*> rows[] = {
        {"rtx-3090", "17.46 ms"}, {"rtx-4090", "16.22 ms"},     {"rtx-5090", "9.12 ms"},     {"rtx-pro-6000", "9.12 ms"},
        {"a100-80g", "8.02 ms"},  {"h100-sxm", "4.88 ms"},      {"h200", "3.41 ms"},         {"m3-ultra", "19.96 ms"},
        {"m4-max", "29.94 ms"},   {"ascend-950pr", "10.22 ms"}, {"ascend-950dt", "4.09 ms"},
    };
    for (const auto& row : rows) {
        const char* id = row.first;  // not a structured binding: CAPTURE's lambda captures it (C++17, clang)
        const char* expected = row.second;
        CAPTURE(id);
        Json req = Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","batch":1,"context":8192})");
        req["gpu"] = id;
        const Json r = result(req);
        CHECK(ms(r) == expected);
        CHECK(r["fits"] == true);
        CHECK(r["gpu"] == id);
    }
    // With a peak, batch 1 stays memory-bound; without one the result says
    // the step is the read bound alone.
    const Json h100 = result(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","context":8192,"gpu":"h100-sxm"})"));
    CHECK(h100["bound"] == "memory");
    CHECK(h100["peak_tflops"] == "989.4");
    const Json mac = result(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","context":8192,"gpu":"m4-max"})"));
    CHECK(mac["bound"] == "bandwidth_only");
    CHECK(mac["compute_seconds"].is_null());
    // An explicit bandwidth overrides the device's.
    const Json over =
        result(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","context":8192,"gpu":"h100-sxm","bandwidth":"1792"})"));
    CHECK(ms(over) == "9.12 ms");
}

TEST_CASE("ch04 decode_step_rate: compute-bound steps and cards that cannot hold the batch") {
    // Batch 396 at 3 old positions on H100 (3,350 GB/s, 989.4 TFLOP/s): the FLOPs bound the step.
    const Json big = result(Json::parse(
        R"({"op":"decode_step_rate","model":"qwen3-8b","batch":396,"context":3,"bandwidth":"3350","peak_tflops":"989.4"})"));
    CHECK(big["bound"] == "compute");
    CHECK(fixed(exact_of(big["step_ms"]), 3) == "6.059");
    // 64 requests of 8K need about 16.4 + 64 × 1.2 GB: more than a 24 GB card.
    const Json full =
        result(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","batch":64,"context":8192,"gpu":"rtx-4090"})"));
    CHECK(full["fits"] == false);
    CHECK(full["step_seconds"].is_null());
    CHECK(full["steps_per_second"].is_null());
    // Without gpu nothing is said about fitting.
    const Json free =
        result(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","batch":64,"context":8192,"bandwidth":"1008"})"));
    CHECK(free["fits"].is_null());
    // Neither gpu nor bandwidth: the bandwidth is missing.
    const Json none = error_of(Json::parse(R"({"op":"decode_step_rate","model":"qwen3-8b","context":8192})"));
    CHECK(none["field"] == "bandwidth");
    CHECK(none["code"] == "field_missing");
}

TEST_CASE("ch04 projection with gpu: the device's peak for the dtype and its bandwidth, explicit fields first") {
    const Json r = result(Json::parse(R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090"})"));
    CHECK(r["gpu"] == "rtx-4090");
    CHECK(r["bound"] == "compute");
    CHECK(r["first_compute_bound_rows"] == 179);
    CHECK(r["peak_tflops"] == "165.2");
    CHECK(r["bandwidth"] == 1008);
    // Doubling the peak by hand on the same card: 391 rows (Experiment 4-5).
    const Json doubled = result(
        Json::parse(R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090","peak_tflops":"330.4"})"));
    CHECK(doubled["first_compute_bound_rows"] == 391);
    CHECK(doubled["bandwidth"] == 1008);
    // A card with no BF16 peak in the catalog is refused, naming gpu.
    const Json mac = error_of(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"gpu":"m4-max"})"));
    CHECK(mac["field"] == "gpu");
    CHECK(mac["code"] == "gpu_no_peak");
    // …unless the request states the peak itself.
    const Json stated =
        result(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"gpu":"m4-max","peak_tflops":"30"})"));
    CHECK(stated["bound"] == "memory");
}

TEST_CASE("ch04 decision_request takes gpu for the peak and the bandwidth it leaves out") {
    const Json h100 = result(Json::parse(R"({"op":"decision_request","model":"qwen3-8b"})"));
    const Json same = result(Json::parse(R"({"op":"decision_request","model":"qwen3-8b","gpu":"h100-sxm"})"));
    CHECK(h100["compute_seconds"] == same["compute_seconds"]);
    CHECK(h100["memory_seconds"] == same["memory_seconds"]);
    const Json a100 = result(Json::parse(R"({"op":"decision_request","model":"qwen3-8b","gpu":"a100-80g"})"));
    const Json by_hand =
        result(Json::parse(R"({"op":"decision_request","model":"qwen3-8b","peak_tflops":"312","bandwidth":"2039"})"));
    CHECK(a100["compute_seconds"] == by_hand["compute_seconds"]);
    CHECK(a100["memory_seconds"] == by_hand["memory_seconds"]);
    const Json mac = error_of(Json::parse(R"({"op":"decision_request","model":"qwen3-8b","gpu":"m4-max"})"));
    CHECK(mac["field"] == "gpu");
    CHECK(mac["code"] == "gpu_no_peak");
}

TEST_CASE("ch04 little_bandwidth with gpu: Experiment 4-3's transactions in flight for a card's own bandwidth") {
    // 3.35 TB/s at 500 ns and 128 B per transaction: ⌈3350 × 500 / 128⌉ = 13,086; H200's 4.8 TB/s: 18,750.
    CHECK(result(Json::parse(R"({"op":"little_bandwidth","gpu":"h100-sxm","latency_ns":"500"})"))["in_flight_needed"] == 13086);
    CHECK(result(Json::parse(R"({"op":"little_bandwidth","gpu":"h200","latency_ns":"500"})"))["in_flight_needed"] == 18750);
    // Example 4-2 from the card alone: RTX 4090 needs 3,938.
    const Json r = result(Json::parse(R"({"op":"little_bandwidth","gpu":"rtx-4090","latency_ns":"500"})"));
    CHECK(r["in_flight_needed"] == 3938);
    CHECK(r["bandwidth"] == 1008);
    CHECK(r["gpu"] == "rtx-4090");
    const Json none = error_of(Json::parse(R"({"op":"little_bandwidth","latency_ns":"500"})"));
    CHECK(none["field"] == "bandwidth");
    CHECK(none["code"] == "field_missing");
}

TEST_CASE("ch04 link_time with gpu: the card's NVLink in one direction (§4.5.3's 6.66 and 8.99 μs for 2 MiB)") {
    CHECK(fixed(exact_of(result(Json::parse(R"({"op":"link_time","alpha_us":"2","gpu":"h100-sxm","bytes":2097152})"))["time_us"]),
                2) == "6.66");
    CHECK(fixed(exact_of(result(Json::parse(R"({"op":"link_time","alpha_us":"2","gpu":"a100-80g","bytes":2097152})"))["time_us"]),
                2) == "8.99");
    // link_bandwidth overrides; a card without NVLink needs it (PCIe is sent as a rate).
    CHECK(fixed(exact_of(result(Json::parse(
                    R"({"op":"link_time","alpha_us":"2","gpu":"h100-sxm","link_bandwidth":"300","bytes":2097152})"))["time_us"]),
                2) == "8.99");
    const Json pcie = error_of(Json::parse(R"({"op":"link_time","alpha_us":"2","gpu":"rtx-4090","bytes":8192})"));
    CHECK(pcie["field"] == "link_bandwidth");
    CHECK(pcie["code"] == "field_missing");
}
