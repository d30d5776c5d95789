// A plain residual connection: an elementwise add, no matrix work or state.
#pragma once

#include "common.hpp"

namespace tally::mech {

inline void add_tensors(const PlainResidual&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
inline void add_forward(const PlainResidual&, const ModelSpec&, const CallShape&, u64, Items&) {}
inline void add_state(const PlainResidual&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
inline Ratio decode_growth(const PlainResidual&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
