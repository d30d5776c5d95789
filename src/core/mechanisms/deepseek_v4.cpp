#include "deepseek_v4.hpp"

namespace tally::mech {

void add_tensors(const V4Attention&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const V4Attention&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const V4Attention&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const V4Attention&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const MhcConnection&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const MhcConnection&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const MhcConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MhcConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const MhcHead&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const MhcHead&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const MhcHead&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MhcHead&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const MtpBlock&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const MtpBlock&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const MtpBlock&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MtpBlock&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
