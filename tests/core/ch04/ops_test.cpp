// Chapter 4's closed forms beyond the roofline: the slot pipeline (§4.4.2),
// the energy ledger (§4.1.3, Experiment 4-8), HBM stacks (Table 4.1.3-b),
// MX-scaled bytes (§4.2.4, §4.6.1), padding (§4.2.1), the ROM/HBM split
// (§4.7.3) and the specialisation break-even (Example 4-3): the book's
// printed numbers, and the refusals that name the field.
#include <doctest/doctest.h>

#include "core/ch04/padding.hpp"
#include "core/ch04/power_cap.hpp"
#include "core/ch04/quant_bytes.hpp"
#include "core/ch04/slot_pipeline.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::string text(const Json& v) { return v.get<std::string>(); }

}  // namespace

TEST_CASE("ch04 slot pipeline: 1,280 / 768 / 704 / 704 ticks with 1 … 4 slots (Table 4.4.2-a)") {
    const u128 finish[] = {1280, 768, 704, 704};
    for (u128 s = 1; s <= 4; ++s) {
        CAPTURE(dec(s));
        const auto p = ch04::slot_pipeline(4, s, 64, 128, 128);
        CHECK(p.finish == finish[s - 1]);
        CHECK(p.target == 704);  // 192 + 4 × 128
        CHECK(p.fewest_slots == 3);
    }
    // Figure 4-20: three slots issue at 0, 64, 128; the fourth waits for a slot until 320, ready at 512 < 576.
    const auto three = ch04::slot_pipeline(4, 3, 64, 128, 128);
    CHECK(three.chunks[0].ready == 192);
    CHECK(three.chunks[1].issue == 64);
    CHECK(three.chunks[2].ready == 320);
    CHECK(three.chunks[3].issue == 320);
    CHECK(three.chunks[3].ready == 512);
    CHECK(three.chunks[3].start == 576);
    // Figure 4-19: with two slots the third chunk is ready at 512, the second done at 448.
    const auto two = ch04::slot_pipeline(4, 2, 64, 128, 128);
    CHECK(two.chunks[2].ready == 512);
    CHECK(two.chunks[1].end == 448);
    CHECK(two.idle == 64);
    // Matrix ×2: the target falls to 448; three slots finish at 512, four reach it.
    CHECK(ch04::slot_pipeline(4, 3, 64, 128, 64).finish == 512);
    CHECK(ch04::slot_pipeline(4, 4, 64, 128, 64).finish == 448);
    CHECK(ch04::slot_pipeline(4, 1, 64, 128, 64).fewest_slots == 4);
    // The think box: latency 256 → 1,792 / 1,024 / 896 / 832, four slots needed.
    const u128 slow[] = {1792, 1024, 896, 832};
    for (u128 s = 1; s <= 4; ++s) CHECK(ch04::slot_pipeline(4, s, 64, 256, 128).finish == slow[s - 1]);
    CHECK(ch04::slot_pipeline(4, 1, 64, 256, 128).fewest_slots == 4);
}

TEST_CASE("ch04 slot_pipeline op: buffers, savings over one slot fewer, refusals") {
    const Json two = ask(R"({"op":"slot_pipeline","slots":2})");
    CHECK(two["finish"] == 768);
    CHECK(two["saved_over_one_fewer"] == 512);
    CHECK(two["buffer_bytes"] == 32768);
    CHECK(two["chunks"].size() == 4);
    CHECK(two["chunks"][2]["slot"] == 1);
    CHECK(two["chunks"][2]["wait"] == 0);
    CHECK(ask(R"({"op":"slot_pipeline","slots":3})")["saved_over_one_fewer"] == 64);
    CHECK(ask(R"({"op":"slot_pipeline","slots":4})")["saved_over_one_fewer"] == 0);
    CHECK(ask(R"({"op":"slot_pipeline","slots":1})")["saved_over_one_fewer"].is_null());
    CHECK(error_of(Json::parse(R"({"op":"slot_pipeline","slots":0})"))["field"] == "slots");
    CHECK(error_of(Json::parse(R"({"op":"slot_pipeline"})"))["field"] == "slots");
    CHECK(error_of(Json::parse(R"({"op":"slot_pipeline","slots":2,"compute_ticks":0})"))["field"] == "compute_ticks");
}

