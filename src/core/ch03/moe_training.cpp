#include "moe_training.hpp"

#include "core/mechanisms/ffn.hpp"
#include "core/params.hpp"

namespace tally::ch03 {

MoeTrainingWork moe_training(const ModelSpec& m, u128 training_tokens) {
    MoeTrainingWork w;
    for (const auto& g : m.groups) {
        const auto* moe = std::get_if<MoeFfn>(&g.ffn);
        if (moe == nullptr) continue;
        w.moe_layers = add(w.moe_layers, g.layers);
        // The shared expert is one more SwiGLU expert of its own width that
        // every token runs, at the model's hidden size.
        MoeFfn shared = *moe;
        shared.expert_intermediate = moe->shared_intermediate;
        shared.latent = 0;
        const u128 shared_params = moe->shared_intermediate == 0 ? 0 : mech::expert_params(shared, m);
        const u128 per_layer = add(mul(moe->top_k, mech::expert_params(*moe, m)), shared_params);
        w.expert_params_per_token = add(w.expert_params_per_token, mul(g.layers, per_layer));
    }
    w.flops_per_token = mul(6, w.expert_params_per_token);
    w.total = mul(w.flops_per_token, training_tokens);
    return w;
}

MoeTrainingWork moe_training(const MoeShapes& s, u128 training_tokens) {
    MoeTrainingWork w;
    w.moe_layers = s.layers;
    const u128 per_expert = mul(3, mul(s.hidden, s.expert_width));
    w.expert_params_per_token = mul(s.layers, mul(add(s.routed, s.shared), per_expert));
    w.flops_per_token = mul(6, w.expert_params_per_token);
    w.total = mul(w.flops_per_token, training_tokens);
    return w;
}

}  // namespace tally::ch03
