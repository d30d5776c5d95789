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

// The same count from the shapes alone, for a model Tally has no chapter-2
// spec of (DeepSeek V4-Pro: the book's training notes give 61 layers,
// d = 7168, f = 3072, 6 routed + 1 shared): every layer a MoE layer, every
// expert (shared too) a SwiGLU of width f, 3·d·f parameters.
struct MoeShapes {
    u128 layers = 0;
    u128 hidden = 0;        // d
    u128 expert_width = 0;  // f
    u128 routed = 0;        // k routed experts per token
    u128 shared = 0;        // shared experts every token runs
};
MoeTrainingWork moe_training(const MoeShapes& s, u128 training_tokens);

}  // namespace tally::ch03