TEST_CASE("ch04 energy ledger: 0.481 + 0.038 + 0.015 = 0.534 J per token for one 8K Qwen3-8B request") {
    const Json one = ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192})");
    CHECK(one["weight_bytes"] == 15136819200);
    CHECK(one["kv_bytes"] == 1207959552);
    CHECK(one["flops"] == 19968622592);  // the calculator's ledger: 8,193 attended positions
    // The book's calculator (calculations/results/energy-ledger-book.md) gives the same joules exactly.
    CHECK(one["weights_j"] == "0.480745377792");
    CHECK(one["kv_j"] == "0.03836479537152");
    CHECK(one["compute_j"] == "0.014976466944");
    CHECK(one["total_j"] == "0.53408664010752");
    CHECK(text(one["weights_j_display"]) == "0.4807 J");
    CHECK(text(one["kv_j_display"]) == "0.0384 J");
    CHECK(text(one["compute_j_display"]) == "0.0150 J");
    CHECK(text(one["total_j_display"]) == "0.5341 J");
    CHECK(text(one["weight_share_display"]) == "90.0%");
    CHECK(text(one["breakeven_batch_display"]) == "32.10");
    CHECK(one["first_batch_below_compute"] == 33);
    CHECK(one["watts"].is_null());
    // Batch 32: about 0.068 J, an eighth of one request's; at 3.35 TB/s one step takes 4.879 ms, ≈110 W.
    CHECK(text(ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"batch":32})")["total_j_display"]) == "0.0684 J");
    const Json h100 = ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"gpu":"h100-sxm"})");
    CHECK(text(h100["watts_display"]) == "109.5 W");
    // Experiment 4-8 (c): batch 32 reads 53.79 GB a step, ≈16.1 ms, ≈136 W on average.
    const Json b32 = ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"batch":32,"bandwidth":"3350"})");
    CHECK(text(b32["watts_display"]) == "136.2 W");
    // Experiment 4-8 (a): batches 8 and 128.
    CHECK(text(ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"batch":8})")["total_j_display"]) == "0.1134 J");
    CHECK(text(ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"batch":128})")["weights_j_display"]) ==
          "0.0038 J");
    // The same bytes from one tier (weights + KV): LPDDR's 160 pJ/B gives 2.62 J, KB-scale SRAM's 1.25 pJ/B 0.020 J.
    const Json lpddr = ask(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"pj_per_byte":"160"})");
    CHECK(text(lpddr["weights_j_display"]) == "2.4219 J");
    // Refusals name the field.
    const Json bad = error_of(Json::parse(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"pj_per_flop":"0"})"));
    CHECK(bad["field"] == "pj_per_flop");
    CHECK(text(bad["message"]).find("pj_per_flop（每次浮點運算的能量") == 0);
    CHECK(error_of(Json::parse(R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"gpu":"b300"})"))["field"] == "gpu");
}

