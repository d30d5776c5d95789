// Speculative decoding (§8.5.2, §8.5.4, Exercise 8-7): a draft proposes m
// tokens, one verify round checks them, and the round keeps the accepted
// prefix plus one token of its own.  With a_i the chance that draft
// position i is accepted once every earlier one was,
//   E[N] = 1 + Σ_{j=1..m} Π_{i≤j} a_i            (outputs per round)
//   T    = round + per_draft·(positions charged) + query
//   t    = T / E[N]                               (time per output token)
// Positions are charged one by one, or in whole groups of g when the draft
// runs g positions at a time (T_m = 26.3 + 3.6·4⌈m/4⌉ in Exercise 8-7).
#pragma once

#include <optional>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch08 {

struct SpeculativeInput {
    std::vector<Ratio> acceptances;  // a_1 … a_m, each in [0, 1]; m = size
    Ratio round_ms;                  // one verify round
    Ratio per_draft_ms;              // added per charged draft position
    Ratio query_ms;                  // added once per round (a look-up, a draft forward)
    u128 group = 1;                  // positions are charged in whole groups of this size
};

struct Speculative {
    Ratio expected_outputs;      // E[N]
    Ratio round_ms;              // T
    Ratio ms_per_token;          // T / E[N]
    u128 charged_positions = 0;  // g·⌈m/g⌉
    // The query time at which the round stops beating plain decoding at
    // round_ms per token: round·E[N] − round − per_draft·charged.  Empty
    // when the draft positions alone already cost more than they return.
    std::optional<Ratio> break_even_query_ms;
};

Speculative speculative(const SpeculativeInput& in);

// Exercise 8-7's marginal rule: going from a shorter draft to a longer one
// adds ΔT ms and ΔE outputs per round; the longer draft is worth it when
// ΔT/ΔE is below the shorter one's ms per token.  Empty when ΔE is zero.
struct Marginal {
    Ratio added_ms;
    Ratio added_outputs;
    std::optional<Ratio> ms_per_added_token;
    bool worth_it = false;
};
Marginal marginal(const Speculative& shorter, const Speculative& longer);

}  // namespace tally::ch08
