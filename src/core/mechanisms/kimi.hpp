// Kimi K3 and DeepSeek-V3 mechanisms: MLA (compact / expanded), KDA, AttnRes.
#pragma once

#include "common.hpp"

namespace tally::mech {

void add_tensors(const MlaAttention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MlaAttention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MlaAttention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MlaAttention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const KdaAttention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const KdaAttention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const KdaAttention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const KdaAttention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const AttnResConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const AttnResConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const AttnResConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const AttnResConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

}  // namespace tally::mech
