#include "zero_state.hpp"

namespace tally::ch10 {

ZeroState zero_state(const ZeroShape& s) {
    const Ratio n(s.params);
    const Ratio d(s.shards);
    // A part is sharded from the stage that names it on: optimizer from 1,
    // gradients from 2, weights from 3.
    auto held = [&](u128 bytes, unsigned sharded_from) {
        const Ratio whole = n * Ratio(bytes);
        return s.stage >= sharded_from ? whole / d : whole;
    };
    ZeroState z;
    z.weights = held(2, 3);
    z.gradients = held(s.gradient_bytes, 2);
    z.master = held(4, 1);
    z.moment_m = held(4, 1);
    z.moment_v = held(4, 1);
    z.optimizer = z.master + z.moment_m + z.moment_v;
    z.per_card = z.weights + z.gradients + z.optimizer;
    z.bytes_per_param = 2 + s.gradient_bytes + 12;
    z.unsharded = n * Ratio(z.bytes_per_param);
    return z;
}

}  // namespace tally::ch10
