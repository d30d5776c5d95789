// What one micro-batch leaves saved for its backward on each pipeline stage
// (§10.3.2, Fig. 10-20, Table 10-f), under the book's "save_nonlinear" policy:
// every nonlinear step keeps exactly what its own backward formula reads, in
// FP32, and nothing else (GEMM inputs, gradients and allocator workspace are
// outside this ledger, as in the book's calculator).  Per decoder layer, with
// T tokens, hidden H, n_q query and n_kv key/value heads of width d, FFN F:
//   input and post-attention RMSNorm   z [T, H] and the inverse rms [T], twice
//   Q and K RMSNorm (per head)        z [T, n_q d] + [T, n_q], z [T, n_kv d] + [T, n_kv]
//   causal softmax probabilities       n_q · T(T+1)/2
//   SwiGLU                             the gate a, its sigmoid s and the up u: 3 [T, F]
// and once, on the last stage, the final RMSNorm (T·H + T) and the loss's
// softmax probabilities over the vocabulary (T·V).  Source: the object list of
// the book's calculator (calculations/results/training-nonmatrix-book, "声明保存
// 对象"), whose total for Qwen3-8B at T = 128 is 1,043,550,720 B.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

// A dense GQA model's shape; src/api/ops/ch10/dense_shape.hpp reads it from
// the catalog (content/models/).
struct DenseShape {
    u128 layers = 0;
    u128 hidden = 0;
    u128 query_heads = 0;
    u128 kv_heads = 0;
    u128 head_dim = 0;
    u128 ffn = 0;
    u128 vocab = 0;
};

struct SavedActivations {
    u128 per_layer_bytes = 0;           // one decoder layer, one micro-batch
    u128 final_bytes = 0;               // final norm and loss probabilities (last stage)
    std::vector<u128> layers;           // decoder layers per stage
    std::vector<u128> stage_bytes;      // saved bytes per micro-batch, per stage
    u128 activation_message_bytes = 0;  // a forward message: BF16 [T, H]
    u128 gradient_message_bytes = 0;    // a backward message: FP32 [T, H]
};

// Layers split as evenly as they go, the first L mod p stages one layer more
// (the book's 36 = 4 × 9, and 5/4-layer blocks when interleaved).
SavedActivations saved_activations(const DenseShape& shape, u128 tokens, u128 stages);

}  // namespace tally::ch10
