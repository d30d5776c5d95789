// How many requests fit on a GPU, the parameter budget it leaves, and the
// batch at which context reads overtake shared weight reads.
#pragma once

#include "exact.hpp"
#include "spec.hpp"
#include "state.hpp"

namespace tally {

// B_max = ⌊(M_device − M_weight − M_workspace) / M_state/request⌋.
struct CapacityResult {
    Ratio device_bytes;
    Ratio weight_bytes;
    Ratio workspace_bytes;
    Ratio kv_bytes_per_request;
    u128 requests = 0;
    Ratio kv_bytes_total;   // requests × per request
    Ratio free_bytes;       // left after the requests
    Ratio shortfall_bytes;  // > 0 when weights + workspace exceed the device
};

// M_state/request is the whole state of one request at `context` positions:
// per-token history plus any fixed recurrent or convolution state.
CapacityResult capacity(const ModelSpec& m, const Gpu& gpu, const Dtype& weights, const StateOptions& state_options, u128 context,
                        u128 workspace_bytes);

// N_max = (C − M_0 − B·K) / b_W, floored to whole parameters.
struct ParamBudgetResult {
    Ratio available_bytes;  // C − M_0 − B·K (0 when negative)
    Ratio shortfall_bytes;  // how far C − M_0 − B·K is below zero
    Ratio kv_bytes_per_request;
    Ratio bytes_per_param;
    u128 params = 0;
};

ParamBudgetResult param_budget(const ModelSpec& state_model, const Gpu& gpu, const Dtype& weights,
                               const StateOptions& state_options, u128 requests, u128 context, u128 workspace_bytes);

// B* = ⌈R_W / (c_KV·H)⌉: the smallest batch whose context reads reach the
// weight bytes one batch reads once (Example 2-2).  c_KV·H generalizes to
// the state one decode step of one request reads at H positions.
struct CrossoverResult {
    Ratio weight_read_bytes;
    Ratio kv_bytes_per_request;
    Ratio exact_ratio;  // R_W / (c_KV·H)
    u128 batch = 0;
};

CrossoverResult crossover(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 context);

}  // namespace tally
