// Chapter 8's ops over chapters 2–3's accounting: KV admission with blocks,
// a shared prefix and q8_0 / q4_0 (Table 8.1.2-a, Exercises 8-1, 8-3, 8-6),
// decode reads (Table 8.6.3-a), the step-time fit (Exercise 8-2), prefix
// cache value (Exercise 8-4), weight offload (Exercise 8-5) and the batch
// plans A–E (§8.6.3, Exercise 8-9), with exact values and the refusals.
#include <doctest/doctest.h>

#include "core/ch08/batch_plan.hpp"
#include "core/ch08/kv_admission.hpp"
#include "core/ch08/paging.hpp"
#include "core/ch08/step_time.hpp"
#include "core/format.hpp"
#include "exact_of.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const std::uint64_t kMiB = 1048576;

}  // namespace

TEST_CASE("ch08 kv_admission: Table 8.1.2-a, sharing and q8_0 / q4_0") {
    const Json s = ask(R"({"op":"kv_admission","model":"qwen3-8b","input":2048,"generated":256})");
    CHECK(s["bytes_per_token"] == 147456);
    CHECK(s["written_positions"] == 2303);
    CHECK(s["allocated_positions"] == 2304);
    CHECK(s["prefill_bytes"] == 288 * kMiB);
    CHECK(s["allocated_bytes"] == 324 * kMiB);
    CHECK(s["max_requests"] == 37);
    CHECK(s["prefill_sized_requests"] == 42);
    CHECK(s["prefill_sized_final_bytes"] == 13608 * kMiB);
    const Json l = ask(R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256})");
    CHECK(l["allocated_bytes"] == 1188 * kMiB);
    CHECK(l["max_requests"] == 10);
    // Table 8.1.2-a and the planner print MiB and the budget in GiB.
    CHECK(l["allocated_mib_display"] == "1,188 MiB");
    CHECK(l["prefill_mib_display"] == "1,152 MiB");
    CHECK(s["allocated_mib_display"] == "324 MiB");
    CHECK(l["budget_display"] == "12 GiB");
    const Json b =
        ask(R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"shared_prefix":6144,"requests":16})");
    CHECK(b["shared_bytes"] == 864 * kMiB);
    CHECK(b["private_bytes"] == 324 * kMiB);
    CHECK(b["total_bytes"] == 6048 * kMiB);
    CHECK(b["independent_total_bytes"] == 19008 * kMiB);
    CHECK(b["max_requests"] == 35);
    CHECK(b["fits"] == true);
    // D: B plus the draft model's 3188 MiB fits 12 GiB, not 6 GiB.
    const Json d6 = ask(
        R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"shared_prefix":6144,"requests":16,"extra_mib":"3188","budget_gib":"6"})");
    CHECK(d6["total_bytes"] == 9236 * kMiB);
    CHECK(d6["fits"] == false);
    const Json q8 =
        ask(R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"kv_format":"q8_0","requests":16})");
    CHECK(q8["bytes_per_token"] == 78336);  // 147,456 × 34/64
    CHECK(q8["prefill_bytes"] == 612 * kMiB);
    CHECK(q8["allocated_bytes"] == 661782528);
    CHECK(q8["allocated_mib_display"] == "631.125 MiB");
    CHECK(q8["total_mib_display"] == "10,098 MiB");
    CHECK(fixed(Ratio(661782528, kMiB), 3) == "631.125");
    CHECK(fixed(Ratio(16 * 661782528ULL, u128{1} << 30), 2) == "9.86");
    const Json q4 = ask(R"({"op":"kv_admission","model":"qwen3-8b","input":8192,"generated":256,"kv_format":"q4_0"})");
    CHECK(q4["prefill_bytes"] == 324 * kMiB);
}

