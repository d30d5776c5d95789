#include "core/ch05/persistent_tiles.hpp"

#include <algorithm>

namespace tally::ch05 {

PersistentTiles persistent_tiles(u128 blocks, const Ratio& projection_us, const Ratio& activation_us, const Ratio& launch_us,
                                 const Ratio& task_overhead_us) {
    PersistentTiles t;
    const Ratio n(blocks);
    t.projection_us = projection_us;
    t.activation_us = activation_us;
    t.task_projection_us = projection_us + task_overhead_us;
    t.task_activation_us = activation_us + task_overhead_us;
    t.coarse_us = Ratio(2) * launch_us + n * (projection_us + activation_us);
    const Ratio slow = std::max(t.task_projection_us, t.task_activation_us);
    t.blockwise_us = launch_us + t.task_projection_us + Ratio(blocks - 1) * slow + t.task_activation_us;
    t.blockwise_faster = t.blockwise_us < t.coarse_us;
    t.difference_us = t.blockwise_faster ? t.coarse_us - t.blockwise_us : t.blockwise_us - t.coarse_us;
    t.speedup = t.coarse_us / t.blockwise_us;
    t.hidden_us = Ratio(blocks - 1) * std::min(projection_us, activation_us);
    // Without overheads the pipeline would take launch + p + (n − 1)·max(p, a) + a.
    const Ratio bare = launch_us + projection_us + Ratio(blocks - 1) * std::max(projection_us, activation_us) + activation_us;
    t.overhead_us = t.blockwise_us - bare;
    return t;
}

}  // namespace tally::ch05
