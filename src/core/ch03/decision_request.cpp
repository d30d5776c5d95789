#include "decision_request.hpp"

#include <algorithm>

#include "core/forward.hpp"
#include "decode_rate.hpp"

namespace tally::ch03 {

namespace {

Ratio larger(const Ratio& a, const Ratio& b) { return a < b ? b : a; }

// Seconds of one call: compute bound, bandwidth bound.
struct Bounds {
    Ratio compute;
    Ratio memory;
};

// A prefill of P positions reads the shared weights once and one embedding
// row per position, and writes each position's KV: the same terms as one
// decode step of P sequences with no old positions.
Bounds prefill_bounds(const ModelSpec& m, const Dtype& weights, const StateOptions& o, const CallShape& c, const Throughput& hw) {
    const Ratio flops = forward(m, c).total;
    const Ratio bytes = decode_step_bytes(m, weights, o, c.input, 0).total;
    return {flops / hw.flops_per_second, bytes / hw.bytes_per_second};
}

Ratio step_seconds(const ModelSpec& m, const Dtype& weights, const StateOptions& o, u128 batch, u128 context,
                   const std::string& execution, const Throughput& hw) {
    CallShape step{batch, context, 1, batch};
    step.execution = execution;
    const Ratio compute = forward(m, step).total / hw.flops_per_second;
    const Ratio memory = decode_step_bytes(m, weights, o, batch, context).total / hw.bytes_per_second;
    return larger(compute, memory);
}

LlmPath llm_path(const ModelSpec& m, const Dtype& weights, const StateOptions& o, const DecisionInput& in) {
    LlmPath p;
    p.decode_steps = in.generated - 1;
    // Step j (from 0) holds tokens + j old positions; the middle one stands
    // for all (bytes grow linearly with the positions).
    p.mean_context = add(in.tokens, p.decode_steps == 0 ? 0 : (p.decode_steps - 1) / 2);
    // Only the last position's distribution starts the answer.
    CallShape prefill{1, 0, in.tokens, 1};
    prefill.execution = in.execution;
    const Bounds b = prefill_bounds(m, weights, o, prefill, in.hw);
    p.prefill_seconds = larger(b.compute, b.memory);
    p.step_seconds = step_seconds(m, weights, o, 1, p.mean_context, in.execution, in.hw);
    p.step_seconds_batch = step_seconds(m, weights, o, in.decode_batch, p.mean_context, in.execution, in.hw);
    const Ratio steps(p.decode_steps);
    p.latency_seconds = p.prefill_seconds + steps * p.step_seconds;
    p.gpu_seconds = b.compute + steps * p.step_seconds_batch / Ratio(in.decode_batch);
    return p;
}

}  // namespace

DecisionResult decision_request(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecisionInput& in) {
    DecisionResult r;
    // Every question's answer is the distribution at its own last position.
    CallShape call{1, 0, in.tokens, in.questions};
    call.execution = in.execution;
    r.flops = forward(m, call).total;
    const Bounds b = prefill_bounds(m, weights, state_options, call, in.hw);
    r.compute_seconds = b.compute;
    r.memory_seconds = b.memory;
    r.latency_seconds = larger(b.compute, b.memory);
    r.gpu_seconds = b.compute;
    r.usd_per_request = r.gpu_seconds * in.usd_per_gpu_hour / Ratio(3600);
    r.usd_per_million_input = r.usd_per_request * Ratio(1000000) / Ratio(in.tokens);
    if (in.generated > 0) r.llm = llm_path(m, weights, state_options, in);
    return r;
}

}  // namespace tally::ch03
