#include "core/ch08/paging.hpp"

namespace tally::ch08 {

Paging paging(const std::vector<u128>& lengths, u128 page_tokens) {
    Paging p;
    for (u128 length : lengths) {
        PagedSequence s;
        s.length = length;
        s.pages = ceil_div(length, page_tokens);
        s.slots = mul(s.pages, page_tokens);
        s.unused = s.slots - length;
        p.slots = add(p.slots, s.slots);
        p.unused = add(p.unused, s.unused);
        p.entries = add(p.entries, s.pages);
        p.sequences.push_back(s);
    }
    return p;
}

}  // namespace tally::ch08
