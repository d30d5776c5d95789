// DeepSeek V4.1 Flash mechanisms: CSA2, Single-Pass mHC, Engram.
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const Csa2Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const Csa2Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const Csa2Attention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const SinglePassMhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const SinglePassMhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const SinglePassMhcConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const SinglePassMhcConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const EngramBranch& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const EngramBranch& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const EngramBranch& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const EngramBranch& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

}  // namespace tally::mech