TEST_CASE("ch08 kv_admission core: a prefix that is not block-aligned keeps its tail block private") {
    ch08::KvAdmissionInput in;
    in.bytes_per_token = Ratio(1);
    in.input = 40;
    in.outputs = 1;
    in.block = 16;
    in.shared_prefix = 20;  // one whole block shared, the other 4 positions private
    in.budget_bytes = Ratio(100);
    in.requests = 2;
    const ch08::KvAdmission a = ch08::kv_admission(in);
    CHECK(a.allocated_positions == 48);
    CHECK(a.shared_positions == 16);
    CHECK(a.private_positions == 32);
    CHECK(a.total_bytes == Ratio(80));
    CHECK(a.max_requests == 2);  // (100 − 16) / 32
}

TEST_CASE("ch08 paging_layout: Exercise 8-3's four sequences at pages of 2, 4 and 8") {
    const std::vector<u128> lengths = {9, 13, 5, 15};
    const ch08::Paging two = ch08::paging(lengths, 2);
    CHECK(two.slots == 46);
    CHECK(two.unused == 4);
    CHECK(two.entries == 23);
    const ch08::Paging four = ch08::paging(lengths, 4);
    CHECK(four.slots == 52);
    CHECK(four.unused == 10);
    CHECK(four.entries == 13);
    CHECK(four.sequences[0].unused == 3);  // 9 positions in 3 pages of 4
    const Json eight = ask(R"({"op":"paging_layout","lengths":[9,13,5,15],"page_tokens":8})");
    CHECK(eight["slots"] == 56);
    CHECK(eight["unused"] == 14);
    CHECK(eight["entries"] == 7);
    CHECK(eight["sequences"][3]["pages"] == 2);
    CHECK(error_of(Json::parse(R"({"op":"paging_layout","lengths":[9,0]})"))["field"] == "lengths[1]");
    CHECK(error_of(Json::parse(R"({"op":"paging_layout","lengths":[]})"))["field"] == "lengths");
    CHECK(error_of(Json::parse(R"({"op":"paging_layout","lengths":[9],"page_tokens":0})"))["field"] == "page_tokens");
}

TEST_CASE("ch08 lora_bytes: §8.2.1's rank-16 adapter on Q and V of Qwen3-8B") {
    const Json one = ask(R"({"op":"lora_bytes","model":"qwen3-8b"})");
    CHECK(one["values_per_layer"] == 212992);  // 16·(4096 + 4096) + 16·(4096 + 1024)
    CHECK(one["adapter_values"] == 7667712);   // × 36 layers
    CHECK(one["bytes"] == 15335424);           // BF16: 14.625 MiB
    const Json hundred = ask(R"({"op":"lora_bytes","model":"qwen3-8b","adapters":100})");
    CHECK(fixed(exact_of(hundred["all_bytes"]) / Ratio(u128{1} << 30), 2) == "1.43");
    CHECK(error_of(Json::parse(R"({"op":"lora_bytes","model":"qwen3-8b","targets":"qx"})"))["code"] == "ch08_lora_targets");
    CHECK(error_of(Json::parse(R"({"op":"lora_bytes","model":"qwen3-8b","targets":"qq"})"))["field"] == "targets");
    CHECK(error_of(Json::parse(R"({"op":"lora_bytes","model":"deepseek-v3"})"))["code"] == "ch08_lora_gqa_only");
}

