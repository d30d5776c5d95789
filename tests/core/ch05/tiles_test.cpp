// §5.1.5 and §5.2's tiles on one SM: Table 5.1.5-a on an H100 SM, the
// latency-hiding check and its flip, the MMA count, the per-SM share behind
// Figures 5-5 and 5-16, Example 5-3 and Table 5.2.2-a on the RTX PRO 6000.
#include <doctest/doctest.h>

#include "core/ch05/gemm_tiles.hpp"
#include "core/ch05/relayout_buffer.hpp"
#include "core/ch05/sm_residency.hpp"
#include "core/format.hpp"
#include "../support.hpp"
#include "binary_sizes.hpp"

using namespace tally;
using namespace tally::test;

namespace {

ch05::GemmTiles tiles(u128 m, u128 n, u128 buffers = 1) {
    ch05::GemmShape s;
    s.M = 1024;
    s.K = 4096;
    s.N = 12288;
    s.m = m;
    s.n = n;
    s.k = 32;
    s.buffers = buffers;
    return ch05::gemm_tiles(s);
}

}  // namespace

TEST_CASE("ch05 SM residency: Table 5.1.5-a, 2 blocks and 25 % on an H100 SM; Exercise 5-1") {
    ch05::BlockNeeds block;
    block.smem_bytes = 96 * kKiB;
    const auto s = ch05::sm_residency({}, block);
    CHECK(s.limits[0].blocks == 8);
    CHECK(s.limits[1].blocks == 2);
    CHECK(s.limits[2].per_block == 97 * kKiB);
    CHECK(s.limits[2].blocks == 2);
    CHECK(s.limits[3].blocks == 32);
    CHECK(s.blocks == 2);
    CHECK(s.warps == 16);
    CHECK(s.occupancy == Ratio(1, 4));
    CHECK(s.binding == std::vector<std::string>{"registers", "shared_memory"});
    CHECK(s.smem_left == 34 * kKiB);
    CHECK(s.threads_used == 512);
    // The accumulator in registers: 32 KiB of shared memory admits 6 blocks, registers still 2.
    block.smem_bytes = 32 * kKiB;
    const auto regs = ch05::sm_residency({}, block);
    CHECK(regs.limits[2].blocks == 6);
    CHECK(regs.blocks == 2);
    CHECK(regs.binding == std::vector<std::string>{"registers"});
    // Exercise 5-1 (64×64, K step 64: 8 + 8 + 16 KiB), then 64 registers: 4 blocks, 50 %.
    block.registers_per_thread = 64;
    const auto ex = ch05::sm_residency({}, block);
    CHECK(ex.blocks == 4);
    CHECK(ex.occupancy == Ratio(1, 2));
    // The op reads the SM's shared memory from the catalog.
    const Json r = ask(R"({"op":"sm_residency","smem_bytes":98304,"gpu":"h100-sxm"})");
    CHECK(r["occupancy_percent"] == 25);
    CHECK(r["smem_left"] == 34816);
    CHECK(error_of(Json::parse(R"({"op":"sm_residency","smem_bytes":98304})"))["field"] == "smem_per_sm");
    CHECK(error_of(Json::parse(R"({"op":"sm_residency","smem_bytes":1,"threads":4096,"smem_per_sm":1000})"))["field"] ==
          "threads");
}

TEST_CASE("ch05 latency hiding: 15.2 KB needed, 32 KiB in flight (2.15×); the flip: 25.4 KB, 0.65, 25 warps, 4 blocks") {
    const auto h = ch05::latency_hiding(3350, 600, 132, 16, 4, 16, 8);
    CHECK(h.device_bytes == Ratio(2010000));
    CHECK(fixed(h.needed_bytes / Ratio(1000), 1) == "15.2");
    CHECK(h.have_bytes == 32 * kKiB);
    CHECK(fixed(h.coverage, 2) == "2.15");
    CHECK(h.warps_needed == 8);
    const auto flip = ch05::latency_hiding(3350, 1000, 132, 16, 2, 16, 8);
    CHECK(fixed(flip.needed_bytes / Ratio(1000), 1) == "25.4");
    CHECK(flip.have_bytes == 16 * kKiB);
    CHECK(fixed(flip.coverage, 2) == "0.65");
    CHECK(flip.warps_needed == 25);
    CHECK(flip.blocks_needed == 4);
    CHECK(ask(R"({"op":"latency_hiding","gpu":"h100-sxm","latency_ns":"600","warps":16})")["needed_display"] == "15.2 KB");
}

