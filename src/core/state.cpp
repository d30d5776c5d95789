#include "state.hpp"

#include "mechanisms/dispatch.hpp"

namespace tally {

StateResult state(const ModelSpec& m, u128 tokens, const StateOptions& options) {
    StateResult r;
    for (const auto& g : m.groups) {
        mech::for_each_mechanism(g, [&](const auto& mechanism) {
            mech::add_state(mechanism, m, g.layers, tokens, options, r);
        });
    }
    mech::for_each_part(m, [&](const auto& part) { mech::add_state(part, m, 1, tokens, options, r); });
    for (const auto& it : r.items) r.total = r.total + it.value;
    for (const auto& it : r.reads) {
        if (it.section == "write") {
            r.decode_write_bytes = r.decode_write_bytes + it.value;
        } else {
            r.decode_read_bytes = r.decode_read_bytes + it.value;
        }
    }
    return r;
}

}  // namespace tally
