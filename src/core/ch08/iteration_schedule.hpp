// An iteration-level scheduler on the step-time fit (§8.2.2, §8.2.3,
// Figures 8-5 … 8-7, Exercise 8-2).  Requests arrive with an input and a
// number of outputs; at most `max_running` run at once.  Each iteration:
//   admit   fixed: a new group only when the previous one has finished;
//           continuous / chunked: whenever a place is free, in arrival order;
//   work    every running request past its prefill decodes one position
//           first; then prefills take what is left (chunked: at most `chunk`
//           positions each and `token_budget` in all, decodes included);
//   time    step_time over those parts; a prefill that completes and each
//           decode return one output at the iteration's end.
// With nothing running the clock jumps to the next arrival.
#pragma once

#include <string>
#include <vector>

#include "core/ch08/step_time.hpp"
#include "core/exact.hpp"

namespace tally::ch08 {

struct Arrival {
    Ratio arrive_ms;
    u128 input = 1;
    u128 outputs = 1;
};

enum class Policy { Fixed, Continuous, Chunked };

struct ScheduleInput {
    std::vector<Arrival> arrivals;  // in arrival order (ties keep the list's order)
    Policy policy = Policy::Continuous;
    u128 max_running = 2;
    u128 chunk = 0;         // Chunked only
    u128 token_budget = 0;  // Chunked only
    StepFit fit;
};

struct IterationWork {
    std::size_t request = 0;
    bool prefill = false;
    u128 positions = 0;
};

struct Iteration {
    Ratio start_ms;
    Ratio end_ms;
    StepTime step;
    std::vector<IterationWork> work;
};

struct RequestTimes {
    Ratio start_ms;  // its first iteration began
    Ratio first_token_ms;
    Ratio finish_ms;
    Ratio max_gap_ms;  // longest wait between two of its outputs (0 with one output)
};

struct Schedule {
    std::vector<Iteration> iterations;
    std::vector<RequestTimes> requests;
    Ratio total_ms;
    Ratio max_gap_ms;
};

Schedule iteration_schedule(const ScheduleInput& in);

}  // namespace tally::ch08
