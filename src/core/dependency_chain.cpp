#include "dependency_chain.hpp"

namespace tally {

DependencyChains dependency_chains(u128 layers, u128 tokens) { return {mul(layers, tokens), layers + tokens - 1, layers}; }

}  // namespace tally
