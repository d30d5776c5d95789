#include "core/ch08/lora_bytes.hpp"

namespace tally::ch08 {

LoraBytes lora_bytes(const std::vector<LoraMatrix>& per_layer, u128 layers, u128 rank, const Ratio& bytes_per_value,
                     u128 adapters) {
    LoraBytes l;
    for (const LoraMatrix& m : per_layer) l.values_per_layer = add(l.values_per_layer, mul(rank, add(m.inputs, m.outputs)));
    l.values = mul(l.values_per_layer, layers);
    l.bytes = bytes_per_value * Ratio(l.values);
    l.all_bytes = l.bytes * Ratio(adapters);
    return l;
}

}  // namespace tally::ch08
