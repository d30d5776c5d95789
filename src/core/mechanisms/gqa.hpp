// Softmax attention with grouped KV heads (MHA, GQA, MQA).
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const GqaAttention& a, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const GqaAttention& a, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const GqaAttention& a, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);

// Query–key pairs the eager path computes before masking: B·P·(S+P).
u128 rectangle_pairs(const CallShape& c);

// Id of the sliding-window K/V state rows ("window" section).
constexpr const char* kWindowKvId = "kv_window";

// Per-position K/V bytes of a model's sliding-window layers, one entry per
// layer group: a request's reads and writes add min(t, window) positions of
// these on top of the per-token slope.
struct WindowedKv {
    u128 window = 0;
    Ratio bytes_per_position;  // all layers of the group
};
std::vector<WindowedKv> windowed_kv(const ModelSpec& m, const Dtype& d);

// Extra FLOPs of n decode steps at S = H, …, H+n−1 over n steps at S = H.
Ratio decode_growth(const GqaAttention& a, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

}  // namespace tally::mech
