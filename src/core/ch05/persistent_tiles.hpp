// Block-wise tasks in a persistent kernel against two kernels (§5.5.4,
// Figures 5-36 and 5-37): n blocks go through a projection (p μs each, from
// the FLOPs and the matrix peak) and an activation (a μs each, from the
// bytes and the memory bandwidth), on independent resources with ample
// buffers.
//   coarse: two launches, all projections, then all activations:
//     2·launch + n·(p + a).
//   block-wise: one launch; each task adds scheduling and notification o;
//     a two-stage pipeline of P = p + o and A = a + o:
//     launch + P + (n − 1)·max(P, A) + A.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct PersistentTiles {
    Ratio projection_us, activation_us;            // p, a
    Ratio task_projection_us, task_activation_us;  // P, A
    Ratio coarse_us, blockwise_us;
    bool blockwise_faster = false;
    Ratio difference_us;  // |coarse − block-wise|
    Ratio speedup;        // coarse / block-wise
    Ratio hidden_us;      // (n − 1)·min(p, a): the faster stage's work hidden behind the slower
    Ratio overhead_us;    // what the task overheads add on the critical path
};

// blocks ≥ 1; times > 0 except the overheads (≥ 0).
PersistentTiles persistent_tiles(u128 blocks, const Ratio& projection_us, const Ratio& activation_us, const Ratio& launch_us,
                                 const Ratio& task_overhead_us);

}  // namespace tally::ch05
