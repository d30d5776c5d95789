// Visits a model's mechanisms with the modules' overloads.  The only place
// that lists every module.
#pragma once

#include <variant>

#include "deepseek_v4.hpp"
#include "deepseek_v41.hpp"
#include "ffn.hpp"
#include "gated_deltanet.hpp"
#include "gqa.hpp"
#include "kimi.hpp"
#include "residual.hpp"

namespace tally::mech {

// Calls f(mechanism) for a group's attention, FFN, connection and Engram branch.
template <typename F>
void for_each_mechanism(const LayerGroup& g, F&& f) {
    std::visit(f, g.attention);
    std::visit(f, g.ffn);
    std::visit(f, g.connection);
    f(g.engram);
}

// Here, after every module's overloads are declared.  Growth and shrink of n decode steps after a first step `first` (batch B,
// context H, execution path).  Most mechanisms depend only on B, H and n;
// one whose work depends on the execution path (V4.1's CSA2 on the
// reference path) overloads these.
template <typename Mechanism>
Ratio decode_growth_on(const Mechanism& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers) {
    return decode_growth(x, m, first.batch, first.context, n, layers);
}
template <typename Mechanism>
Ratio decode_shrink_on(const Mechanism& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers) {
    return decode_shrink(x, m, first.batch, first.context, n, layers);
}

// Calls f(part) for each part that runs once per call outside the groups.
template <typename F>
void for_each_part(const ModelSpec& m, F&& f) {
    for (const auto& part : m.parts) std::visit(f, part);
}

}  // namespace tally::mech
