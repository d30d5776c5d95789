#include "core/ch05/sm_residency.hpp"

#include <algorithm>

namespace tally::ch05 {

SmResidency sm_residency(const SmLimits& sm, const BlockNeeds& block) {
    SmResidency s;
    const u128 registers = mul(block.threads, block.registers_per_thread);
    const u128 smem = add(block.smem_bytes, block.reserve_bytes);
    const bool fits_block_cap = sm.per_block_smem == 0 || block.smem_bytes <= sm.per_block_smem;
    s.limits = {
        {"threads", sm.threads, block.threads, sm.threads / block.threads},
        {"registers", sm.registers, registers, registers == 0 ? sm.blocks : sm.registers / registers},
        {"shared_memory", sm.smem_bytes, smem, fits_block_cap ? sm.smem_bytes / smem : 0},
        {"blocks", sm.blocks, 1, sm.blocks},
    };
    s.blocks = sm.blocks;
    for (const ResourceLimit& l : s.limits) s.blocks = std::min(s.blocks, l.blocks);
    for (const ResourceLimit& l : s.limits) {
        if (l.blocks == s.blocks) s.binding.push_back(l.resource);
    }
    s.warps_per_block = ceil_div(block.threads, kWarpThreads);
    s.max_warps = sm.threads / kWarpThreads;
    s.warps = mul(s.blocks, s.warps_per_block);
    s.occupancy = Ratio(s.warps, s.max_warps);
    s.threads_used = mul(s.blocks, block.threads);
    s.registers_used = mul(s.blocks, registers);
    s.smem_used = mul(s.blocks, smem);
    s.smem_left = sm.smem_bytes - s.smem_used;
    return s;
}

LatencyHiding latency_hiding(const Ratio& gbps, const Ratio& latency_ns, u128 sms, u128 warps, u128 loads_per_warp,
                             u128 bytes_per_load, u128 warps_per_block) {
    LatencyHiding h;
    h.device_bytes = gbps * latency_ns;  // GB/s × ns = bytes
    h.needed_bytes = h.device_bytes / Ratio(sms);
    h.bytes_per_warp = mul(loads_per_warp, kWarpThreads, bytes_per_load);
    h.have_bytes = mul(warps, h.bytes_per_warp);
    h.coverage = Ratio(h.have_bytes) / h.needed_bytes;
    h.warps_needed = (h.needed_bytes / Ratio(h.bytes_per_warp)).ceil();
    h.blocks_needed = ceil_div(h.warps_needed, warps_per_block);
    return h;
}

MmaCount mma_count(u128 m, u128 n, u128 k, u128 p, u128 q, u128 r, u128 warps) {
    MmaCount c;
    c.flops_per_instruction = mul(2, p, q, r);
    c.output_fragments = mul(m / p, n / q);
    c.instructions = mul(c.output_fragments, k / r);
    c.flops = mul(c.instructions, c.flops_per_instruction);
    c.fragments_per_warp = c.output_fragments / warps;
    c.instructions_per_warp = c.instructions / warps;
    return c;
}

SmShare sm_share(const Ratio& gbps, const Ratio& tflops, u128 sms, u128 copy_bytes, u128 flops, u128 blocks) {
    SmShare s;
    s.gbps_per_sm = gbps / Ratio(sms);
    s.tflops_per_sm = tflops / Ratio(sms);
    s.copy_us = Ratio(copy_bytes) / (s.gbps_per_sm * Ratio(1000));     // GB/s = 1000 bytes per μs
    s.compute_us = Ratio(flops) / (s.tflops_per_sm * Ratio(1000000));  // TFLOP/s = 10^6 FLOPs per μs
    s.copy_over_compute = s.copy_us / s.compute_us;
    s.intensity = Ratio(flops, copy_bytes);
    s.device_ratio = tflops * Ratio(1000) / gbps;
    const Ratio n(blocks);
    const Ratio slow = std::max(s.copy_us, s.compute_us);
    s.serial_us = n * (s.copy_us + s.compute_us);
    s.pipelined_us = s.copy_us + Ratio(blocks - 1) * slow + s.compute_us;
    s.slot_free_us = s.copy_us + s.compute_us;
    s.third_copy_us = std::max(Ratio(2) * s.copy_us, s.slot_free_us);
    s.mover_busy_us = n * s.copy_us;
    s.compute_busy_share = n * s.compute_us / s.pipelined_us;
    return s;
}

std::vector<SlotSpan> two_slot_schedule(u128 blocks, const Ratio& copy_us, const Ratio& compute_us) {
    std::vector<SlotSpan> spans;
    std::vector<Ratio> computed;  // when each block's compute ends
    Ratio copied(0);              // when the producer is free
    for (u128 b = 0; b < blocks; ++b) {
        const Ratio copy_start = b >= 2 ? std::max(copied, computed[b - 2]) : copied;
        copied = copy_start + copy_us;
        spans.push_back({b, b % 2, true, copy_start, copied});
        const Ratio compute_start = b >= 1 ? std::max(copied, computed[b - 1]) : copied;
        computed.push_back(compute_start + compute_us);
        spans.push_back({b, b % 2, false, compute_start, computed.back()});
    }
    return spans;
}

}  // namespace tally::ch05
