// Kimi K3 and DeepSeek-V3 data: multi-head latent attention (compact and
// expanded paths), Kimi Delta Attention, and Attention Residuals.
#pragma once

#include "../exact.hpp"

namespace tally {

// Where MLA's up-projections run (§2.3.2, Figure 2-11).
//   compact:  the cache holds the latent (+ the extra key branch); the key
//             up-projection is absorbed into each head's query and the value
//             up-projection runs after aggregation (Table 2-5, Kimi K3).
//   expanded: the latent is up-projected to every head's K and V, which are
//             cached (Table 2-3, DeepSeek-V3; the Hugging Face reference cache).
enum class MlaPath { Compact, Expanded };

// Multi-head latent attention.  Per head, Q and K are qk_nope_dim wide through
// the latent plus rope_dim of a decoupled branch that is shared by all heads'
// keys; V is v_head_dim wide.
struct MlaAttention {
    u64 heads = 0;
    u64 q_lora_rank = 0;        // query latent width; 0 = queries projected straight from d
    u64 kv_lora_rank = 0;       // context latent width c (512)
    u64 rope_dim = 0;           // the extra key branch (64): RoPE in V3, NoPE in Kimi K3
    bool rope = true;           // false: the branch is projected and cached but not rotated
    u64 qk_nope_dim = 0;        // per-head Q/K width that goes through the latent (128)
    u64 v_head_dim = 0;         // per-head V width (128)
    bool output_gate = false;   // Gated MLA: a d × heads·v sigmoid gate (Kimi K3)
    bool latent_norms = false;  // RMSNorm vectors on the query and context latents
    MlaPath path = MlaPath::Compact;

    u64 qk_head_dim() const { return qk_nope_dim + rope_dim; }
    u64 q_width() const { return heads * qk_head_dim(); }
    u64 v_width() const { return heads * v_head_dim; }
    u64 latent_width() const { return kv_lora_rank + rope_dim; }  // what the compact path caches
};

// Kimi Delta Attention: `heads` FP32 state matrices of key_dim × value_dim per
// layer, a per-channel decay from a low-rank projection (d → decay_rank →
// heads·key_dim), a per-head update gate β, a short depthwise convolution on
// the Q, K and V channels, chunked for prefill and recurrent for decode.
struct KdaAttention {
    u64 heads = 0;
    u64 key_dim = 0;
    u64 value_dim = 0;
    u64 decay_rank = 0;
    u64 conv_kernel = 4;
    u64 chunk = 64;
    bool output_gate = true;     // a d × heads·value_dim output gate
    bool output_norm = false;    // a value_dim-wide RMSNorm on each head's output, shared by the heads
    bool decay_vectors = false;  // A_log (one per head) and dt_bias (one per key channel)

    u64 key_width() const { return heads * key_dim; }
    u64 value_width() const { return heads * value_dim; }
    u64 conv_channels() const { return 2 * key_width() + value_width(); }
};

// Attention Residuals, block form, mixed per sublayer: before each layer's
// attention and before its FFN, and once more before the output, the input
// is a softmax-weighted sum of the candidates kept along depth (the
// embedding, each completed block of `block_layers` layers, and the current
// partial block), scored against a learned d-wide query.  A block is saved
// as a layer starts that begins a new block.  Matrix work per row: the
// weighted sum, 2·d per candidate (the scoring is scalar work).  Kimi K3's
// layout is the book's calculator's (BOOK-FACTS.md: 186 mixings over 1,002
// candidates); a spec can still mark a layout it assumes.
struct AttnResConnection {
    u64 block_layers = 0;
    bool embedding_source = true;  // the token embedding is a candidate
    bool key_norm = false;         // an RMSNorm vector on the candidates of each mixing
    bool layout_assumed = false;   // the block layout is not given by the sources
};

}  // namespace tally
