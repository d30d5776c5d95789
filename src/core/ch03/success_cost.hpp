// The cost of a success (§3.2.2, Figure 3-9, Exercise 3-3, the hand-off of
// §3.2.4).  An attempt costs c and succeeds with probability p, so a success
// costs c/p; a method with c2, p2 is cheaper than one with c1, p1 when
// p2/p1 > c2/c1.  A decision model that hands a share e of its requests to an
// LLM costs c_dec + e·c_LLM per request.
#pragma once

#include "core/exact.hpp"

namespace tally::ch03 {

// c / p, p > 0.
Ratio cost_per_success(const Ratio& cost, const Ratio& success);

// The success rate a method costing `new_cost` per attempt needs to cost no
// more per success than (cost, success): success · new_cost / cost.  Above 1
// no success rate is enough.
Ratio success_needed(const Ratio& cost, const Ratio& success, const Ratio& new_cost);

struct Handoff {
    Ratio per_request;    // c_dec + e·c_LLM
    Ratio break_even;     // e* = c_dec / c_LLM: from here the hand-offs cost more than the decisions
    Ratio success_ratio;  // p2/p1 the hand-off must reach to lower the cost per success: per_request / c_dec
};
// decision_cost > 0, llm_cost > 0.
Handoff handoff(const Ratio& decision_cost, const Ratio& llm_cost, const Ratio& share);

}  // namespace tally::ch03
