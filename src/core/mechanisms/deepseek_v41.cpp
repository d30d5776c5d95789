#include "deepseek_v41.hpp"

namespace tally::mech {

void add_tensors(const Csa2Attention&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const Csa2Attention&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const Csa2Attention&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const Csa2Attention&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const SinglePassMhcConnection&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const SinglePassMhcConnection&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const SinglePassMhcConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const SinglePassMhcConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const EngramBranch&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_forward(const EngramBranch&, const ModelSpec&, const CallShape&, u64, Items&) {}
void add_state(const EngramBranch&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const EngramBranch&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
