#include "core/ch04/slot_pipeline.hpp"

#include <algorithm>

namespace tally::ch04 {

namespace {

std::vector<SlotTiming> schedule(u128 chunks, u128 slots, u128 transfer, u128 latency, u128 compute) {
    std::vector<SlotTiming> out(static_cast<std::size_t>(chunks));
    for (std::size_t i = 0; i < out.size(); ++i) {
        SlotTiming& c = out[i];
        // The interface is free once the previous transfer is done; a slot
        // is free once the chunk `slots` earlier has finished computing.
        const u128 interface_free = i == 0 ? 0 : add(out[i - 1].issue, transfer);
        const u128 slot_free = i < slots ? 0 : out[i - static_cast<std::size_t>(slots)].end;
        c.issue = std::max(interface_free, slot_free);
        c.ready = add(c.issue, add(transfer, latency));
        c.start = i == 0 ? c.ready : std::max(c.ready, out[i - 1].end);
        c.end = add(c.start, compute);
    }
    return out;
}

}  // namespace

SlotPipeline slot_pipeline(u128 chunks, u128 slots, u128 transfer, u128 latency, u128 compute) {
    SlotPipeline p;
    p.chunks = schedule(chunks, slots, transfer, latency, compute);
    p.finish = p.chunks.back().end;
    p.target = add(add(transfer, latency), mul(chunks, compute));
    p.idle = p.finish - p.target;
    // More slots than chunks change nothing, so the search ends there.
    p.fewest_slots = chunks;
    for (u128 s = 1; s < chunks; ++s) {
        if (schedule(chunks, s, transfer, latency, compute).back().end == p.target) {
            p.fewest_slots = s;
            break;
        }
    }
    return p;
}

}  // namespace tally::ch04
