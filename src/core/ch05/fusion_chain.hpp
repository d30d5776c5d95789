// Traffic of an elementwise chain cut into kernels (§5.3.1, Example 5-4,
// Figure 5-15, §5.4.1, Experiment 5-2).  Stage i reads the previous
// stage's output (none for the first) and its own external inputs, and
// writes one output; all tensors have the same number of elements, each
// with its bytes per element.  A partition groups consecutive stages into
// kernels: inside a kernel the intermediate stays on chip; between kernels
// it is written and read back.  Peak live memory while a kernel runs: the
// external inputs not yet consumed by earlier kernels, the tensor it
// receives, and its output.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

struct ChainStage {
    std::vector<u128> input_bytes;  // bytes per element of each external input
    u128 output_bytes = 2;
};

struct ChainKernel {
    std::size_t first = 0, last = 0;                       // stages, inclusive
    u128 read_bytes = 0, write_bytes = 0, live_bytes = 0;  // per element
};

struct ChainPartition {
    std::vector<ChainKernel> kernels;
    u128 traffic_per_element = 0, peak_per_element = 0;
};

// `cuts` holds the stage indices after which a kernel ends (the last stage
// always ends one); stages ≥ 1.
ChainPartition chain_partition(const std::vector<ChainStage>& stages, const std::vector<std::size_t>& cuts);

// 2^(stages − 1): each boundary between neighbours is cut or fused.
u128 partition_count(std::size_t stages);

}  // namespace tally::ch05
