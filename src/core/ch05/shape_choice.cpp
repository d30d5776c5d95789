#include "core/ch05/shape_choice.hpp"

namespace tally::ch05 {

ShapeMix shape_mix(const std::vector<ShapeCalls>& shapes) {
    ShapeMix m;
    for (const ShapeCalls& s : shapes) {
        m.old_total_us = m.old_total_us + Ratio(s.calls) * s.old_us;
        m.new_total_us = m.new_total_us + Ratio(s.calls) * s.new_us;
    }
    m.new_faster = m.new_total_us < m.old_total_us;
    m.ratio = m.old_total_us / m.new_total_us;
    if (shapes.size() == 2) {
        const ShapeCalls &a = shapes[0], &b = shapes[1];
        // p·a_new + (1 − p)·b_new = p·a_old + (1 − p)·b_old: the gain on one
        // shape against the loss on the other.
        if (a.new_us < a.old_us && b.old_us < b.new_us) {
            const Ratio gain = a.old_us - a.new_us, loss = b.new_us - b.old_us;
            m.breakeven_share = loss / (gain + loss);
            m.new_wins_above = true;
        } else if (a.old_us < a.new_us && b.new_us < b.old_us) {
            const Ratio loss = a.new_us - a.old_us, gain = b.old_us - b.new_us;
            m.breakeven_share = gain / (gain + loss);
            m.new_wins_above = false;
        }
    }
    return m;
}

BucketRows bucket_rows(const std::vector<std::pair<u128, u128>>& calls, const std::vector<u128>& buckets) {
    BucketRows b;
    for (const auto& [rows, count] : calls) {
        b.actual_rows = add(b.actual_rows, mul(rows, count));
        u128 bucket = 0;
        for (u128 size : buckets) {
            if (rows <= size) {
                bucket = size;
                break;
            }
        }
        if (bucket == 0) b.fits = false;
        b.executed_rows = add(b.executed_rows, mul(bucket == 0 ? rows : bucket, count));
    }
    b.padding_share = Ratio(b.executed_rows - b.actual_rows, b.actual_rows);
    return b;
}

std::vector<Crossing> strategy_crossings(const std::vector<Strategy>& strategies) {
    std::vector<Crossing> out;
    for (std::size_t i = 0; i < strategies.size(); ++i) {
        for (std::size_t j = i + 1; j < strategies.size(); ++j) {
            const Strategy *cheap = &strategies[i], *fast = &strategies[j];
            if (fast->prepare_ms < cheap->prepare_ms) std::swap(cheap, fast);
            if (!(fast->group_ms < cheap->group_ms) || !(cheap->prepare_ms < fast->prepare_ms)) continue;
            Crossing c;
            c.from = cheap->id;
            c.to = fast->id;
            c.groups = (fast->prepare_ms - cheap->prepare_ms) / (cheap->group_ms - fast->group_ms);
            c.first_group = c.groups.floor() + 1;
            out.push_back(c);
        }
    }
    return out;
}

std::size_t cheapest_at(const std::vector<Strategy>& strategies, u128 groups) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < strategies.size(); ++i) {
        const Ratio cost = strategies[i].prepare_ms + Ratio(groups) * strategies[i].group_ms;
        const Ratio best_cost = strategies[best].prepare_ms + Ratio(groups) * strategies[best].group_ms;
        if (cost < best_cost) best = i;
    }
    return best;
}

}  // namespace tally::ch05
