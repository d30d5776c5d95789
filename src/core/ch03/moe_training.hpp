// Expert training work of a MoE model per token (section 3.6.2): each MoE
// layer runs its k routed experts and its shared expert for every token,
// and training triples each product (forward, input and weight gradient):
// 6 × Σ_layers (k·N_e + N_shared) FLOPs per token, with N_e = 3·d·f from
// chapter 2's expert accounting.
#pragma once

#include "core/exact.hpp"
#include "core/spec.hpp"

namespace tally::ch03 {

struct MoeTrainingWork {
    u128 moe_layers = 0;
    u128 expert_params_per_token = 0;  // routed (k per layer) plus shared
    u128 flops_per_token = 0;          // 6 × the above
    u128 total = 0;                    // × training tokens
};

// Refuses a model without MoE layers (NotGiven).
MoeTrainingWork moe_training(const ModelSpec& m, u128 training_tokens);

}  // namespace tally::ch03