TEST_CASE("ch04 HBM stacks: Table 4.1.3-b's per-stack bandwidth and pin rates, HBM3E's 1.23 TB/s") {
    CHECK(ask(R"({"op":"hbm_stack","pin_gbps":"9.6"})")["stack_gb_per_second"] == "1228.8");
    const Json h200 = ask(R"({"op":"hbm_stack","gpu":"h200"})");
    CHECK(h200["stack_gb_per_second"] == 800);
    CHECK(h200["pin_gbps"] == "6.25");
    CHECK(h200["built_bytes"] == 144000000000);
    const Json b200 = ask(R"({"op":"hbm_stack","gpu":"b200"})");
    CHECK(b200["stack_gb_per_second"] == 1000);
    CHECK(b200["pin_gbps"] == "7.8125");
    CHECK(ask(R"({"op":"hbm_stack","gpu":"h100-sxm"})")["stack_gb_per_second"] == 670);
    // Figure 4-6's labels: the package's rates and capacities as displays, in decimal GB.
    CHECK(b200["pin_display"] == "7.81 Gb/s");
    CHECK(b200["stack_bandwidth_display"] == "1,000 GB/s");
    CHECK(b200["total_bandwidth_display"] == "8,000 GB/s");
    CHECK(b200["stack_display"] == "24 GB");
    CHECK(b200["built_display"] == "192 GB");
    CHECK(b200["memory_display"] == "180 GB");
    CHECK(b200["enabled_display"] == "93.8%");
    CHECK(h200["built_display"] == "144 GB");
    CHECK(h200["enabled_display"] == "97.9%");
    // Figure 4-6's card menu: each device's dies and stacks, as the catalog states them.
    CHECK(b200["dies"] == 2);
    CHECK(b200["stacks"] == 8);
    CHECK(b200["name"] == "B200 (HGX)");
    CHECK(h200["dies"] == 1);
    CHECK(h200["stacks"] == 6);
    const Json a100 = ask(R"({"op":"hbm_stack","gpu":"a100-80g"})");
    CHECK(a100["dies"] == 1);
    CHECK(a100["stacks"] == 5);
    CHECK(a100["stack_display"] == "16 GB");
    CHECK(a100["stack_bandwidth_display"] == "407.8 GB/s");
    const Json pins = ask(R"({"op":"hbm_stack","pin_gbps":"9.6","stacks":6})");
    CHECK(pins["stack_bandwidth_display"] == "1,228.8 GB/s");
    CHECK(pins["total_bandwidth_display"] == "7,372.8 GB/s");
    CHECK(pins["built_display"].is_null());
    CHECK(pins["dies"].is_null());
    // One way only, and a device whose stacks the catalog does not state.
    CHECK(error_of(Json::parse(R"({"op":"hbm_stack"})"))["code"] == "ch04_hbm_one_way");
    CHECK(error_of(Json::parse(R"({"op":"hbm_stack","gpu":"h200","pin_gbps":"6"})"))["field"] == "pin_gbps");
    CHECK(error_of(Json::parse(R"({"op":"hbm_stack","gpu":"rtx-4090"})"))["code"] == "ch04_gpu_no_stacks");
}

TEST_CASE("ch04 MX-scaled bytes: 4-bit, 32 values per 1-byte scale: 8.5 MiB, 1/3.76 of BF16's 32 MiB") {
    const auto q = ch04::quant_bytes(4096 * 4096, 4, 32, 1);
    CHECK(q.data_bytes == Ratio(8 << 20));
    CHECK(q.scale_bytes == Ratio(512 << 10));
    CHECK(bytes_binary_text(q.total_bytes) == "8.5 MiB");
    CHECK(fixed(q.bf16_over_total, 2) == "3.76");
    CHECK(ch04::quant_bytes(4096 * 4096, 4, 16, 1).total_bytes == Ratio(9 << 20));
    CHECK(ch04::quant_bytes(4096 * 4096, 8, 32, 1).total_bytes == Ratio(33 << 19));  // MXFP8: 16.5 MiB
    CHECK(ch04::quant_bytes(33, 4, 32, 1).scales == 2);                              // the tail group keeps its scale
    const Json e = error_of(Json::parse(R"({"op":"quant_bytes","elements":64,"bits":4,"group":0})"));
    CHECK(e["field"] == "group");
    CHECK(e["code"] == "ch04_scale_needs_group");
}