TEST_CASE("ch05 MMA count and per-SM share: 512 instructions, 1.29 / 0.28 μs, 6.28 / 5.44 μs, 1.57 and 2.58 μs") {
    const auto c = ch05::mma_count(128, 128, 64, 16, 8, 16, 8);
    CHECK(c.flops_per_instruction == 4096);
    CHECK(c.instructions == 512);
    CHECK(c.flops == 2097152);
    CHECK(c.fragments_per_warp == 16);
    CHECK(c.instructions_per_warp == 64);
    const auto s = ch05::sm_share(3350, Ratio(9894, 10), 132, 32768, 2097152, 4);
    CHECK(fixed(s.gbps_per_sm, 1) == "25.4");
    CHECK(fixed(s.tflops_per_sm, 2) == "7.50");
    CHECK(fixed(s.copy_us, 2) == "1.29");
    CHECK(fixed(s.compute_us, 2) == "0.28");
    CHECK(fixed(s.copy_over_compute, 1) == "4.6");
    CHECK(s.intensity == Ratio(64));
    CHECK(fixed(s.device_ratio, 0) == "295");
    CHECK(fixed(s.serial_us, 2) == "6.28");
    CHECK(fixed(s.pipelined_us, 2) == "5.44");
    CHECK(fixed(s.slot_free_us, 2) == "1.57");
    CHECK(fixed(s.third_copy_us, 2) == "2.58");
    CHECK(fixed(s.mover_busy_us, 2) == "5.16");
    CHECK(error_of(Json::parse(R"({"op":"mma_count","tile_m":100})"))["field"] == "tile_m");
    CHECK(error_of(Json::parse(R"({"op":"mma_count","warps":7})"))["field"] == "warps");
}

TEST_CASE("ch05 two-slot schedule: Figures 5-5 and 5-16 (slot A free at 1.57 μs, block 2 copied from 2.58 μs)") {
    const auto s = ch05::sm_share(3350, Ratio(9894, 10), 132, 32768, 2097152, 4);
    const auto spans = ch05::two_slot_schedule(4, s.copy_us, s.compute_us);
    REQUIRE(spans.size() == 8);
    // Block 0: copied 0 – 1.29 into slot A, computed 1.29 – 1.57; block 2 goes back into slot A.
    CHECK(spans[0].copy);
    CHECK(spans[0].slot == 0);
    CHECK(spans[0].start_us == Ratio(0));
    CHECK(fixed(spans[0].end_us, 2) == "1.29");
    CHECK_FALSE(spans[1].copy);
    CHECK(fixed(spans[1].start_us, 2) == "1.29");
    CHECK(spans[1].end_us == s.slot_free_us);
    CHECK(spans[2].slot == 1);
    CHECK(spans[4].block == 2);
    CHECK(spans[4].slot == 0);
    CHECK(spans[4].start_us == s.third_copy_us);
    // Copy-bound: the copies run back to back and the last compute ends at the pipelined time.
    CHECK(spans[6].start_us == Ratio(3) * s.copy_us);
    CHECK(spans[7].end_us == s.pipelined_us);
    // Compute-bound (t_c > t_m): block 2's copy waits for block 0's compute to free slot A.
    const auto slow = ch05::two_slot_schedule(3, 1, 3);
    CHECK(slow[4].start_us == Ratio(4));
    CHECK(slow.back().end_us == Ratio(1 + 3 * 3));
    const Json r = result(Json::parse(R"({"op":"sm_share","gpu":"h100-sxm"})"));
    CHECK(r["schedule_blocks"] == 4);
    CHECK(r["schedule"].size() == 8);
    CHECK(r["schedule"][4]["slot"] == "A");
    CHECK(r["schedule"][4]["unit"] == "producer");
    CHECK(r["schedule"][4]["start_display"] == "2.58");
    CHECK(r["schedule"][1]["phase"] == "compute");
    CHECK(r["schedule"][1]["end_display"] == "1.57");
    CHECK(result(Json::parse(R"({"op":"sm_share","gpu":"h100-sxm","blocks":1000})"))["schedule"].size() == 64);
}

