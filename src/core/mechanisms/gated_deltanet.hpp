// Gated DeltaNet linear attention: fixed recurrent state, short convolution,
// chunked prefill and recurrent decode (COUNTING.md, Qwen3.6).
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const GatedDeltaNet& g, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const GatedDeltaNet& g, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const GatedDeltaNet& g, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);

// Σ_{i=0}^{P−1} min(S + i + 1, K): convolution taps that see a real input.
u128 valid_conv_taps(u128 context, u128 input, u64 kernel);

Ratio decode_growth(const GatedDeltaNet& g, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);
// Decode steps from an empty state: only the first (S = 0) runs the chunked path.
Ratio decode_shrink(const GatedDeltaNet& g, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

}  // namespace tally::mech
