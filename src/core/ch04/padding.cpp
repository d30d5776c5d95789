#include "core/ch04/padding.hpp"

namespace tally::ch04 {

namespace {
u128 padded(u128 n, u128 tile) { return mul(ceil_div(n, tile), tile); }
}  // namespace

TilePadding tile_padding(u128 m, u128 n, u128 k, u128 tile_m, u128 tile_n, u128 tile_k) {
    TilePadding t;
    t.useful = mul(m, n, k);
    t.executed = mul(padded(m, tile_m), padded(n, tile_n), padded(k, tile_k));
    t.efficiency = Ratio(t.useful, t.executed);
    return t;
}

ExpertPadding expert_padding(u128 tokens, u128 top_k, u128 experts, u128 tile_rows, bool concentrated) {
    ExpertPadding e;
    e.dispatches = mul(tokens, top_k);
    if (concentrated) {
        // Every token picks the same top_k experts: each holds all T rows.
        e.experts_used = top_k;
        e.executed_rows = mul(top_k, padded(tokens, tile_rows));
    } else {
        const u128 each = e.dispatches / experts;
        const u128 more = e.dispatches % experts;  // experts with one row more
        e.experts_used = each == 0 ? more : experts;
        e.executed_rows =
            add(mul(more, padded(each + 1, tile_rows)), each == 0 ? 0 : mul(experts - more, padded(each, tile_rows)));
    }
    e.efficiency = Ratio(e.dispatches, e.executed_rows);
    return e;
}

}  // namespace tally::ch04