TEST_CASE("ch04 padding: one row of a 16-row tile, and 4,096 against 512 expert rows (Figures 4-9, 4-10)") {
    CHECK(ch04::tile_padding(1, 16, 16, 16, 16, 16).efficiency == Ratio(1, 16));
    const auto spread = ch04::expert_padding(64, 8, 256, 16, false);
    CHECK(spread.dispatches == 512);
    CHECK(spread.executed_rows == 4096);
    CHECK(spread.experts_used == 256);
    const auto same = ch04::expert_padding(64, 8, 256, 16, true);
    CHECK(same.executed_rows == 512);
    CHECK(same.efficiency == Ratio(1));
    // Fewer dispatches than experts: only those that receive a row run.
    const auto sparse = ch04::expert_padding(3, 2, 8, 4, false);
    CHECK(sparse.experts_used == 6);
    CHECK(sparse.executed_rows == 24);
    CHECK(ask(R"({"op":"expert_padding","batch":64,"top_k":8,"experts":256})")["executed_rows"] == 4096);
    // Figure 4-9, one expert: 2 useful rows and 14 of zeros in its tile, or 64 rows in 4 full tiles.
    const Json one = ask(R"({"op":"expert_padding","batch":64,"top_k":8,"experts":256})");
    CHECK(one["rows_per_expert"] == 2);
    CHECK(one["padding_per_expert"] == 14);
    CHECK(one["executed_per_expert"] == 16);
    const Json eight = ask(R"({"op":"expert_padding","batch":64,"top_k":8,"experts":256,"dispatch":"concentrated"})");
    CHECK(eight["rows_per_expert"] == 64);
    CHECK(eight["padding_per_expert"] == 0);
    CHECK(error_of(Json::parse(R"({"op":"expert_padding","batch":64,"top_k":8,"experts":4})"))["field"] == "experts");
    CHECK(error_of(Json::parse(R"({"op":"expert_padding","batch":64,"top_k":8,"dispatch":"random"})"))["field"] == "dispatch");
}

TEST_CASE("ch04 ROM/HBM split (§4.7.3): 1/13.5 of the reads at batch 1, crossover 12.53, 12.1 TB/s, 18 requests a stack") {
    const Json one = ask(R"({"op":"rom_split","model":"qwen3-8b","context":8192,"tokens_per_second":"10000"})");
    CHECK(text(one["hbm_reduction_display"]) == "13.5");
    CHECK(text(one["crossover_batch_display"]) == "12.53");
    CHECK(one["first_batch_kv_above_weights"] == 13);
    CHECK(one["hbm_gb_per_second"] == "12079.59552");
    CHECK(one["requests_per_stack"] == 18);
    CHECK(text(ask(R"({"op":"rom_split","model":"qwen3-8b","context":8192,"batch":16})")["hbm_reduction_display"]) == "1.8");
    CHECK(text(ask(R"({"op":"rom_split","model":"qwen3-8b","context":32768})")["crossover_batch_display"]) == "3.13");
}

TEST_CASE("ch04 specialisation break-even (Example 4-3): 4×10^13 tokens, 254 machines, 2.54 years") {
    const Json r = ask(
        R"({"op":"specialization_breakeven","fixed_cost":"20000000","saving_per_million":"0.5","machines":100,"tokens_per_second":"10000","utilisation":"0.5"})");
    CHECK(r["breakeven_tokens"] == 40000000000000);
    CHECK(r["life_tokens"] == 15768000000000);
    CHECK(text(r["life_share_display"]) == "39.4%");
    CHECK(r["machines_to_break_even"] == 254);
    CHECK(r["saving_per_year"] == 7884000);
    CHECK(text(r["years_to_break_even_display"]) == "2.54");
    const Json half = ask(
        R"({"op":"specialization_breakeven","fixed_cost":"20000000","saving_per_million":"0.5","machines":100,"tokens_per_second":"10000","utilisation":"0.5","life_years":"0.5"})");
    CHECK(half["machines_to_break_even"] == 508);
    const Json over = error_of(Json::parse(
        R"({"op":"specialization_breakeven","fixed_cost":"1","saving_per_million":"1","tokens_per_second":"1","utilisation":"1.5"})"));
    CHECK(over["field"] == "utilisation");
    CHECK(over["code"] == "ch04_share_above_one");
}