TEST_CASE("ch08 decode_read: Table 8.6.3-a and Exercise 8-1 from chapter 2's weights and KV") {
    const Json b1 = ask(R"({"op":"decode_read","model":"qwen3-8b","context":2048,"gpu":"rtx-pro-6000","round_ms":"26.26"})");
    CHECK(b1["weight_read_bytes"] == 15136811008ULL);
    CHECK(b1["read_bytes"] == 15438800896ULL);  // efficiency.json's nominal_read_bytes
    CHECK(b1["crossover_batch"] == 51);
    CHECK(fixed(Ratio(15438800896ULL, 1792000000ULL), 2) == "8.62");
    const Json b64 = ask(R"({"op":"decode_read","model":"qwen3-8b","batch":64,"context":2048,"bandwidth":"1792"})");
    CHECK(b64["read_bytes"] == 34464163840ULL);
    CHECK(b64["bandwidth_efficiency"].is_null());
    const Json c = ask(
        R"({"op":"decode_read","model":"qwen3-8b","batch":16,"context":8192,"kv_format":"q8_0","gpu":"rtx-pro-6000","measured":[{"read_bytes":19968649216,"round_ms":"27.44"},{"read_bytes":34464163840,"round_ms":"29.63"}]})");
    CHECK(c["read_bytes"] == 25404467200ULL);
    CHECK(c["interpolated_round_ms"] == "28.26125");  // the read sits exactly 3/8 of the way
    CHECK(ask(R"({"op":"decode_read","model":"qwen3-8b","context":8192,"bandwidth":"1792"})")["crossover_batch"] == 13);
    CHECK(ch08::interpolate(Ratio(3), Ratio(2), Ratio(10), Ratio(4), Ratio(6)) == Ratio(8));  // falling rounds too
}

TEST_CASE("ch08 step_time: Exercise 8-2 with the printed fit, and the fit of efficiency.json") {
    CHECK(ch08::causal_pairs({512, 0}) == 131328);
    CHECK(ch08::causal_pairs({512, 7680}) == 4063488);
    CHECK(ch08::causal_pairs({1, 2048}) == 2049);
    const Json first = ask(R"({"op":"step_time","parts":[{"new":2048},{"new":2048}],"base_ms":"26.22","per_token_us":"30.4"})");
    CHECK(first["pairs"] == 4196352);
    CHECK(first["step_display"] == "163.33 ms");
    const Json admit =
        ask(R"({"op":"step_time","parts":[{"new":1,"history":2049},{"new":8192}],"base_ms":"26.22","per_token_us":"30.4"})");
    CHECK(admit["pairs"] == 33560578);
    CHECK(admit["step_display"] == "375.97 ms");
    // The unrounded fit: 8193 × 30.4111 μs more.
    const Json fit = ask(R"({"op":"step_time","parts":[{"new":1,"history":2049},{"new":8192}]})");
    CHECK(fit["step_display"] == "376.06 ms");
    CHECK(ask(R"({"op":"step_time","parts":[{"new":1,"history":2048}]})")["step_display"] == "26.26 ms");
}

