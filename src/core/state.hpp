// Context state a request holds at length N, by kind, and what one decode
// step reads of it.
#pragma once

#include <string>

#include "exact.hpp"
#include "items.hpp"
#include "spec.hpp"

namespace tally {

// Storage of per-token history (K/V, latents).  Recurrent matrices are FP32
// and convolution slots BF16 in the chapter's reference layout.
struct StateOptions {
    Dtype history;  // e.g. BF16
    // "reference": the chapter's BF16 per-token layout; "production": the
    // model's released mixed formats where the spec gives them.
    std::string layout = "reference";
};

struct StateResult {
    Items items;  // section: "history", "recurrent", "conv", …; value in bytes
    Items reads;  // one decode step at this length: bytes read (and written);
                  // section "write" marks pure writes (new entries, window slots)
    Ratio total;
    Ratio decode_read_bytes;   // reads, including read-modify-write of recurrent state
    Ratio decode_write_bytes;  // the "write" rows alone
    Ratio per_token;  // bytes one more stored position adds (the slope)
};

// State of one request holding `tokens` positions.
StateResult state(const ModelSpec& m, u128 tokens, const StateOptions& options);

}  // namespace tally
