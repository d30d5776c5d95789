// Context state a request holds at length N, by kind, and what one decode
// step reads of it.
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"
#include "items.hpp"
#include "ratio_column.hpp"
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
    Ratio per_token;           // bytes one more stored position adds (the slope)
};

// State of one request holding `tokens` positions.
StateResult state(const ModelSpec& m, u128 tokens, const StateOptions& options);

// The same state at many lengths (Figures 2-18/2-19).  Every state row is
// per_count × count(N) × layers, and which rows exist does not depend on N,
// so the rows of one evaluation are re-evaluated at each length: exact at
// every length (block boundaries included), without rebuilding any row.
struct StateCurve {
    std::vector<std::string> kinds;    // item sections, sorted
    RatioColumn total;                 // per length
    RatioColumn decode_read_bytes;     // per length, as StateResult
    std::vector<RatioColumn> by_kind;  // [kind][length]
};
StateCurve state_curve(const ModelSpec& m, const std::vector<u128>& lengths, const StateOptions& options);

}  // namespace tally
