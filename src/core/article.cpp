#include "article.hpp"

#include <stdexcept>

namespace tally {

Footprint kv_footprint(const Ratio& per_token, const Ratio& fixed_bytes, u128 tokens, u128 requests) {
    Footprint f;
    f.per_request = per_token * Ratio(tokens) + fixed_bytes;
    f.total = f.per_request * Ratio(requests);
    return f;
}

ReplayFrame replay_frame(u128 length, u128 position, u128 window, u128 stride) {
    if (length == 0 || position == 0 || position > length || window == 0 || stride == 0) {
        throw std::invalid_argument("replay_frame: length, position, window and stride must be positive, position ≤ length");
    }
    ReplayFrame r;
    r.window_last = position;
    r.window_first = position > window ? position - window + 1 : 1;
    r.window_size = position - r.window_first + 1;
    // Marks at stride, 2·stride, … strictly before the window.
    for (u128 s = stride; s < r.window_first; s += stride) r.selected.push_back(s);
    return r;
}

EffortPoint effort_point(u128 effort) {
    if (effort < kEffortMin || effort > kEffortMax) throw std::invalid_argument("effort_point: outside 1 … 100");
    EffortPoint p;
    if (effort <= 33) {
        p = {"low", 1, 33, false};
    } else if (effort <= 66) {
        p = {"mid", 34, 66, false};
    } else {
        p = {"high", 67, 100, false};
    }
    p.published = effort == kEffortMax;
    return p;
}

}  // namespace tally
