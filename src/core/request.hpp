// A whole request: one prefill, then G − 1 decodes.
#pragma once

#include <string>

#include "exact.hpp"
#include "spec.hpp"
#include "state.hpp"

namespace tally {

// B identical requests: S restored prefix, P new input, G returned tokens.
// One prefill on P positions, then n_d = G − 1 decodes; the last returned
// token is never fed back, so its KV is not stored.
struct RequestShape {
    u128 batch = 1;
    u128 context = 0;
    u128 input = 1;
    u128 generated = 1;
    std::string execution;  // see CallShape::execution
};

struct RequestResult {
    u128 decode_steps = 0;    // n_d
    u128 kv_read_tokens = 0;  // per request: n_d·H + n_d(n_d−1)/2
    Ratio kv_read_bytes;      // all requests: per-token history read by the decodes
    Ratio prefill_kv_bytes;   // written by prefill: c·P per request
    Ratio new_kv_bytes;       // written by the decodes: c·n_d per request
    Ratio final_kv_bytes;     // c·(H + n_d) per request, all requests
    Ratio prefill_flops;
    Ratio decode_flops;
    Ratio total;
};

RequestResult request(const ModelSpec& m, const StateOptions& options, const RequestShape& r);

}  // namespace tally
