#include "state_facts.hpp"

#include "mechanisms/gqa.hpp"

namespace tally {

namespace {

Ratio sum_of(const Items& items, bool (*keep)(const LineItem&)) {
    Ratio sum;
    for (const auto& it : items) {
        if (keep(it)) sum = sum + it.value;
    }
    return sum;
}

}  // namespace

bool is_fixed_state(const LineItem& it) { return it.section == "recurrent" || it.section == "conv"; }

bool is_history_state(const LineItem& it) {
    return it.section == "history" || it.section == "compressed" || it.section == "index";
}

bool is_window_kv(const LineItem& it) { return it.id.rfind(mech::kWindowKvId, 0) == 0; }

Ratio fixed_state_bytes(const StateResult& s) { return sum_of(s.items, is_fixed_state); }

Ratio history_state_bytes(const StateResult& s) { return sum_of(s.items, is_history_state); }

std::optional<Ratio> h_star(const StateResult& s) {
    if (s.per_token == Ratio(0)) return std::nullopt;
    return fixed_state_bytes(s) / s.per_token;
}

Ratio kv_cache_bytes(const StateResult& s, u128 tokens) { return s.per_token * Ratio(tokens) + sum_of(s.items, is_window_kv); }

u128 longest_context_within(const ModelSpec& m, const StateOptions& options, const Ratio& budget, u128 max_tokens) {
    if (state(m, 1, options).total > budget) return 0;
    u128 lo = 1, hi = max_tokens;
    while (lo < hi) {
        const u128 mid = lo + (hi - lo + 1) / 2;
        if (state(m, mid, options).total <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace tally
