// A batch of n requests that arrive together, prefill together and then
// decode in rounds (§8.6.3, Table 8.6.3-b, Figure 8-35, Exercise 8-9):
//   rounds = ⌈(G − 1) / t⌉        t outputs per request per round (speculation: t > 1)
//   total  = queue + prefill + rounds · (round + query)
// The batch meets the deadline or not as a whole; each qualified result
// then holds the card total / n seconds (t_GPU = L/r_P + (G−1)/r_D for
// t = 1), and at most that times the card's power limit in energy.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch08 {

struct BatchPlanInput {
    u128 requests = 1;    // n
    u128 input = 0;       // L, new input positions per request
    u128 outputs = 1;     // G
    u128 per_round = 1;   // t
    Ratio queue_seconds;  // waiting before the prefill starts
    Ratio prefill_seconds;
    Ratio round_ms;
    Ratio query_ms;
    Ratio deadline_seconds;
    std::optional<Ratio> power_w;
};

struct BatchPlan {
    u128 rounds = 0;
    Ratio decode_seconds;
    Ratio first_token_seconds;  // queue + prefill
    Ratio total_seconds;
    bool on_time = false;
    std::optional<Ratio> slack_seconds;  // deadline − total, when on time
    std::optional<Ratio> late_seconds;   // total − deadline, when late
    u128 qualified = 0;
    Ratio prefill_rate;  // r_P: new input positions per second
    Ratio decode_rate;   // r_D: decode calls per second (every request of a round)
    Ratio gpu_seconds_per_request;
    std::optional<Ratio> gpu_seconds_per_result;  // empty when nothing qualifies
    std::optional<Ratio> joules_per_result;
};

BatchPlan batch_plan(const BatchPlanInput& in);

// Decode round time by linear interpolation in bytes read between two
// measured rounds (x0, t0) and (x1, t1), x0 < x ≤ x1 or x0 ≤ x < x1.
Ratio interpolate(const Ratio& x, const Ratio& x0, const Ratio& t0, const Ratio& x1, const Ratio& t1);

}  // namespace tally::ch08
