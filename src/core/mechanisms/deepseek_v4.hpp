// DeepSeek V4-Flash mechanisms: window / CSA / HCA attention, mHC, head mixing, MTP.
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const V4Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const V4Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const V4Attention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const V4Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MhcConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MhcConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MhcHead& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MhcHead& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MhcHead& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MhcHead& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MtpBlock& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MtpBlock& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MtpBlock& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MtpBlock& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

}  // namespace tally::mech
