// Double buffering (§4.4.2): n blocks, each loaded (t_l) and then computed
// (t_c).  One after another the run takes n·(t_l + t_c); with the next load
// overlapping the current compute, only the first load and the last compute
// stick out of the slower stage's chain:
//   T_pipe = t_l + t_c + (n − 1)·max(t_l, t_c).
// The unit of time is the caller's (the book uses μs).
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct DoubleBuffer {
    Ratio serial;     // n·(t_l + t_c)
    Ratio pipelined;  // t_l + t_c + (n − 1)·max(t_l, t_c)
    Ratio saved;      // serial − pipelined
    Ratio step;       // max(t_l, t_c): the steady-state time per block
    bool load_bound;  // t_l ≥ t_c: loading sets the pace
};
// blocks ≥ 1; load, compute > 0.
DoubleBuffer double_buffer(u128 blocks, const Ratio& load, const Ratio& compute);

}  // namespace tally::ch04
