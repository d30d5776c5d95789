// Bytes of a LoRA adapter (§8.2.1): a rank-r update of a d_in × d_out
// matrix stores two factors, r·(d_in + d_out) values; an adapter on some of
// each layer's attention projections stores that for every targeted
// matrix of every layer.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch08 {

struct LoraMatrix {
    u128 inputs = 0;   // d_in
    u128 outputs = 0;  // d_out
};

struct LoraBytes {
    u128 values_per_layer = 0;
    u128 values = 0;  // every layer
    Ratio bytes;      // one adapter
    Ratio all_bytes;  // every adapter
};

LoraBytes lora_bytes(const std::vector<LoraMatrix>& per_layer, u128 layers, u128 rank, const Ratio& bytes_per_value,
                     u128 adapters);

}  // namespace tally::ch08
