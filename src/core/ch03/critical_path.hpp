// Task time along a chain of stages (§3.2.4, Figures 3-11 and 3-12,
// Exercise 3-4) and Amdahl's law for speeding one part up (Example 3-2).
// A stage holds branches that may run at once (two tools after one model
// call); run one after another the task takes Σ of everything, run at once
// each stage takes its slowest branch.  Work is Σ either way.  While a tool
// runs, the task's state waits in memory: the state·time of that wait is
// the held bytes times the time spent in tool stages.
#pragma once

#include <optional>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct Stage {
    bool tool = false;            // the model waits, holding its state
    std::vector<Ratio> branches;  // seconds of each branch, non-empty
};

struct CriticalPath {
    Ratio serial;              // Σ every branch
    Ratio parallel;            // Σ max per stage: the critical path
    Ratio work;                // Σ every branch (the same as serial)
    Ratio tool_work;           // Σ branches of tool stages
    Ratio tool_wait_serial;    // time spent in tool stages, one after another
    Ratio tool_wait_parallel;  // the same with branches at once
};
CriticalPath critical_path(const std::vector<Stage>& stages);

// T' = T − f·T·(1 − 1/s), written with the part's own time f·T = part.
// `added` is serial time the change brings with it (Exercise 8-8's draft
// preparation before decode): T' = T − part + part / s + added.  With none
// the law is the book's as it stands.
// A "speed-up" s below 1 slows the part down and T − T' is negative (the
// chapter's formula read as it stands, as the book's calculator does):
// `saved` holds its size and `slower` its sign.
struct Amdahl {
    Ratio total_after;    // T'
    Ratio saved;          // |T − T'|
    bool slower = false;  // T' > T: the task got longer by `saved`
    Ratio speedup;        // T / T'
    Ratio share;          // f = part / T
    Ratio saved_share;    // |T − T'| / T, with the sign of `slower`
    Ratio rest;           // T − part, untouched
    // T / (T − part + added): the speed-up as the part's time goes to zero;
    // empty when nothing else is left (no limit).
    std::optional<Ratio> limit_speedup;
};
// 0 < part ≤ total, speedup > 0, added ≥ 0.
Amdahl amdahl(const Ratio& total, const Ratio& part, const Ratio& speedup, const Ratio& added = Ratio(0));

}  // namespace tally::ch03
