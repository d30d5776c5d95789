// KV admission with block allocation (§8.1.2, §8.3.1, Table 8.1.2-a,
// Exercises 8-1, 8-3, 8-6).  A request of L input tokens that returns G
// outputs writes KV for L + G − 1 positions (the last output is never fed
// back); the allocator hands out whole blocks of B positions, so it holds
//   A = B·⌈(L + G − 1)/B⌉ positions.
// With a shared prefix of P positions (whole blocks of it are shared, one
// copy for all requests) each request keeps A − B·⌊P/B⌋ private positions,
// and n requests hold
//   shared + n·private (+ any extra memory, a draft model's).
// Admission reserves each request's final size up front: the budget admits
//   ⌊(budget − shared − extra) / private⌋ requests.
// Sizing by the prefill alone admits ⌊budget / (L·k)⌋ and overruns once
// they have all generated.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch08 {

struct KvAdmissionInput {
    Ratio bytes_per_token;   // k in the format stored (144 KiB for Qwen3-8B in BF16)
    u128 input = 0;          // L
    u128 outputs = 0;        // G ≥ 1
    u128 block = 16;         // B
    u128 shared_prefix = 0;  // P ≤ L
    Ratio budget_bytes;
    Ratio extra_bytes;  // resident besides the KV (a draft model)
    u128 requests = 1;  // n, for the batch total
};

struct KvAdmission {
    u128 written_positions = 0;       // L + G − 1
    u128 allocated_positions = 0;     // A
    u128 shared_positions = 0;        // B·⌊P/B⌋
    u128 private_positions = 0;       // A − shared
    Ratio prefill_bytes;              // L·k: the input's KV right after prefill
    Ratio allocated_bytes;            // A·k: one request alone, complete
    Ratio shared_bytes;               // the shared prefix, once
    Ratio private_bytes;              // per request beside the shared prefix
    Ratio total_bytes;                // shared + n·private + extra
    Ratio independent_total_bytes;    // n·A·k: every request keeps its own prefix
    bool fits = false;                // total ≤ budget
    u128 max_requests = 0;            // admitted when reserving the final size
    u128 prefill_sized_requests = 0;  // ⌊budget / (L·k)⌋, every request independent
    Ratio prefill_sized_final_bytes;  // those requests once complete
};

KvAdmission kv_admission(const KvAdmissionInput& in);

}  // namespace tally::ch08
