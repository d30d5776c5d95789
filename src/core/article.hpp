// Small, exact computations behind the V4.1 KV-ratio article's widgets: KV
// footprint of a design at a context length and a concurrency, the replay
// window's position at one step of the animation, and the effort scale.
// They live in the core so that the article's page only draws what these
// functions return (the team's rule: every figure a reader sees is the core's).
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"

namespace tally {

// requests × (tokens × per_token + fixed_bytes): the KV a deployment holds.
// per_token may be fractional (3,514.25 B for V4-Flash); fixed_bytes is a
// per-request part that does not grow with tokens (V4.1's full local window).
struct Footprint {
    Ratio per_request;
    Ratio total;
};
Footprint kv_footprint(const Ratio& per_token, const Ratio& fixed_bytes, u128 tokens, u128 requests);

// One frame of the replay-window picture: `length` token slots, the newest at
// 1-based position `position`, a local window of `window` slots ending there.
// Long-range selections are marked every `stride` slots before the window —
// an illustration of "CSA2 may pick far tokens", not the model's real choice.
struct ReplayFrame {
    u128 window_first = 0;       // first slot of the window (1-based)
    u128 window_last = 0;        // = position
    u128 window_size = 0;        // slots actually in the window (< window while t < window)
    std::vector<u128> selected;  // long-range slots, 1-based, ascending
};
ReplayFrame replay_frame(u128 length, u128 position, u128 window, u128 stride);

// The reasoning-effort knob: a continuous integer scale 1 … 100. Bands are
// only names for thirds of the scale; the card publishes results at 100 only.
struct EffortPoint {
    std::string band;  // "low" (1–33), "mid" (34–66), "high" (67–100)
    u128 band_first = 0;
    u128 band_last = 0;
    bool published = false;  // the setting every published instruct score used
};
EffortPoint effort_point(u128 effort);
constexpr u128 kEffortMin = 1;
constexpr u128 kEffortMax = 100;

}  // namespace tally
