// Training state per card under data parallelism and ZeRO/FSDP sharding
// (§10.1.2, §10.2.1).  Mixed-precision Adam keeps, per parameter, BF16
// weights (2 B), gradients (2 B in BF16 as this chapter counts them, 4 B in
// FP32 as chapter 3's `training` does), an FP32 master copy (4 B) and Adam's
// two FP32 moments (4 B each).  Stage k shards the first k of {optimizer,
// gradients, weights} over d cards:
//   stage 0  (2 + g + 12)·N             stage 2  2N + (g + 12)·N/d
//   stage 1  (2 + g)·N + 12N/d          stage 3  (2 + g + 12)·N/d
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct ZeroShape {
    u128 params = 0;          // N
    u128 shards = 1;          // d, the cards the state is sharded over
    unsigned stage = 0;       // 0..3
    u128 gradient_bytes = 2;  // 2 (BF16) or 4 (FP32)
};

struct ZeroState {
    Ratio weights;    // per card
    Ratio gradients;  // per card
    Ratio master;     // FP32 master weights, per card
    Ratio moment_m;   // Adam m, per card
    Ratio moment_v;   // Adam v, per card
    Ratio optimizer;  // master + m + v
    Ratio per_card;   // weights + gradients + optimizer
    Ratio unsharded;  // the whole state on one card (stage 0)
    u128 bytes_per_param = 0;
};

// The caller checks stage ≤ 3 and shards ≥ 1.
ZeroState zero_state(const ZeroShape& s);

}  // namespace tally::ch10
