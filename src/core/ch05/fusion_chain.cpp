#include "core/ch05/fusion_chain.hpp"

#include <algorithm>

namespace tally::ch05 {

ChainPartition chain_partition(const std::vector<ChainStage>& stages, const std::vector<std::size_t>& cuts) {
    ChainPartition p;
    // External inputs of stage i onward, per element: what stays live until then.
    std::vector<u128> pending(stages.size() + 1, 0);
    for (std::size_t i = stages.size(); i-- > 0;) {
        u128 own = 0;
        for (u128 b : stages[i].input_bytes) own = add(own, b);
        pending[i] = add(pending[i + 1], own);
    }
    std::size_t first = 0;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const bool ends = i + 1 == stages.size() || std::find(cuts.begin(), cuts.end(), i) != cuts.end();
        if (!ends) continue;
        ChainKernel k;
        k.first = first;
        k.last = i;
        const u128 received = first == 0 ? 0 : stages[first - 1].output_bytes;
        k.read_bytes = add(received, pending[first] - pending[i + 1]);
        k.write_bytes = stages[i].output_bytes;
        k.live_bytes = add(add(received, pending[first]), k.write_bytes);
        p.traffic_per_element = add(p.traffic_per_element, add(k.read_bytes, k.write_bytes));
        p.peak_per_element = std::max(p.peak_per_element, k.live_bytes);
        p.kernels.push_back(k);
        first = i + 1;
    }
    return p;
}

u128 partition_count(std::size_t stages) { return u128{1} << (stages - 1); }

}  // namespace tally::ch05
