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

#include <string>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

// One bar of the two schedules (Figures 5-36 and 5-37): who does it
// ("host" launches, the "matrix" unit projects, the "vector" unit activates),
// what it is ("launch", "projection", "activation"), which data block
// (counted from 0, as the book counts them; 0 for a launch, which has none)
// and when, in μs from the first launch.
struct PersistentSpan {
    std::string lane, kind;
    u128 block = 0;
    Ratio start_us, end_us;
};

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

// The bars of the first `blocks` data blocks, same arguments. coarse: launch,
// every projection back to back, the second launch, every activation.
// block-wise: one launch, projections back to back, and each block's
// activation as soon as its projection and the previous activation are done
// (ample buffers), so the last bar ends at blockwise_us.
std::vector<PersistentSpan> coarse_schedule(u128 blocks, const Ratio& projection_us, const Ratio& activation_us,
                                            const Ratio& launch_us);
std::vector<PersistentSpan> blockwise_schedule(u128 blocks, const Ratio& projection_us, const Ratio& activation_us,
                                               const Ratio& launch_us, const Ratio& task_overhead_us);

}  // namespace tally::ch05