TEST_CASE("ch04 device_budget: Figure 4-36's two panels from the catalog, and who fits") {
    const Json r = ask(R"({"op":"device_budget","model":"qwen3-8b","context":8192})");
    CHECK(r["step_bytes"] == 16344778752);  // the chapter's 16.345 GB: no KV write
    CHECK(r["budget_bytes"] == 19736913920);
    CHECK(text(r["prefill_flops_display"]) == "61.85 TFLOPs");
    REQUIRE(r["rows"].size() == 11);
    const std::pair<const char*, const char*> decode[] = {{"rtx-3090", "17.46 ms"},    {"rtx-4090", "16.22 ms"},
                                                          {"a100-80g", "8.02 ms"},     {"h200", "3.41 ms"},
                                                          {"ascend-950dt", "4.09 ms"}, {"m3-ultra", "19.96 ms"}};
    const std::pair<const char*, const char*> prefill[] = {{"rtx-3090", "871.1 ms"}, {"rtx-4090", "374.4 ms"},
                                                           {"rtx-5090", "295.2 ms"}, {"rtx-pro-6000", "122.8 ms"},
                                                           {"a100-80g", "198.2 ms"}, {"h100-sxm", "62.5 ms"}};
    auto row = [&](const std::string& id) -> const Json& {
        for (std::size_t i = 0; i < r["rows"].size(); ++i) {
            if (r["rows"][i]["id"] == id) return r["rows"][i];
        }
        FAIL("no row " << id);
        return r;
    };
    for (const auto& [id, ms] : decode) CHECK(text(row(id)["decode_ms_display"]) == ms);
    for (const auto& [id, ms] : prefill) CHECK(text(row(id)["prefill_ms_display"]) == ms);
    CHECK(row("m4-max")["prefill_ms"].is_null());  // no BF16 peak in the catalog: "—" in the figure
    CHECK(row("rtx-3090")["fits"] == true);
    // Eight 8K requests need 28.193 GB: past the 24 GB cards, inside the 32 GB one (§4.8.2).
    const Json eight =
        ask(R"({"op":"device_budget","model":"qwen3-8b","context":8192,"batch":8,"devices":["rtx-4090","rtx-5090"]})");
    CHECK(text(eight["budget_display"]) == "28.193 GB");
    CHECK(eight["rows"][0]["fits"] == false);
    CHECK(eight["rows"][1]["fits"] == true);
    const Json bad =
        error_of(Json::parse(R"({"op":"device_budget","model":"qwen3-8b","context":8192,"devices":["rtx-4090","tpu"]})"));
    CHECK(bad["field"] == "devices[1]");
    CHECK(bad["code"] == "gpu_unknown");
}

TEST_CASE("ch04 power_cap: H100's 106 W of memory, 0.60 pJ per FLOP, 0.67 and 0.87 of the clock") {
    const Json r = ask(R"({"op":"power_cap","gpu":"h100-sxm"})");
    CHECK(text(r["memory_watts_display"]) == "106 W");
    CHECK(text(r["pj_per_flop_display"]) == "0.60 pJ");
    CHECK(r["fixed_voltage_share"] == "2/3");
    CHECK(r["scaled_voltage_share"] == "0.87358");  // (2/3)^(1/3) rounded down to 10^-6
    CHECK(text(r["fixed_voltage_share_display"]) == "0.67");
    CHECK(text(r["scaled_voltage_share_display"]) == "0.87");
    CHECK(ch04::cube_root_floor_micro(Ratio(1, 8)) == Ratio(1, 2));
    CHECK(ch04::cube_root_floor_micro(Ratio(1)) == Ratio(1));
    // Memory alone past the TDP leaves nothing for compute, and says so.
    const Json over = ask(R"({"op":"power_cap","tdp_watts":"100","bandwidth":"8000","peak_tflops":"1000","e_over_b":"0.5"})");
    CHECK(over["compute_watts"].is_null());
    CHECK(over["fixed_voltage_share"] == 1);
    CHECK(text(over["fixed_voltage_share_display"]) == "1.00");
    const Json mac = error_of(Json::parse(R"({"op":"power_cap","gpu":"m4-max"})"));
    CHECK(mac["field"] == "gpu");
}

TEST_CASE("ch04 sram_chips: 72 Groq chips for Qwen3-8B's weights; 6, 42 and 168 for the KV") {
    CHECK(ask(R"({"op":"sram_chips","model":"qwen3-8b","context":8192})")["weight_chips"] == 72);
    CHECK(ask(R"({"op":"sram_chips","model":"qwen3-8b","context":8192})")["kv_chips"] == 6);
    CHECK(ask(R"({"op":"sram_chips","model":"qwen3-8b","context":8192,"batch":8})")["kv_chips"] == 42);
    CHECK(ask(R"({"op":"sram_chips","model":"qwen3-8b","context":32768,"batch":8})")["kv_chips"] == 168);
    CHECK(error_of(Json::parse(R"({"op":"sram_chips","model":"qwen3-8b","context":8192,"chip_bytes":0})"))["field"] ==
          "chip_bytes");
}

