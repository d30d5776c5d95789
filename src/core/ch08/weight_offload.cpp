#include "core/ch08/weight_offload.hpp"

namespace tally::ch08 {

Offload weight_offload(const OffloadInput& in) {
    Offload o;
    o.buffer_bytes = in.layer_bytes * Ratio(in.buffers);
    o.freed_bytes = in.layer_bytes * Ratio(in.layers - in.buffers);
    o.extra_inputs = (o.freed_bytes / in.input_state_bytes).floor();
    o.extra_requests = (o.freed_bytes / in.complete_state_bytes).floor();
    o.copy_bytes_per_step = in.layer_bytes * Ratio(in.layers);
    o.copy_ms_per_step = o.copy_bytes_per_step / in.link_bytes_per_second * Ratio(1000);
    o.copy_seconds_total = o.copy_ms_per_step * Ratio(in.steps) / Ratio(1000);
    if (in.copy_budget_seconds) o.needed_bytes_per_second = o.copy_bytes_per_step * Ratio(in.steps) / *in.copy_budget_seconds;
    return o;
}

}  // namespace tally::ch08
