// Data the host sends once and the accelerator reads many times (§4.5.2):
// the upload over the host link takes V/R_link, each read from device
// memory V/R_mem.  Spread over R uses the upload costs V/(R·R_link) a use,
// which falls below one read once R > R_mem / R_link.  Times in μs for
// V in bytes and rates in GB/s (10^9 B/s).
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct HostUpload {
    Ratio upload_us;         // V / R_link
    Ratio read_us;           // V / R_mem
    Ratio upload_over_read;  // R_mem / R_link
    Ratio upload_per_use_us;
    u128 fewest_uses = 0;  // the smallest R whose share of the upload is below one read
};

// bytes, link_gbps, memory_gbps > 0; uses ≥ 1.
HostUpload host_upload(const Ratio& bytes, const Ratio& link_gbps, const Ratio& memory_gbps, u128 uses);

}  // namespace tally::ch04
