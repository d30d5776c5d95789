// Asynchronous saves (§10.4.3): each capture at training time t_i pauses
// the step for the copy c, then its upload of S bytes at B bytes/s runs in
// the background, one upload after another:
//   commit_i = max(t_i + c, commit_{i−1}) + S/B
// A failure at time f recovers to the latest capture committed by f and
// redoes f − t_i (all of it when none is committed).  Saving every τ asks
// the storage for S/τ bytes/s; above B the upload queue only grows.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

struct Commit {
    Ratio capture;
    Ratio commit;
};

struct AsyncSaves {
    Ratio upload_seconds;  // S/B
    std::vector<Commit> commits;
    bool recovered = false;  // some capture committed before the failure
    Ratio recovery_point;    // its capture time (0 when none)
    Ratio redo_seconds;      // failure − recovery point
    Ratio pause_seconds;     // captures × copy
};

// Captures ascending; all times non-negative.
AsyncSaves async_saves(const Ratio& bytes, const Ratio& bytes_per_second, const std::vector<Ratio>& captures,
                       const Ratio& copy_seconds, const Ratio& failure_at);

}  // namespace tally::ch10
