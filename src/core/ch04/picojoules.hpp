#pragma once
// Energy figures in chapter 4 are per byte or per FLOP in picojoules; one
// factor turns them into joules for every ledger and cap that uses them.
#include "core/exact.hpp"

namespace tally::ch04 {

inline const Ratio kJoulesPerPicojoule(1, 1000000000000ULL);

}  // namespace tally::ch04
