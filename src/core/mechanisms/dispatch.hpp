// Visits a layer group's attention and FFN variants with the mechanism
// modules' overloads.  The only place that lists every mechanism.
#pragma once

#include <variant>

#include "ffn.hpp"
#include "gated_deltanet.hpp"
#include "gqa.hpp"

namespace tally::mech {

// Calls f(mechanism) for the group's attention, then for its FFN.
template <typename F>
void for_each_mechanism(const LayerGroup& g, F&& f) {
    std::visit(f, g.attention);
    std::visit(f, g.ffn);
}

}  // namespace tally::mech
