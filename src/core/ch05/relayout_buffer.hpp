// Buffering a layout change between two stages (§5.3.2): the producer queues
// blocks of `slot` bytes while the consumer reads in another order from a
// relayout area.  One block needs queued·slot + relayout bytes of shared
// memory; with k blocks resident on an SM each may use
// (smem_per_sm − k·reserve)/k, which leaves ⌊(share − relayout)/slot⌋ queue
// slots: with fewer than the producer wants, it waits (backpressure).
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct RelayoutBuffer {
    u128 queue_bytes = 0;       // queued · slot
    u128 need_bytes = 0;        // queue + relayout
    bool fits_alone = false;    // need ≤ the per-block limit and the SM
    u128 share_bytes = 0;       // per block with `resident` blocks
    u128 slots_left = 0;        // queue slots that fit in the share
    bool backpressure = false;  // slots_left < queued
};

// slot ≥ 1; resident ≥ 1.
RelayoutBuffer relayout_buffer(u128 slot, u128 queued, u128 relayout, u128 smem_per_sm, u128 reserve, u128 block_limit,
                               u128 resident);

}  // namespace tally::ch05
