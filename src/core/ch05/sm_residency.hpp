// What one SM holds and how fast one block runs on it (§5.1.5, Table
// 5.1.5-a, Figures 5-4 and 5-5, Exercise 5-1, the "flip" paragraph).
//   residency: each resource (thread slots, registers, shared memory, the
//     block cap) admits ⌊total / per-block need⌋ blocks; the SM keeps the
//     least of them, and occupancy is resident warps / the SM's warp cap.
//   latency hiding (Little's law, §4.3.3): an SM must keep
//     bandwidth × latency / SMs bytes in flight; resident warps offer
//     warps × loads per warp × 32 threads × bytes per load.
//   MMA count: a tile m×n×k in instructions of shape p×q×r.
//   per-SM share: a device's bandwidth and peak split over its SMs, the
//     time to copy one K step's inputs and to compute it.
#pragma once

#include <string>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

constexpr u128 kWarpThreads = 32;

struct SmLimits {
    u128 threads = 2048, registers = 65536, smem_bytes = 233472, blocks = 32;  // H100, compute capability 9.0
    u128 per_block_smem = 0;                                                   // 0: no separate per-block cap
};

struct BlockNeeds {
    u128 threads = 256, registers_per_thread = 128, smem_bytes = 0, reserve_bytes = 1024;
};

struct ResourceLimit {
    std::string resource;  // "threads", "registers", "shared_memory", "blocks"
    u128 total = 0, per_block = 0, blocks = 0;
};

struct SmResidency {
    std::vector<ResourceLimit> limits;  // in the order above
    u128 blocks = 0, warps = 0, warps_per_block = 0, max_warps = 0;
    Ratio occupancy;                   // warps / max_warps
    std::vector<std::string> binding;  // the resources that admit exactly `blocks`
    u128 threads_used = 0, registers_used = 0, smem_used = 0, smem_left = 0;
};

// threads ≥ 1 (a multiple of 32 is not required: warps round up).
SmResidency sm_residency(const SmLimits& sm, const BlockNeeds& block);

struct LatencyHiding {
    Ratio needed_bytes;       // bandwidth × latency / SMs
    Ratio device_bytes;       // bandwidth × latency
    u128 bytes_per_warp = 0;  // loads × 32 × bytes per load
    u128 have_bytes = 0;      // warps × bytes_per_warp
    Ratio coverage;           // have / needed
    u128 warps_needed = 0;    // ⌈needed / bytes_per_warp⌉
    u128 blocks_needed = 0;   // ⌈warps_needed / warps per block⌉
};

// gbps, latency_ns > 0; sms, warps, loads, load_bytes, warps_per_block ≥ 1.
LatencyHiding latency_hiding(const Ratio& gbps, const Ratio& latency_ns, u128 sms, u128 warps, u128 loads_per_warp,
                             u128 bytes_per_load, u128 warps_per_block);

struct MmaCount {
    u128 flops_per_instruction = 0, instructions = 0, flops = 0;
    u128 output_fragments = 0, fragments_per_warp = 0, instructions_per_warp = 0;
};

// The tile's sides must be multiples of the instruction's; warps divides the fragments.
MmaCount mma_count(u128 m, u128 n, u128 k, u128 p, u128 q, u128 r, u128 warps);

struct SmShare {
    Ratio gbps_per_sm, tflops_per_sm;
    Ratio copy_us, compute_us;  // one K step's inputs, its FLOPs
    Ratio copy_over_compute;
    Ratio intensity;     // FLOPs per byte copied
    Ratio device_ratio;  // peak / bandwidth, FLOP per byte
    // n blocks through two input slots (§5.3.2, Example 5-5):
    Ratio serial_us;           // n·(t_m + t_c)
    Ratio pipelined_us;        // n·max + min, with the copies back to back when copy-bound
    Ratio slot_free_us;        // block 0 finishes with slot A: t_m + t_c
    Ratio third_copy_us;       // block 2's copy into slot A starts: max(2·t_m, t_m + t_c)
    Ratio mover_busy_us;       // n·t_m
    Ratio compute_busy_share;  // n·t_c / pipelined
};

SmShare sm_share(const Ratio& gbps, const Ratio& tflops, u128 sms, u128 copy_bytes, u128 flops, u128 blocks);

// One bar of the two-slot pipeline (Figures 5-5 and 5-16): block b (from 0)
// is copied into slot b mod 2 by the producer, then computed from it by the
// consumer.
struct SlotSpan {
    u128 block = 0;
    u128 slot = 0;     // 0 = A, 1 = B
    bool copy = true;  // false: compute
    Ratio start_us, end_us;
};

// The first `blocks` blocks' copies and computes, t_m and t_c each: a copy
// starts when the previous copy is done and its slot's last reader (block
// b − 2) has finished; a compute starts when its copy and the previous
// compute are done. The last compute ends at SmShare::pipelined_us.
std::vector<SlotSpan> two_slot_schedule(u128 blocks, const Ratio& copy_us, const Ratio& compute_us);

}  // namespace tally::ch05
