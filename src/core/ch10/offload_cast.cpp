#include "offload_cast.hpp"

namespace tally::ch10 {

CastPaths cast_paths(const Ratio& bf16_bytes, const Ratio& link, const Ratio& cpu_memory, const Ratio& gpu_memory) {
    CastPaths c;
    c.bf16_bytes = bf16_bytes;
    c.fp32_bytes = Ratio(2) * bf16_bytes;
    c.touched_bytes = Ratio(3) * bf16_bytes;
    c.cpu_link_seconds = bf16_bytes / link;
    c.cpu_cast_seconds = c.touched_bytes / cpu_memory;
    c.cpu_path_seconds = c.cpu_link_seconds + c.cpu_cast_seconds;
    c.gpu_cast_seconds = c.touched_bytes / gpu_memory;
    c.gpu_link_seconds = c.fp32_bytes / link;
    c.gpu_path_seconds = c.gpu_cast_seconds + c.gpu_link_seconds;
    c.has_crossover = cpu_memory < gpu_memory;
    if (c.has_crossover) c.crossover_bytes_per_second = Ratio(1) / (Ratio(3) * (Ratio(1) / cpu_memory - Ratio(1) / gpu_memory));
    c.gpu_peak_bytes = bf16_bytes + c.fp32_bytes;
    return c;
}

}  // namespace tally::ch10
