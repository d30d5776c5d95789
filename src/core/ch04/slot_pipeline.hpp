// Input slots feeding a matrix unit (§4.4.2, Figures 4-17 … 4-20, Table
// 4.4.2-a, Experiment 4-4): a tile's operands arrive in chunks; each chunk
// needs a slot (on-chip buffer) from its issue until its compute ends.
// Transfers share one interface, so issues are at least `transfer` apart;
// a chunk is ready `transfer + latency` after its issue; compute runs the
// chunks in order, one at a time.  With S slots, chunk i is issued when
// chunk i − S has released its slot.  The continuous target is
// transfer + latency + chunks × compute (the first chunk's wait, then
// compute back to back).  All times in ticks (the book: one B200 SM cycle).
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch04 {

struct SlotTiming {
    u128 issue = 0, ready = 0, start = 0, end = 0;
};

struct SlotPipeline {
    std::vector<SlotTiming> chunks;
    u128 finish = 0;        // the last chunk's compute end
    u128 target = 0;        // transfer + latency + chunks × compute
    u128 idle = 0;          // ticks compute waits after the first chunk starts: finish − target
    u128 fewest_slots = 0;  // the smallest slot count that reaches the target
};

// chunks, slots ≥ 1; transfer, compute ≥ 1; latency ≥ 0.
SlotPipeline slot_pipeline(u128 chunks, u128 slots, u128 transfer, u128 latency, u128 compute);

}  // namespace tally::ch04
