// Matrix FLOPs of one forward call, as line items (Table 2-1's rows).
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"
#include "forward_stages.hpp"
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
    // The execution path ("" = the chapter's default for the model;
    // "reference" / "ced" for DeepSeek V4.1).
    std::string execution;
    // Positions whose global KV this call projects (u_l); 0 means `input`.
    // Differs only in a CED decoder, which runs the last prompt positions
    // but still projects global KV for all of them.
    u128 global_input = 0;
    // Optional multi-token-prediction blocks run after the main model (an
    // explicit term: the chapter's totals exclude them).
    u128 mtp_steps = 0;
    u128 rows() const { return mul(batch, input); }
    u128 global_positions() const { return global_input == 0 ? input : global_input; }
};

// Valid causal query–key pairs, without heads: B(PS + P(P+1)/2).
u128 causal_pairs(const CallShape& c);

struct ForwardResult {
    u128 rows = 0;
    u128 n_pair = 0;
    Items items;
    Ratio total;
    Ratio interaction;                 // attention (and index) work over attended positions (Table 2-E)
    std::vector<ForwardStage> stages;  // Table 2-D, for an encoder/decoder model (V4.1); else empty
};

ForwardResult forward(const ModelSpec& m, const CallShape& c);

// The call a group's layers actually run: a CED decoder (V4.1) runs only the
// last `ced_replay_window` prompt positions.
CallShape effective_call(const ModelSpec& m, const LayerGroup& g, const CallShape& c);

// The execution path a call takes on a model ("ced" is V4.1's default).
std::string execution_of(const ModelSpec& m, const CallShape& c);

// FLOPs of n decode steps of B requests at S = H, H+1, …, H+n−1.
Ratio decode_flops_sum(const ModelSpec& m, u128 batch, u128 H, u128 n, const std::string& execution = "");

}  // namespace tally
