// Feed-forward branches: dense SwiGLU and mixtures of experts.
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const DenseFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const DenseFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const DenseFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&);

void add_tensors(const MoeFfn& f, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MoeFfn& f, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MoeFfn&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&);

// Parameters of one routed expert: 3·d·f.
u128 expert_params(const MoeFfn& f, const ModelSpec& m);

inline Ratio decode_growth(const DenseFfn&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }
inline Ratio decode_growth(const MoeFfn&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
