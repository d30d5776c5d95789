// Matrix FLOPs of one forward call (Table 2-1's rows).
#pragma once

#include <vector>

#include "exact.hpp"
#include "items.hpp"
#include "spec.hpp"

namespace tally {

// One call: B requests, each with S cached positions, P new positions; the
// vocabulary head runs on m_out rows (B when only the last token is scored).
struct CallShape {
    u128 batch = 1;
    u128 context = 0;
    u128 input = 1;
    u128 head_tokens = 1;
    u128 rows() const { return mul(batch, input); }
};

// Valid causal query–key pairs, without heads: B(PS + P(P+1)/2).
u128 causal_pairs(const CallShape& c);

struct ForwardResult {
    u128 rows = 0;
    u128 n_pair = 0;
    std::vector<LineItem> items;
    Ratio total;
    Ratio interaction;  // QKᵀ + AV over attended positions (Table 2-E)
};

ForwardResult forward(const ModelSpec& m, const CallShape& c);

// FLOPs that one extra cached position adds to one query's attention
// (summed over layers): the `a` of the decode-total formula.
u128 attention_flops_per_pair(const ModelSpec& m);

}  // namespace tally
