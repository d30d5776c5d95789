// Model, hardware and storage-format specifications as plain data.
//
// The core never reads files: the API layer parses content/*.json into these
// structs (reporting the JSON path of a bad field) and hands them in.
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"

namespace tally {

// Attention with n_Q query heads sharing n_KV key/value heads.
// MHA is n_KV = n_Q, MQA is n_KV = 1, GQA anything in between.
struct GqaAttention {
    u64 q_heads = 0;
    u64 kv_heads = 0;
    u64 head_dim = 0;   // explicit: never assumed to be hidden / q_heads
    bool qk_norm = false;  // per-head RMSNorm vectors on Q and K (Qwen3)
    bool qkv_bias = false;
};

// SwiGLU feed-forward: gate and up (d -> f), down (f -> d).
struct DenseFfn {
    u64 intermediate = 0;
};

// A run of identical layers.  A hybrid model is several groups.
struct LayerGroup {
    std::string name;
    u64 layers = 0;
    GqaAttention attention;
    DenseFfn ffn;
};

struct ModelSpec {
    std::string id;
    std::string name;
    u64 hidden = 0;
    u64 vocab = 0;
    bool tie_embeddings = false;
    u64 released_context = 0;  // positions the release supports; 0 = unknown
    std::vector<LayerGroup> groups;

    u64 total_layers() const {
        u64 n = 0;
        for (const auto& g : groups) n += g.layers;
        return n;
    }
};

// How weights or cache entries are stored.  Grouped formats keep one scale of
// `scale_bytes` per `group_size` values along a matrix's input dimension and
// pad the tail group; `keeps_bf16` lists weight categories left in BF16.
struct Dtype {
    std::string id;
    std::string name;
    u64 bits = 16;
    u64 group_size = 0;  // 0 = no per-group scale
    u64 scale_bytes = 0;
    bool linear_only = false;  // embedding, head and norms stay BF16
};

struct Gpu {
    std::string id;
    std::string name;
    u128 memory_bytes = 0;  // as the vendor states it (decimal GB)
};

}  // namespace tally