TEST_CASE("ch05 GEMM tiles: Example 5-3 and Table 5.2.2-a (8 / 24 / 80 KiB, 6,168 / 3,096 / 1,560 MiB)") {
    const auto t32 = tiles(32, 32), t64 = tiles(64, 64), t128 = tiles(128, 128);
    CHECK(t32.working_set_bytes == 8 * kKiB);
    CHECK(t64.working_set_bytes == 24 * kKiB);
    CHECK(t128.working_set_bytes == 80 * kKiB);
    CHECK(t32.traffic_bytes == 6168 * kMiB);
    CHECK(t64.traffic_bytes == 3096 * kMiB);
    CHECK(t128.traffic_bytes == 1560 * kMiB);
    CHECK(t64.a_traffic == 1536 * kMiB);
    CHECK(t64.row_blocks == 16);
    CHECK(t64.column_blocks == 192);
    CHECK(t64.tiles == 3072);
    CHECK(t64.flops == 103079215104ULL);
    CHECK(t64.once_bytes == 128 * kMiB);
    CHECK(fixed(t32.intensity, 1) == "15.9");
    CHECK(t64.intensity == Ratio(4096, 129));  // 31.75…: the book prints 31.7
    CHECK(fixed(t128.intensity, 1) == "63.0");
    // RTX PRO 6000: 102,400 B per SM, 1 KiB reserved per block, 99 KB per block at most.
    CHECK(ch05::resident_blocks(t64.working_set_bytes, 1024, 102400, 101376) == 4);
    CHECK(ch05::resident_blocks(t128.working_set_bytes, 1024, 102400, 101376) == 1);
    CHECK(ch05::resident_blocks(tiles(64, 64, 2).working_set_bytes, 1024, 102400, 101376) == 3);
    CHECK(ch05::resident_blocks(tiles(128, 128, 2).working_set_bytes, 1024, 102400, 101376) == 1);
    CHECK(ch05::resident_blocks(tiles(64, 128).working_set_bytes, 1024, 102400, 101376) == 2);   // Experiment 5-1: 44 KiB
    CHECK(ch05::resident_blocks(tiles(256, 128).working_set_bytes, 1024, 102400, 101376) == 0);  // 152 KiB > 99 KB
    const Json r = ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":64,"gpu":"rtx-pro-6000","block_limit":101376})");
    CHECK(r["resident_blocks"] == 4);
    CHECK(r["traffic_display"] == "3.023 GiB");
    CHECK(ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":64})")["resident_blocks"].is_null());
    // §5.2.2: on an H100 (989.4 TFLOP/s over 3,350 GB/s ≈ 295 FLOP/byte) the MFU ceilings are about 5, 11 and 21 %.
    const Json h100 = ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":64,"gpu":"h100-sxm"})");
    CHECK(h100["mfu_ceiling_percent"] == "6860800/638163");  // 10.75 %: (4096/129) / (989.4 T / 3,350 G) × 100
    CHECK(ask(R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":64})")["mfu_ceiling_percent"].is_null());
}

TEST_CASE(
    "ch05 relayout buffer: 3 × 16 KiB queued + 32 KiB relayout = 80 KiB; two blocks per RTX PRO 6000 SM get 49 KiB, one slot") {
    const auto alone = ch05::relayout_buffer(16 * kKiB, 3, 32 * kKiB, 102400, 1024, 101376, 1);
    CHECK(alone.queue_bytes == 48 * kKiB);
    CHECK(alone.need_bytes == 80 * kKiB);
    CHECK(alone.fits_alone);
    CHECK_FALSE(alone.backpressure);
    const auto two = ch05::relayout_buffer(16 * kKiB, 3, 32 * kKiB, 102400, 1024, 101376, 2);
    CHECK(two.share_bytes == 49 * kKiB);  // (100 KB − 2 × 1 KiB) / 2
    CHECK(two.slots_left == 1);
    CHECK(two.backpressure);
    const Json r = ask(R"({"op":"relayout_buffer","gpu":"rtx-pro-6000","block_limit":101376})");
    CHECK(r["share_display"] == "49 KiB");
    CHECK(r["backpressure"] == true);
    CHECK(error_of(Json::parse(R"({"op":"relayout_buffer"})"))["field"] == "smem_per_sm");
}
