// Paged KV allocation (§8.3.1, Figures 8-11 … 8-13, Exercise 8-3): a
// sequence of L positions takes ⌈L/P⌉ pages of P slots; its last page
// leaves P·⌈L/P⌉ − L slots unused, and the block table holds one entry per
// page.  Smaller pages waste fewer slots and need more table entries.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch08 {

struct PagedSequence {
    u128 length = 0;
    u128 pages = 0;
    u128 slots = 0;
    u128 unused = 0;
};

struct Paging {
    std::vector<PagedSequence> sequences;
    u128 slots = 0;    // allocated
    u128 unused = 0;   // in the sequences' last pages
    u128 entries = 0;  // block-table entries (pages)
};

Paging paging(const std::vector<u128>& lengths, u128 page_tokens);

}  // namespace tally::ch08
