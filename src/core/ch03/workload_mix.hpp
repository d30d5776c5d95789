// Stage demand of a request mix (§3.1.3, Table 3.1.3-a, Figures 3-4 and 3-5):
// every request of class c brings P_c new input tokens to prefill, which
// also yields its first output, and G_c − 1 later decode steps.  Decode j
// (from 0) runs at context P_c + j, so a class's decode steps see on average
// P_c + (G_c − 2)/2 tokens (8192 + 127 = 8319 for 8192 in / 256 out).
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct RequestShape {
    u128 input = 0;   // P_c ≥ 1
    u128 output = 0;  // G_c ≥ 1
};

struct MixWindow {
    Ratio seconds;             // > 0
    std::vector<Ratio> rates;  // requests per second, one per class
};

// What a set of classes asks of the stages, per second or in total.
struct StageDemand {
    Ratio requests;       // requests (per second, or in all)
    Ratio input_tokens;   // Σ r_c·P_c
    Ratio output_tokens;  // Σ r_c·G_c
    Ratio decode_steps;   // Σ r_c·(G_c − 1): the first output comes from prefill
    Ratio mean_context;   // decode-step weighted mean context; 0 with no decode step
};

struct WindowDemand {
    Ratio start, seconds;
    std::vector<Ratio> class_requests;  // r_c·Δt
    StageDemand per_second;
};

struct WorkloadMix {
    std::vector<Ratio> class_context;  // each class's mean decode context (0 when G_c = 1)
    std::vector<WindowDemand> windows;
    std::vector<Ratio> class_requests;  // over all windows
    StageDemand total;                  // over all windows (requests, tokens, steps in all)
};

// Mean context of a class's decode steps: P + (G − 2)/2, for G ≥ 2.
Ratio class_decode_context(const RequestShape& c);

// Demand of the classes at the given weights (rates or counts).
StageDemand stage_demand(const std::vector<RequestShape>& classes, const std::vector<Ratio>& weights);

// windows non-empty, each with one rate per class (the op checks).
WorkloadMix workload_mix(const std::vector<RequestShape>& classes, const std::vector<MixWindow>& windows);

}  // namespace tally::ch03
