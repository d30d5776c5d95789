#include "core/ch04/double_buffer.hpp"

namespace tally::ch04 {

DoubleBuffer double_buffer(u128 blocks, const Ratio& load, const Ratio& compute) {
    DoubleBuffer d;
    d.load_bound = compute <= load;
    d.step = d.load_bound ? load : compute;
    d.serial = Ratio(blocks) * (load + compute);
    d.pipelined = load + compute + Ratio(blocks - 1) * d.step;
    d.saved = d.serial - d.pipelined;  // never negative: each block's pair ≥ the step
    return d;
}

}  // namespace tally::ch04