TEST_CASE("ch08 prefix_cache_value: Exercise 8-4 on PCIe Gen5 and Gen4") {
    const Json g5 = ask(
        R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"rival_tokens":2048,"rival_copies":3,"gpu":"rtx-pro-6000"})");
    CHECK(g5["bytes"] == 905969664);  // 864 MiB
    CHECK(fixed(exact_of(g5["recompute_ms"]), 1) == "307.9");
    CHECK(fixed(exact_of(g5["gain_ms"]), 1) == "132.7");
    CHECK(fixed(exact_of(g5["rival"]["total_gain_ms"]), 1) == "120.9");
    CHECK(g5["keep"] == "prefix");
    CHECK(fixed(exact_of(g5["break_even_hit"]) * Ratio(100), 1) == "46.0");
    // The displays print what the book prints: 864 MiB, 96.49 TFLOPs, 307.9 / 14.2 ms, 132.7 vs 3 × B 120.9 ms, 46.0 %.
    CHECK(g5["bytes_display"] == "864 MiB");
    CHECK(g5["flops_display"] == "96.49 TFLOPs");
    CHECK(g5["recompute_ms_display"] == "307.9 ms");
    CHECK(g5["fetch_ms_display"] == "14.2 ms");
    CHECK(g5["swap_out_ms_display"] == "14.2 ms");
    CHECK(g5["gain_ms_display"] == "132.7 ms");
    CHECK(g5["loss_ms_display"].is_null());
    CHECK(g5["saved_per_hit_ms_display"] == "293.7 ms");
    CHECK(g5["min_hit_display"] == "4.8%");
    CHECK(g5["gain_per_mib_ms_display"] == "0.154 ms");
    CHECK(g5["rival"]["total_gain_ms_display"] == "120.9 ms");
    CHECK(g5["rival"]["cache_bytes_display"] == "864 MiB");  // three 2K prefixes fill the same space
    CHECK(g5["break_even_hit_display"] == "46.0%");
    const Json g4 = ask(
        R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"rival_tokens":2048,"rival_copies":3,"gpu":"rtx-pro-6000","link_gbps":"32"})");
    CHECK(fixed(exact_of(g5["min_hit"]) * Ratio(100), 1) == "4.8");  // 14.2 / 293.7
    CHECK(fixed(exact_of(g5["gain_per_mib_ms"]), 3) == "0.154");
    CHECK(fixed(exact_of(g4["saved_per_hit_ms"]), 1) == "279.6");
    CHECK(fixed(exact_of(g4["min_hit"]) * Ratio(100), 1) == "10.1");
    CHECK(fixed(exact_of(g4["gain_ms"]), 1) == "111.5");
    CHECK(fixed(exact_of(g4["rival"]["total_gain_ms"]), 1) == "99.6");
    CHECK(g4["fetch_ms_display"] == "28.3 ms");
    CHECK(g4["saved_per_hit_ms_display"] == "279.6 ms");
    CHECK(g4["min_hit_display"] == "10.1%");
    CHECK(g4["gain_ms_display"] == "111.5 ms");
    CHECK(g4["rival"]["total_gain_ms_display"] == "99.6 ms");
    // A prefix too short to be worth its swap-out: a loss, never a negative gain.
    const Json tiny =
        ask(R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":16,"hit":"0.01","peak_tflops":"503.8","link_gbps":"1"})");
    CHECK(tiny["gain_ms"].is_null());
    CHECK(tiny["gain_per_mib_ms"].is_null());
    CHECK_FALSE(tiny["loss_ms"].is_null());
    CHECK(tiny["gain_ms_display"].is_null());
    CHECK(tiny["loss_ms_display"] == fixed(exact_of(tiny["loss_ms"]), 1) + " ms");
    CHECK(tiny["break_even_hit_display"].is_null());  // no rival asked
}

TEST_CASE("ch08 weight_offload: Exercise 8-5") {
    const Json one =
        ask(R"({"op":"weight_offload","model":"qwen3-8b","layers":9,"gpu":"rtx-pro-6000","copy_budget_seconds":"1"})");
    CHECK(one["layer_bytes"] == 288 * kMiB);
    CHECK(one["freed_bytes"] == 2304 * kMiB);
    CHECK(one["extra_inputs"] == 2);
    CHECK(one["extra_requests"] == 1);
    CHECK(one["copy_bytes_per_step"] == 2717908992ULL);
    CHECK(one["link_gbps"] == 64);
    CHECK(one["offloaded_bytes"] == 2592 * kMiB);  // Figure 8-24: nine FFNs leave the card
    CHECK(one["buffer_bytes"] == 288 * kMiB);
    CHECK(one["buffer_display"] == "288 MiB");
    CHECK(one["freed_display"] == "2.25 GiB");
    CHECK(one["freed_mib_display"] == "2,304 MiB");       // as §8.4.3's table prints it
    CHECK(one["copy_ms_per_step_display"] == "42.5 ms");  // > 26.26 ms of decode: the copy sets the round
    CHECK(one["copy_seconds_total_display"] == "10.83 s");
    const Json two = ask(R"({"op":"weight_offload","model":"qwen3-8b","layers":9,"buffers":2,"link_gbps":"450"})");
    CHECK(two["freed_bytes"] == 2016 * kMiB);
    CHECK(two["freed_mib_display"] == "2,016 MiB");
    CHECK(two["buffer_bytes"] == 576 * kMiB);
    CHECK(exact_of(two["buffer_bytes"]) + exact_of(two["freed_bytes"]) == exact_of(two["offloaded_bytes"]));
    CHECK(two["extra_inputs"] == 1);
    CHECK(two["needed_gbps"].is_null());
    CHECK(two["copy_ms_per_step_display"] == "6.0 ms");  // the same 2.72 GB over NVLink-C2C
    CHECK(two["copy_seconds_total_display"] == "1.54 s");
}

