// Work a matrix unit pads (§4.2.1, Figures 4-9 and 4-10).  A unit that
// multiplies m_t × n_t × k_t tiles runs every dimension up to a whole
// number of tiles:  η = M·N·K / (⌈M/m_t⌉m_t · ⌈N/n_t⌉n_t · ⌈K/k_t⌉k_t).
// In a mixture of experts, each expert's rows are padded to whole tiles on
// their own, so how the router spreads the T·k dispatches decides the rows
// executed: spread evenly over E experts, or all on the same k experts.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct TilePadding {
    u128 useful = 0;    // M·N·K
    u128 executed = 0;  // the padded product
    Ratio efficiency;   // useful / executed
};
// All ≥ 1.
TilePadding tile_padding(u128 m, u128 n, u128 k, u128 tile_m, u128 tile_n, u128 tile_k);

struct ExpertPadding {
    u128 dispatches = 0;     // T·k rows of useful work
    u128 experts_used = 0;   // experts that receive at least one row
    u128 executed_rows = 0;  // after padding each expert to whole tiles
    Ratio efficiency;        // dispatches / executed_rows
};
// Evenly over `experts` (the first T·k mod E get one row more), or all on
// top_k experts (concentrated).  tokens, top_k, tile_rows ≥ 1; top_k ≤ experts.
ExpertPadding expert_padding(u128 tokens, u128 top_k, u128 experts, u128 tile_rows, bool concentrated);

}  // namespace tally::ch04
