#include "saved_activations.hpp"

namespace tally::ch10 {

namespace {
constexpr u128 kSavedFp32Bytes = 4, kMessageBf16Bytes = 2;
}

SavedActivations saved_activations(const DenseShape& sh, u128 tokens, u128 stages) {
    const u128 t = tokens;
    const u128 norm = mul(t, sh.hidden) + t;  // z and the inverse rms
    const u128 q_norm = mul(t, sh.query_heads, sh.head_dim) + mul(t, sh.query_heads);
    const u128 k_norm = mul(t, sh.kv_heads, sh.head_dim) + mul(t, sh.kv_heads);
    const u128 probabilities = mul(sh.query_heads, mul(t, t + 1) / 2);
    const u128 swiglu = mul(3, t, sh.ffn);
    SavedActivations s;
    s.per_layer_bytes = mul(kSavedFp32Bytes, 2 * norm + q_norm + k_norm + probabilities + swiglu);
    s.final_bytes = mul(kSavedFp32Bytes, norm + mul(t, sh.vocab));
    for (u128 st = 0; st < stages; ++st) {
        const u128 layers = sh.layers / stages + (st < sh.layers % stages ? 1 : 0);
        u128 bytes = mul(layers, s.per_layer_bytes);
        if (st + 1 == stages) bytes += s.final_bytes;
        s.layers.push_back(layers);
        s.stage_bytes.push_back(bytes);
    }
    s.activation_message_bytes = mul(kMessageBf16Bytes, t, sh.hidden);
    s.gradient_message_bytes = mul(kSavedFp32Bytes, t, sh.hidden);
    return s;
}

}  // namespace tally::ch10
