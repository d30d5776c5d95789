#include "kimi.hpp"

namespace tally::mech {

void add_tensors(const MlaAttention&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const MlaAttention&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const MlaAttention&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MlaAttention&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const KdaAttention&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const KdaAttention&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const KdaAttention&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const KdaAttention&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const AttnResConnection&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const AttnResConnection&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const AttnResConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const AttnResConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
