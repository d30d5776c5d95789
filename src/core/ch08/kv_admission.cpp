#include "core/ch08/kv_admission.hpp"

namespace tally::ch08 {

KvAdmission kv_admission(const KvAdmissionInput& in) {
    KvAdmission a;
    a.written_positions = add(in.input, in.outputs) - 1;
    a.allocated_positions = mul(ceil_div(a.written_positions, in.block), in.block);
    a.shared_positions = mul(in.shared_prefix / in.block, in.block);
    a.private_positions = a.allocated_positions - a.shared_positions;
    const Ratio& k = in.bytes_per_token;
    a.prefill_bytes = k * Ratio(in.input);
    a.allocated_bytes = k * Ratio(a.allocated_positions);
    a.shared_bytes = k * Ratio(a.shared_positions);
    a.private_bytes = k * Ratio(a.private_positions);
    a.total_bytes = a.shared_bytes + a.private_bytes * Ratio(in.requests) + in.extra_bytes;
    a.independent_total_bytes = a.allocated_bytes * Ratio(in.requests);
    a.fits = a.total_bytes <= in.budget_bytes;
    const Ratio fixed = a.shared_bytes + in.extra_bytes;
    a.max_requests = fixed <= in.budget_bytes ? ((in.budget_bytes - fixed) / a.private_bytes).floor() : 0;
    a.prefill_sized_requests = (in.budget_bytes / a.prefill_bytes).floor();
    a.prefill_sized_final_bytes = a.allocated_bytes * Ratio(a.prefill_sized_requests);
    return a;
}

}  // namespace tally::ch08
