// Parameters by category and weight bytes by storage format.
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"
#include "spec.hpp"

namespace tally {

// Table 2-B's six disjoint categories.
enum class ParamCategory { EmbeddingHead, Attention, DenseSharedFfn, RoutedExperts, Engram, Other };

const char* category_key(ParamCategory c);  // "embedding_head", …
const ParamCategory kAllCategories[] = {ParamCategory::EmbeddingHead, ParamCategory::Attention, ParamCategory::DenseSharedFfn,
                                        ParamCategory::RoutedExperts, ParamCategory::Engram,    ParamCategory::Other};

// One stored tensor, repeated `count` times (once per layer of its group, or
// per expert).  Vectors (norm scales, biases, conv kernels) have in = 1.
struct WeightTensor {
    std::string id;
    std::string label;
    ParamCategory category;
    u64 in = 1;
    u64 out = 1;
    u64 count = 1;
    bool quantizable = false;      // a 2-D projection matrix
    bool embedding_table = false;  // rows are looked up, not multiplied
    u128 params() const { return mul(in, out, count); }
};

std::vector<WeightTensor> weight_tensors(const ModelSpec& m);

u128 total_params(const ModelSpec& m);

// Bytes of one tensor (all its copies) in a format; see Dtype.
Ratio tensor_bytes(const WeightTensor& t, const Dtype& d);

Ratio weight_bytes(const ModelSpec& m, const Dtype& d);

// Weight bytes one decode batch reads once: everything but the embedding
// table, whose rows are looked up per token (Example 2-2's R_W).
Ratio shared_weight_read_bytes(const ModelSpec& m, const Dtype& d);

// The first MoE layer group's FFN, or nullptr for a dense model.
const MoeFfn* first_moe(const ModelSpec& m);
u128 moe_layer_count(const ModelSpec& m);

// Routed-expert parameters one token selects across all MoE layers: Σ L·k·N_e.
u128 selected_expert_params(const ModelSpec& m);

// Nominal bytes per parameter of a format, scales included (for N_max).
Ratio bytes_per_param(const Dtype& d);

}  // namespace tally
