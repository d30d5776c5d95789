#include "core/ch05/relayout_buffer.hpp"

namespace tally::ch05 {

RelayoutBuffer relayout_buffer(u128 slot, u128 queued, u128 relayout, u128 smem_per_sm, u128 reserve, u128 block_limit,
                               u128 resident) {
    RelayoutBuffer b;
    b.queue_bytes = mul(queued, slot);
    b.need_bytes = add(b.queue_bytes, relayout);
    b.fits_alone = (block_limit == 0 || b.need_bytes <= block_limit) && add(b.need_bytes, reserve) <= smem_per_sm;
    const u128 reserved = mul(resident, reserve);
    b.share_bytes = reserved < smem_per_sm ? (smem_per_sm - reserved) / resident : 0;
    if (block_limit != 0 && b.share_bytes > block_limit) b.share_bytes = block_limit;
    b.slots_left = b.share_bytes > relayout ? (b.share_bytes - relayout) / slot : 0;
    b.backpressure = b.slots_left < queued;
    return b;
}

}  // namespace tally::ch05