TEST_CASE("ch04 device_compare: §4.6.1's ratios and §4.8.2's savings, from the catalog alone") {
    const Json r = ask(R"({"op":"device_compare","from":"rtx-3090","to":"rtx-4090"})");
    CHECK(r["bf16_ratio"] == "826/355");             // 165.2 / 71
    CHECK(r["bandwidth_rise_percent"] == "100/13");  // 1008 / 936 − 1 = 7.69 %
    CHECK(r["bandwidth_fall_percent"].is_null());
    CHECK(r["memory_ratio"] == 1);
    const Json back = ask(R"({"op":"device_compare","from":"h100-sxm","to":"a100-80g"})");
    CHECK(back["bandwidth_rise_percent"].is_null());
    CHECK(back["bandwidth_time_saved_percent"].is_null());
    CHECK(back["bandwidth_time_added_percent"] == "131100/2039");  // 100 · (3350 / 2039 − 1)
    const Json mac = ask(R"({"op":"device_compare","from":"h100-sxm","to":"m4-max"})");
    CHECK(mac["bf16_ratio"].is_null());
    CHECK(mac["tdp_ratio"].is_null());
    CHECK(error_of(Json::parse(R"({"op":"device_compare","from":"h100-sxm"})"))["field"] == "to");
    CHECK(error_of(Json::parse(R"({"op":"device_compare","from":"x","to":"h200"})"))["field"] == "from");
}

TEST_CASE("ch04 dynamic_power: (0.55/0.85)² = 121/289 ≈ 0.42; a DSP at 0.75 power on 0.60 area is 1.25× as dense") {
    const Json npu = ask(R"({"op":"dynamic_power","v_before":"0.85","v_after":"0.55","clock_ratio":"0.37"})");
    CHECK(npu["voltage_squared"] == "121/289");
    CHECK(text(npu["voltage_squared_display"]) == "0.42");
    CHECK(npu["with_clock"] == "4477/28900");  // 0.155: the paper's 0.34 is higher (§4.1.3)
    CHECK(npu["density"].is_null());
    const Json dsp = ask(R"({"op":"dynamic_power","v_before":"1","v_after":"1","power_ratio":"0.75","area_ratio":"0.60"})");
    CHECK(dsp["density"] == "1.25");
    CHECK(dsp["density_rise_percent"] == 25);
    CHECK(dsp["density_rises"] == true);
    // The flip: area shrinking no more than power keeps the density from rising.
    const Json flat = ask(R"({"op":"dynamic_power","v_before":"1","v_after":"1","power_ratio":"0.6","area_ratio":"0.6"})");
    CHECK(flat["density_rises"] == false);
    CHECK(flat["density_rise_percent"].is_null());
    const Json half = error_of(Json::parse(R"({"op":"dynamic_power","v_before":"1","v_after":"1","power_ratio":"0.6"})"));
    CHECK(half["field"] == "area_ratio");
    CHECK(error_of(Json::parse(R"({"op":"dynamic_power","v_before":"0","v_after":"1"})"))["field"] == "v_before");
}

TEST_CASE("ch04 host_upload (§4.5.2): 64 MiB over PCIe 4.0 x16 is 2.1 ms, 31.5 reads; 21 μs a use at 100 uses; 32 uses") {
    const Json r = ask(R"({"op":"host_upload","bytes":67108864,"gpu":"rtx-4090","uses":100})");
    CHECK(r["link_bandwidth"] == 32);  // the catalog's PCIe rate in one direction
    CHECK(text(r["upload_display"]) == "2.10 ms");
    CHECK(text(r["read_display"]) == "66.58 μs");
    CHECK(r["upload_over_read"] == "31.5");
    CHECK(r["upload_per_use_us"] == "20.97152");
    CHECK(r["fewest_uses"] == 32);
    // A card without NVLink or PCIe in the catalog needs the link stated.
    const Json mac = error_of(Json::parse(R"({"op":"host_upload","bytes":1,"gpu":"m4-max"})"));
    CHECK(mac["field"] == "link_bandwidth");
    CHECK(mac["code"] == "field_missing");
}
