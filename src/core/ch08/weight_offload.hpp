// Weight offload with prefetch buffers (§8.4.3, Exercise 8-5): n layers'
// weights of w bytes live in host memory; b buffers on the device hold the
// layers being fetched.  Every decode step reads every layer, so each step
// copies all n layers again:
//   freed  = (n − b)·w            device memory given back
//   copy   = n·w / link           per step, a lower bound (the link busy all the time)
//   total  = steps · copy
//   link needed to copy every step's layers within T: steps·n·w / T.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch08 {

struct OffloadInput {
    u128 layers = 0;    // n
    Ratio layer_bytes;  // w
    u128 buffers = 1;   // b ≤ n
    Ratio link_bytes_per_second;
    u128 steps = 1;
    std::optional<Ratio> copy_budget_seconds;  // T
    Ratio input_state_bytes;                   // one request's input KV
    Ratio complete_state_bytes;                // one request's allocation once complete
};

struct Offload {
    Ratio buffer_bytes;       // b·w: the prefetch buffers that stay on the card
    Ratio freed_bytes;        // (n − b)·w
    u128 extra_inputs = 0;    // ⌊freed / input state⌋
    u128 extra_requests = 0;  // ⌊freed / complete state⌋
    Ratio copy_bytes_per_step;
    Ratio copy_ms_per_step;
    Ratio copy_seconds_total;
    std::optional<Ratio> needed_bytes_per_second;
};

Offload weight_offload(const OffloadInput& in);

}  // namespace tally::ch08
