// The decision-request case of section 3.2.4 (Jev, Figure 3-15): a state and
// its questions in one forward, every question read off its own last
// position, against an ordinary LLM that prefills the same input and then
// decodes G tokens.  Times come from a compute bound (peak × efficiency) and
// a bandwidth bound (bandwidth × efficiency); GPU-seconds charge a prefill
// its compute share and a batched decode step 1/B of the step.  Chapter 2's
// forward(), decode sums and bytes give every count.
#pragma once

#include <optional>

#include "core/exact.hpp"
#include "core/spec.hpp"
#include "core/state.hpp"

namespace tally::ch03 {

struct Throughput {
    Ratio flops_per_second;  // peak × compute efficiency
    Ratio bytes_per_second;  // bandwidth × bandwidth efficiency
};

struct DecisionInput {
    u128 tokens = 1;        // state plus questions
    u128 questions = 1;     // positions the vocabulary head reads
    std::string execution;  // "" = the model's default path
    Throughput hw;
    Ratio usd_per_gpu_hour;
    u128 generated = 0;  // the LLM path's output tokens; 0 = no LLM path
    u128 decode_batch = 1;
};

struct LlmPath {
    u128 decode_steps = 0;  // G − 1: the prefill gives the first token
    u128 mean_context = 0;  // old positions at the middle step (the exact mean when G is even)
    Ratio prefill_seconds;
    Ratio step_seconds;        // one step at batch 1 (latency)
    Ratio step_seconds_batch;  // one step at decode_batch
    Ratio latency_seconds;
    Ratio gpu_seconds;
};

struct DecisionResult {
    Ratio flops;
    Ratio compute_seconds;
    Ratio memory_seconds;
    Ratio latency_seconds;  // the larger bound
    Ratio gpu_seconds;      // compute share: batching prefills does not shrink it
    Ratio usd_per_request;
    Ratio usd_per_million_input;
    std::optional<LlmPath> llm;
};

DecisionResult decision_request(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecisionInput& in);

}  // namespace tally::ch03
