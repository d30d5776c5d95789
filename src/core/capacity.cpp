#include "capacity.hpp"

#include "params.hpp"

namespace tally {

CapacityResult capacity(const ModelSpec& m, const Gpu& gpu, const Dtype& weights, const StateOptions& state_options, u128 context,
                        u128 workspace_bytes) {
    CapacityResult r;
    r.device_bytes = Ratio(gpu.memory_bytes);
    r.weight_bytes = weight_bytes(m, weights);
    r.workspace_bytes = Ratio(workspace_bytes);
    r.kv_bytes_per_request = state(m, context, state_options).total;
    const Ratio fixed = r.weight_bytes + r.workspace_bytes;
    if (r.device_bytes < fixed) {
        r.shortfall_bytes = fixed - r.device_bytes;
        return r;
    }
    const Ratio room = r.device_bytes - fixed;
    r.requests = (room / r.kv_bytes_per_request).floor();  // a partial request is useless
    r.kv_bytes_total = r.kv_bytes_per_request * Ratio(r.requests);
    r.free_bytes = room - r.kv_bytes_total;
    return r;
}

ParamBudgetResult param_budget(const ModelSpec& state_model, const Gpu& gpu, const Dtype& weights,
                               const StateOptions& state_options, u128 requests, u128 context, u128 workspace_bytes) {
    ParamBudgetResult r;
    r.kv_bytes_per_request = state(state_model, context, state_options).total;
    r.bytes_per_param = bytes_per_param(weights);
    const Ratio reserved = Ratio(workspace_bytes) + r.kv_bytes_per_request * Ratio(requests);
    const Ratio device(gpu.memory_bytes);
    if (device < reserved) {
        r.shortfall_bytes = reserved - device;
        return r;
    }
    r.available_bytes = device - reserved;
    r.params = (r.available_bytes / r.bytes_per_param).floor();
    return r;
}

CrossoverResult crossover(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 context) {
    CrossoverResult r;
    r.weight_read_bytes = shared_weight_read_bytes(m, weights);
    r.kv_bytes_per_request = state(m, context, state_options).decode_read_bytes;
    r.exact_ratio = r.weight_read_bytes / r.kv_bytes_per_request;
    r.batch = r.exact_ratio.ceil();
    if (r.batch == 0) r.batch = 1;
    return r;
}

}  // namespace tally