TEST_CASE("ch08 batch_plan: §8.1.1's 6.95 s and §8.6.3's B and D") {
    ch08::BatchPlanInput b;
    b.requests = 16;
    b.input = 2048;
    b.outputs = 256;
    b.prefill_seconds = Ratio(20405, 10000);
    b.round_ms = Ratio(2735, 100);
    b.deadline_seconds = Ratio(7);
    const ch08::BatchPlan pb = ch08::batch_plan(b);
    CHECK(pb.rounds == 255);
    CHECK(fixed(pb.total_seconds, 2) == "9.01");
    CHECK_FALSE(pb.on_time);
    CHECK(pb.qualified == 0);
    CHECK_FALSE(pb.gpu_seconds_per_result.has_value());
    CHECK(fixed(pb.gpu_seconds_per_request, 3) == "0.563");
    CHECK(fixed(pb.prefill_rate, 0) == "16,059");
    CHECK(fixed(pb.decode_rate, 0) == "585");
    b.per_round = 3;
    b.prefill_seconds = b.prefill_seconds * Ratio(1416, 1294);
    b.power_w = Ratio(600);
    const ch08::BatchPlan pd = ch08::batch_plan(b);
    CHECK(pd.rounds == 85);
    CHECK(fixed(pd.total_seconds, 2) == "4.56");
    CHECK(fixed(*pd.gpu_seconds_per_result, 3) == "0.285");
    CHECK(fixed(*pd.joules_per_result, 0) == "171");
    const Json one =
        ask(R"({"op":"batch_plan","requests":1,"input":2048,"queue_seconds":"0.1","prefill_seconds":"0.096","round_ms":"26.5"})");
    CHECK(one["total_seconds"] == "6.9535");
    CHECK(one["first_token_seconds"] == "0.196");
    CHECK(one["slack_seconds"] == "0.0465");
    const Json a =
        ask(R"({"op":"batch_plan","model":"qwen3-8b","compute_efficiency":"0.578","gpu":"rtx-pro-6000","round_ms":"29.63"})");
    CHECK(exact_of(a["prefill_flops"]) == Ratio(2137509173657600ULL));  // chapter 2's forward, 16 × 8192
    CHECK(a["total_display"] == "14.90 s");
    CHECK(a["prefill_display"] == "7.34 s");  // Table 8.6.3-b's A and C
    CHECK(a["memory_bytes"].is_null());       // no budget given: no memory asked for
}

TEST_CASE("ch08 batch_plan with a budget: Figure 8-35's points, memory and time from one answer") {
    const std::string shared = R"("model":"qwen3-8b","budget_gib":"12","gpu":"rtx-pro-6000",)";
    const std::string prefix = R"("input":2048,"context":6144,"prefill_seconds":"2.0405","round_ms":"27.35")";
    const Json a = ask(R"({"op":"batch_plan",)" + shared + R"("compute_efficiency":"0.578","round_ms":"29.63"})");
    const Json b = ask(R"({"op":"batch_plan",)" + shared + prefix + "}");
    const Json c =
        ask(R"({"op":"batch_plan",)" + shared + R"("kv_format":"q8_0","compute_efficiency":"0.578","round_ms":"28.26125"})");
    const Json d = ask(R"({"op":"batch_plan",)" + shared + prefix +
                       R"(,"extra_mib":"3188","per_round":3,"ttft_before_ms":"129.4","ttft_after_ms":"141.6"})");
    // §8.6.3: A 19,008 MiB, B 6,048 MiB ≈ 5.91 GiB, C ≈ 9.86 GiB, D 6,048 + 3,188 = 9,236 MiB ≈ 9.02 GiB.
    CHECK(exact_of(a["memory_bytes"]) == Ratio(19008) * Ratio(1 << 20));
    CHECK(exact_of(b["memory_bytes"]) == Ratio(6048) * Ratio(1 << 20));
    CHECK(c["memory_display"] == "9.861 GiB");
    CHECK(exact_of(d["memory_bytes"]) == Ratio(9236) * Ratio(1 << 20));
    CHECK(d["memory_display"] == "9.02 GiB");
    CHECK(exact_of(d["memory_gib"]) == Ratio(9236, 1024));
    CHECK(a["fits"] == false);
    CHECK(b["fits"] == true);
    CHECK(d["fits"] == true);
    CHECK(exact_of(b["budget_bytes"]) == Ratio(12) * Ratio(1 << 30));
    // Only D is inside both lines: 12 GiB and 7 s.
    CHECK(d["total_display"] == "4.56 s");
    CHECK(d["on_time"] == true);
    CHECK(b["on_time"] == false);
    // Exercise 8-9's 6 GiB: D no longer fits.
    CHECK(ask(R"({"op":"batch_plan","model":"qwen3-8b","budget_gib":"6","extra_mib":"3188",)" + prefix + "}")["fits"] == false);
    // A budget needs the model whose KV it counts.
    CHECK(error_of(Json::parse(R"({"op":"batch_plan","budget_gib":"12",)" + prefix + "}"))["field"] == "model");
}

