#include "core/ch05/persistent_tiles.hpp"

#include <algorithm>
#include <string>
#include <vector>

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

std::vector<PersistentSpan> coarse_schedule(u128 blocks, const Ratio& projection_us, const Ratio& activation_us,
                                            const Ratio& launch_us) {
    std::vector<PersistentSpan> spans;
    spans.push_back({"host", "launch", 0, Ratio(0), launch_us});
    Ratio t = launch_us;
    for (u128 i = 0; i < blocks; ++i, t = t + projection_us) spans.push_back({"matrix", "projection", i, t, t + projection_us});
    spans.push_back({"host", "launch", 0, t, t + launch_us});
    t = t + launch_us;
    for (u128 i = 0; i < blocks; ++i, t = t + activation_us) spans.push_back({"vector", "activation", i, t, t + activation_us});
    return spans;
}

std::vector<PersistentSpan> blockwise_schedule(u128 blocks, const Ratio& projection_us, const Ratio& activation_us,
                                               const Ratio& launch_us, const Ratio& task_overhead_us) {
    const Ratio task_projection = projection_us + task_overhead_us;
    const Ratio task_activation = activation_us + task_overhead_us;
    std::vector<PersistentSpan> spans;
    spans.push_back({"host", "launch", 0, Ratio(0), launch_us});
    Ratio projected = launch_us;  // when the matrix unit is free
    Ratio activated = launch_us;  // when the vector unit is free
    for (u128 i = 0; i < blocks; ++i) {
        spans.push_back({"matrix", "projection", i, projected, projected + task_projection});
        projected = projected + task_projection;
        const Ratio start = std::max(projected, activated);
        spans.push_back({"vector", "activation", i, start, start + task_activation});
        activated = start + task_activation;
    }
    return spans;
}

}  // namespace tally::ch05
