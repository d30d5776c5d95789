// When a learner's value counts as the expected one: the book's significant
// digits, equality for exact integers, else 0.5 %.  Internal.
#pragma once

#include "answer.hpp"
#include "core/exact.hpp"

namespace tally::checker {

// digits > 0: within half a unit of the d-th significant digit, measured in
// the scale the learner wrote (decimal, or the binary prefix of a KiB/MiB/
// GiB answer).  exact: equality.  Otherwise a relative error ≤ 0.5%.
struct Rule {
    unsigned digits = 0;
    bool exact = false;
};

Rule rule_of(const ExpectedAnswer& e);

// Whether v is inside target's band under `rule`, measured in the scale the
// learner wrote (1 for decimal, 1024^k for a KiB/MiB/GiB answer).
bool within(const Ratio& v, const Ratio& target, const Rule& rule, u128 scale);

}  // namespace tally::checker
