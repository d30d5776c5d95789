// Building blocks shared by the mechanism modules: tensors, projection rows
// and the per-mechanism function set every module implements.
//
// A mechanism module (gqa, gated_deltanet, ffn, …) provides overloads of
//   add_tensors(mech, model, layers, tensors)      parameters by category
//   add_forward(mech, model, call, layers, items)  matrix FLOPs of one call
//   add_state(mech, model, layers, tokens, options, result)  bytes and reads
// and the generic code visits a layer group's variants with them.
#pragma once

#include <string>
#include <vector>

#include "../exact.hpp"
#include "../forward.hpp"
#include "../items.hpp"
#include "../messages.hpp"
#include "../params.hpp"
#include "../spec.hpp"
#include "../state.hpp"

namespace tally::mech {

inline std::string num(u128 v) { return to_decimal(v); }

inline WeightTensor matrix(std::string id, std::string label, ParamCategory c, u64 in, u64 out, u64 count) {
    return WeightTensor{std::move(id), std::move(label), c, in, out, count, true, false};
}

inline WeightTensor vec(std::string id, std::string label, u64 width, u64 count, ParamCategory c = ParamCategory::Other) {
    return WeightTensor{std::move(id), std::move(label), c, 1, width, count, false, false};
}

// `copies` matrices of in × out applied to `rows` rows: copies·2·rows·in·out.
LineItem projection(std::string id, std::string label, std::string section, u128 rows, u64 in, u64 out, u64 copies, u64 layers);

// A row whose FLOPs the caller computed (attention cores, recurrences, …).
LineItem computed(std::string id, std::string label, std::string section, std::string formula, std::string substituted,
                  const Ratio& per_call, u64 layers);

// FLOPs n decode steps lose against n copies of the first step.  Almost every
// mechanism only grows with the context; one that can also shrink (V4.1's
// every-other-step index keys) overloads this.
template <typename Mechanism>
Ratio decode_shrink(const Mechanism&, const ModelSpec&, u128, u128, u128, u64) {
    return Ratio(0);
}

// A state row of a request holding `tokens` positions: `per_count` bytes for
// each of count(tokens) positions or entries, in each of `layers` layers.
LineItem bytes_item(std::string id, std::string label, std::string section, std::string formula, std::string substituted,
                    const Ratio& per_count, const Count& count, u128 tokens, u64 layers);

}  // namespace tally::mech
