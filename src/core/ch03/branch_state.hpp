// State of branches that share a prefix (§3.2.4, Figure 3-13) and the
// expert-layer sums of DeepSeek V4.1 Flash's CED schedule (Figure 3-14).
// Branches reference one copy of the shared prefix H0 and each keeps its own
// tail h_i: c_KV·(H0 + Σh_i), against c_KV·Σ(H0 + h_i) if every branch held
// its own copy.  From an empty state with P prompt tokens, the full 40-layer
// path passes 40·P expert layers; CED runs the 20 encoder layers on every
// token and replays the last min(P, 128) through the 20 decoder layers.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct BranchState {
    Ratio shared_tokens;  // H0 + Σh_i
    Ratio shared_bytes;   // c_KV·(H0 + Σh_i)
    Ratio copied_tokens;  // Σ(H0 + h_i)
    Ratio copied_bytes;   // c_KV·Σ(H0 + h_i)
};
BranchState branch_state(const Ratio& bytes_per_token, u128 prefix, const std::vector<u128>& tails);

struct CedLayers {
    u128 full = 0;  // (encoder + decoder)·P
    u128 ced = 0;   // encoder·P + decoder·min(P, window)
    Ratio share;    // ced / full
};
CedLayers ced_expert_layers(u128 prompt, u128 encoder_layers, u128 decoder_layers, u128 window);

}  // namespace tally::ch03
