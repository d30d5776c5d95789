// Casting a BF16 gradient to FP32 on the CPU or on the GPU (§10.2.3).  The
// cast reads G bytes and writes 2G (3G touched); the link carries G (BF16,
// cast on the CPU) or 2G (FP32, cast on the GPU):
//   CPU path  G/B + 3G/C_cpu        GPU path  3G/C_gpu + 2G/B
// The two are equal at B* = 1 / (3 (1/C_cpu − 1/C_gpu)); a faster link
// favours the GPU path.  The GPU path holds G + 2G at its peak.
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct CastPaths {
    Ratio bf16_bytes;     // G
    Ratio fp32_bytes;     // 2G
    Ratio touched_bytes;  // 3G
    Ratio cpu_link_seconds, cpu_cast_seconds, cpu_path_seconds;
    Ratio gpu_cast_seconds, gpu_link_seconds, gpu_path_seconds;
    bool has_crossover = false;  // only when the GPU's memory is faster than the CPU's
    Ratio crossover_bytes_per_second;
    Ratio gpu_peak_bytes;  // G + 2G
};

// Rates in bytes per second, all positive.
CastPaths cast_paths(const Ratio& bf16_bytes, const Ratio& link, const Ratio& cpu_memory, const Ratio& gpu_memory);

}  // namespace tally::ch10
