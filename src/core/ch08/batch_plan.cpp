#include "core/ch08/batch_plan.hpp"

namespace tally::ch08 {

BatchPlan batch_plan(const BatchPlanInput& in) {
    BatchPlan p;
    p.rounds = ceil_div(in.outputs - 1, in.per_round);
    const Ratio round = in.round_ms + in.query_ms;
    p.decode_seconds = round * Ratio(p.rounds) / Ratio(1000);
    p.first_token_seconds = in.queue_seconds + in.prefill_seconds;
    p.total_seconds = p.first_token_seconds + p.decode_seconds;
    p.on_time = p.total_seconds <= in.deadline_seconds;
    if (p.on_time) {
        p.slack_seconds = in.deadline_seconds - p.total_seconds;
    } else {
        p.late_seconds = p.total_seconds - in.deadline_seconds;
    }
    p.qualified = p.on_time ? in.requests : 0;
    p.prefill_rate = Ratio(mul(in.requests, in.input)) / in.prefill_seconds;
    p.decode_rate = Ratio(in.requests) * Ratio(1000) / round;
    p.gpu_seconds_per_request = p.total_seconds / Ratio(in.requests);
    if (p.qualified != 0) {
        p.gpu_seconds_per_result = p.total_seconds / Ratio(p.qualified);
        if (in.power_w) p.joules_per_result = *p.gpu_seconds_per_result * *in.power_w;
    }
    return p;
}

Ratio interpolate(const Ratio& x, const Ratio& x0, const Ratio& t0, const Ratio& x1, const Ratio& t1) {
    const Ratio share = (x - x0) / (x1 - x0);
    return t0 <= t1 ? t0 + share * (t1 - t0) : t0 - share * (t0 - t1);
}

}  // namespace tally::ch08
