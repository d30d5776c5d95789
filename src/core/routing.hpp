// Expert weights touched by a batch (section 2.4.2, Example 2-4).
//
// FLOPs follow the rows dispatched, Σ t_e = B·k_top; bytes read follow the
// distinct experts the batch touches, U.  Same FLOPs, up to E/k_top times
// different reads.
#pragma once

#include <vector>

#include "exact.hpp"

namespace tally {

enum class Dispatch { Uniform, Concentrated, RandomExpectation, Explicit };

struct RoutingInput {
    u128 batch = 1;  // tokens routed in this layer (m)
    u128 top_k = 1;
    u128 experts = 1;        // E
    u128 expert_params = 0;  // N_e = 3·d·f
    Ratio bytes_per_param = Ratio(2);
    Dispatch dispatch = Dispatch::Uniform;
    std::vector<u128> tokens_per_expert;  // t_e, for Dispatch::Explicit
};

struct RoutingResult {
    u128 assignments = 0;      // Σ t_e = B·k_top
    Ratio distinct_experts;    // U (an expectation may be fractional)
    bool approximate = false;  // U is an expectation rounded to 1e-30
    u128 max_tokens_per_expert = 0;
    u128 min_tokens_per_active_expert = 0;
    Ratio flops;       // 2·N_e·Σ t_e
    Ratio bytes_read;  // b_W·N_e·U
};

// Throws std::invalid_argument with a reader-facing reason when the explicit
// list does not add up to B·k_top or names more experts than exist.
RoutingResult route(const RoutingInput& in);

// The batch's expert reads over all `moe_layers` MoE layers (each routes the
// same way): bytes_read × layers.
Ratio all_layer_bytes(const RoutingResult& rr, u128 moe_layers);

// Bytes as reported: whole bytes (rounded down) when U is an expectation,
// exact otherwise.
Ratio reported_bytes(const RoutingResult& rr, const Ratio& bytes);

}  // namespace tally
