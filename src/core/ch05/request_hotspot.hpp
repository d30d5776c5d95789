// One operator's share of a whole request (§5.6.3, Table 5.6.3-a,
// Experiment 5-9): a model of L layers runs the operator once per layer per
// step; a request of P input and G output tokens is one prefill over P rows
// and G − 1 decode steps of one row.  Given the operator's measured time in
// each phase before and after a change, what the change saves per phase,
// in all, and as a share of a measured trace.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct HotspotTimes {
    Ratio prefill_old_ms, prefill_new_ms, decode_old_ms, decode_new_ms;
};

struct RequestHotspot {
    u128 decode_steps = 0;  // G − 1
    u128 calls = 0, prefill_calls = 0, decode_calls = 0;
    u128 prefill_rows = 0;  // L·P: rows counted once per layer
    Ratio old_ms, new_ms;   // the operator's whole time
    Ratio decode_speedup;
    Ratio decode_saved_ms;
    bool prefill_slower = false;
    Ratio prefill_change_ms;  // |new − old|
    Ratio saved_ms;           // old − new (or the loss, with `slower`)
    bool slower = false;
    Ratio saved_per_step_ms;  // decode saving per decode step
};

// layers, input_tokens ≥ 1; output_tokens ≥ 2; times > 0.
RequestHotspot request_hotspot(u128 layers, u128 input_tokens, u128 output_tokens, const HotspotTimes& t);

// Experiment 5-9's projection: the same request with G' output tokens, the
// prefill unchanged and each of the G' − 1 decode steps taking what a measured
// step took (the decode times scaled by (G' − 1) / (G − 1)).
struct HotspotProjection {
    u128 decode_steps = 0;  // G' − 1
    Ratio decode_saved_ms;  // |decode change| · (G' − 1) / (G − 1)
    Ratio saved_ms;         // the whole request's change
    bool slower = false;
};

// output_tokens, projected_output_tokens ≥ 2.
HotspotProjection project_hotspot(u128 output_tokens, u128 projected_output_tokens, const HotspotTimes& t);

}  // namespace tally::ch05