TEST_CASE("ch08 ops refuse bad input, naming the field") {
    CHECK(error_of(Json::parse(
              R"({"op":"kv_admission","model":"qwen3-8b","input":2048,"generated":256,"kv_format":"q2_k"})"))["code"] ==
          "ch08_kv_format_unknown");
    CHECK(error_of(Json::parse(
              R"({"op":"kv_admission","model":"qwen3-8b","input":2048,"generated":256,"shared_prefix":2048})"))["field"] ==
          "shared_prefix");
    CHECK(error_of(Json::parse(R"({"op":"kv_admission","model":"qwen3-8b","input":2048})"))["field"] == "generated");
    CHECK(error_of(Json::parse(R"({"op":"step_time","parts":[]})"))["field"] == "parts");
    CHECK(error_of(Json::parse(R"({"op":"step_time","parts":[{"new":0}]})"))["field"] == "parts[0].new");
    CHECK(error_of(Json::parse(R"({"op":"step_time","parts":[{"new":4,"old":1}]})"))["field"] == "parts[0].old");
    CHECK(error_of(Json::parse(
              R"({"op":"weight_offload","model":"qwen3-8b","layers":2,"buffers":3,"link_gbps":"64"})"))["field"] == "buffers");
    CHECK(error_of(Json::parse(R"({"op":"weight_offload","model":"qwen3-8b","layers":2})"))["field"] == "link_gbps");
    const Json both =
        error_of(Json::parse(R"({"op":"batch_plan","prefill_seconds":"2","compute_efficiency":"0.5","round_ms":"27"})"));
    CHECK(both["code"] == "ch08_prefill_choice");
    CHECK(error_of(Json::parse(R"({"op":"batch_plan","prefill_seconds":"2"})"))["field"] == "round_ms");
    CHECK(error_of(Json::parse(R"({"op":"batch_plan","prefill_seconds":"2","round_ms":"27","ttft_before_ms":"1"})"))["field"] ==
          "ttft_after_ms");
    CHECK(error_of(Json::parse(
              R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"gpu":"rtx-pro-6000","hit":"2"})"))["code"] ==
          "ch08_share_above_one");
    CHECK(error_of(Json::parse(
              R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"gpu":"rtx-pro-6000","compute_efficiency":"1.2"})"))
              ["field"] == "compute_efficiency");
    CHECK(
        error_of(Json::parse(
            R"({"op":"decode_read","model":"qwen3-8b","context":2048,"bandwidth":"1792","measured":[{"read_bytes":1,"round_ms":"2"},{"read_bytes":2,"round_ms":"3"}]})"))
            ["code"] == "ch08_measured_bracket");
}
