// Exercise 2-1: the longest dependency chain when every layer-position node
// takes one step and parallel units are plentiful.  An RNN node waits for
// the node before it in the same layer and the one below it, so its chain
// is the staircase L + T − 1; a causal Transformer node waits only for the
// layer below (all earlier positions at once), so its chain is L.
#pragma once

#include "exact.hpp"

namespace tally {

struct DependencyChains {
    u128 nodes = 0;        // L × T
    u128 rnn = 0;          // L + T − 1
    u128 transformer = 0;  // L
};

// layers ≥ 1 and tokens ≥ 1.
DependencyChains dependency_chains(u128 layers, u128 tokens);

}  // namespace tally
