// Gradient buckets and the reduce they hide behind (§10.3.3, §10.3.4):
//   ring all-reduce over n members of V bytes at B bytes/s with a fixed
//   start-up a:  2 (n−1)/n · V / B + a
// split into k equal buckets it costs k such reduces (each start-up paid
// again), and a reduce overlapping c seconds of compute on a link busy for
// b of them stays exposed by max(0, reduce − (c − b)).
// Strong scaling from p₀ to p cards with step times t₀ and t: ideal
// t₀·p₀/p, speedup t₀/t, efficiency speedup·p₀/p, extra t − ideal.
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct Ring {
    Ratio moved_bytes;  // 2 (n−1)/n · V per member
    Ratio seconds;      // moved / B + start-up
};
Ring ring_all_reduce(const Ratio& bytes, u128 members, const Ratio& bytes_per_second, const Ratio& startup_seconds);

// max(0, reduce − (compute − busy)), with busy ≤ compute.
Ratio exposed_reduce(const Ratio& reduce, const Ratio& compute, const Ratio& busy);

// The same reduce on a timeline (Figs. 10-25, 10-26): ready at 0, it waits for
// the link until `busy`, runs to busy + reduce, and whatever runs past the end
// of the independent compute is exposed.  Any busy time is allowed here: a
// link busy past the compute exposes the whole reduce and more.
struct BusyLinkReduce {
    Ratio end;      // busy + reduce
    Ratio usable;   // compute time left for the reduce: min(reduce, max(0, compute − busy))
    Ratio exposed;  // max(0, end − compute)
};
BusyLinkReduce busy_link_reduce(const Ratio& reduce, const Ratio& compute, const Ratio& busy);

struct Scaling {
    Ratio ideal_step;
    Ratio speedup;
    Ratio efficiency;  // share
    Ratio extra;       // step − ideal (0 when faster than ideal)
};
Scaling strong_scaling(u128 base_cards, const Ratio& base_step, u128 cards, const Ratio& step);

}  // namespace tally::ch10
