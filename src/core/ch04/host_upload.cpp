#include "core/ch04/host_upload.hpp"

namespace tally::ch04 {

HostUpload host_upload(const Ratio& bytes, const Ratio& link_gbps, const Ratio& memory_gbps, u128 uses) {
    HostUpload h;
    const Ratio per_us(1000);  // GB/s → bytes per μs
    h.upload_us = bytes / (link_gbps * per_us);
    h.read_us = bytes / (memory_gbps * per_us);
    h.upload_over_read = memory_gbps / link_gbps;
    h.upload_per_use_us = h.upload_us / Ratio(uses);
    // upload / R < read  ⟺  R > R_mem / R_link.
    h.fewest_uses = h.upload_over_read.floor() + 1;
    return h;
}

}  // namespace tally::ch04
