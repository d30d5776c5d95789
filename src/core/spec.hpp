// Model, hardware and storage-format specifications as plain data.
//
// The core never reads files: the API layer parses content/*.json into these
// structs (reporting the JSON path of a bad field) and hands them in.
// A model is a list of layer groups; a hybrid model is several groups.
// Groups are counts of identical layers, not an order: no number in the
// chapter depends on where a layer sits.
#pragma once

#include <optional>
#include <stdexcept>
#include <utility>
#include <string>
#include <variant>
#include <vector>

#include "exact.hpp"
#include "mechanisms/family_specs.hpp"

namespace tally {

// Raised when an op needs a part of a model the sources do not give.
struct NotGiven : std::runtime_error {
    explicit NotGiven(const std::string& what) : std::runtime_error(what) {}
};

// Softmax attention with n_Q query heads sharing n_KV key/value heads.
// MHA is n_KV = n_Q, MQA is n_KV = 1, GQA anything in between.
struct GqaAttention {
    u64 q_heads = 0;
    u64 kv_heads = 0;
    u64 head_dim = 0;      // explicit: never assumed to be hidden / q_heads
    bool qk_norm = false;  // per-head RMSNorm vectors on Q and K (Qwen3)
    bool qkv_bias = false;
    bool o_bias = false;              // a bias on the output projection (Llama's attention_bias)
    bool output_gate = false;         // Q projection also emits a sigmoid gate (Qwen3.6)
    bool eager_rectangle = false;     // counted on the eager path: masked slots too
    bool scores_per_kv_head = false;  // QKᵀ/AV counted per KV head: only the 2-4(c) mistake value
    // Sliding window: each query sees at most `window` positions, itself
    // included, and the cache keeps only the last `window` (Mistral, Gemma 2's
    // local layers).  0 = full causal attention.
    u64 window = 0;
};

// Gated DeltaNet linear attention (Qwen3.5/3.6): a fixed FP32 state of
// v_heads × key_dim × value_dim per layer, a short depthwise convolution over
// the Q/K/V channels, chunked for prefill and recurrent for decode.
struct GatedDeltaNet {
    u64 qk_heads = 0;
    u64 v_heads = 0;
    u64 key_dim = 0;
    u64 value_dim = 0;
    u64 conv_kernel = 4;
    u64 chunk = 64;
    u64 qkv_width() const { return 2 * qk_heads * key_dim + v_heads * value_dim; }
};

using Attention = std::variant<GqaAttention, GatedDeltaNet, MlaAttention, KdaAttention, V4Attention, Csa2Attention>;

// SwiGLU feed-forward: gate and up (d -> f), down (f -> d).
struct DenseFfn {
    u64 intermediate = 0;
};

// Mixture of experts: a router scores `experts` SwiGLU experts and each token
// runs `top_k` of them, plus an optional shared expert every token runs.
struct MoeFfn {
    u64 experts = 0;
    u64 top_k = 0;
    u64 expert_intermediate = 0;
    u64 shared_intermediate = 0;  // 0 = no shared expert
    bool shared_gate = false;     // a d × 1 sigmoid gate on the shared expert
    u64 latent = 0;               // experts run in a narrower latent space (Kimi K3); 0 = hidden
    bool hash_routing = false;    // experts chosen by token id (DeepSeek V4's first layers)
    bool router_bias = false;     // a per-expert score bias vector
    bool latent_norm = false;     // an RMSNorm vector on the expert latent (Kimi K3)
};

using Ffn = std::variant<DenseFfn, MoeFfn>;

// How a layer's sublayers connect: a plain residual, or the multi-stream
// connections of DeepSeek V4 (mHC), V4.1 (Single-Pass mHC) and Kimi K3 (AttnRes).
struct PlainResidual {};
using Connection = std::variant<PlainResidual, MhcConnection, SinglePassMhcConnection, AttnResConnection>;

struct LayerGroup {
    std::string name;
    u64 layers = 0;
    std::string role;  // "", or "encoder" / "decoder" for DeepSeek V4.1's CED
    Attention attention;
    Ffn ffn;
    Connection connection;
    EngramBranch engram;  // enabled only on V4.1's Engram layers
    // Where the chapter names the layers' positions (0-based; V4.1's cache
    // owners 2, 8, 14, 20): figure labels only, never used in a count.
    std::vector<u64> layer_ids;
    // Gemma 2's sandwich norms: RMSNorm vectors after the attention and the
    // FFN as well as before them (four d-wide vectors per layer, not two).
    bool post_norms = false;
};

// Parts that run once per call outside the layer groups (multi-stream head
// mixing, MTP blocks, …).
using ModelPart = std::variant<MhcHead, MtpBlock>;

struct ModelSpec {
    std::string id;
    std::string name;
    std::string source;
    u64 hidden = 0;
    u64 vocab = 0;
    bool tie_embeddings = false;
    u64 released_context = 0;   // positions the release supports; 0 = unknown
    u64 ced_replay_window = 0;  // CED: decoder runs only the last W prompt positions; 0 = no CED
    std::vector<LayerGroup> groups;
    std::vector<ModelPart> parts;
    // Non-empty when the chapter gives only part of the model (Qwen3.5: its
    // full-attention KV and fixed state): ops that need the rest refuse.
    std::string partial;
    // Vector parameters the released checkpoint holds beyond those the
    // mechanisms derive from the shapes (V4.1: 109,680 of its 524,400): a
    // count from a tensor inventory, not a shape, so it is data, never code.
    u64 checkpoint_vectors = 0;
    std::string checkpoint_vectors_label;

    u64 total_layers() const {
        u64 n = 0;
        for (const auto& g : groups) n += g.layers;
        return n;
    }
};

// How weights or cache entries are stored.  Grouped formats keep one scale of
// `scale_bytes` per `group_size` values along a matrix's input dimension and
// pad the tail group; `linear_only` leaves embedding, head and norms in BF16.
struct Dtype {
    std::string id;
    std::string name;
    u64 bits = 16;
    u64 group_size = 0;  // 0 = no per-group scale
    u64 scale_bytes = 0;
    bool linear_only = false;
};

// One accelerator as content/hardware/*.json states it.  Only its memory is
// required: every other fact is there where the device's sources give it
// (a zero count or an absent rate means "not stated", never "none").
struct Gpu {
    std::string id;
    std::string name;
    std::vector<std::string> aliases;       // other ids a request may use
    u128 memory_bytes = 0;                  // as the vendor states it (decimal GB)
    std::optional<Ratio> memory_bandwidth;  // bytes per second
    // Dense matrix peak by input format ("bf16": BF16 in, FP32 accumulate;
    // "fp16", "fp16_fp16_accumulate", "fp8", "fp4"; "fp32": the ordinary,
    // non-matrix path), FLOP/s.
    std::vector<std::pair<std::string, Ratio>> dense_peaks;
    std::optional<Ratio> tdp_watts;
    // Links in bytes per second, one direction.
    std::optional<Ratio> nvlink, pcie, die_link;
    u128 sm_count = 0;
    u128 shared_memory_per_sm = 0;  // bytes
    u128 dies = 0, hbm_stacks = 0, stack_bytes = 0;

    // The dense peak for `format`, or null when the sources give none.
    const Ratio* dense_peak(const std::string& format) const {
        for (const auto& p : dense_peaks) {
            if (p.first == format) return &p.second;
        }
        return nullptr;
    }
};

}  // namespace tally
