#include "core/ch05/quant_scale.hpp"
#include "core/ch05/power_of_two.hpp"

namespace tally::ch05 {

Ratio round_e4m3(const Ratio& x) {
    if (x == Ratio(0)) return x;
    // The binade [2^e, 2^(e+1)) holding x, no lower than the normal range's 2^−6.
    int e = -6;
    while (e < 8 && power_of_two(e + 1) <= x) ++e;
    const Ratio step = power_of_two(e - 3);  // 3 mantissa bits
    const Ratio steps = x / step;
    u128 q = steps.floor();
    const Ratio rest = steps - Ratio(q);
    if (Ratio(1, 2) < rest || (rest == Ratio(1, 2) && q % 2 == 1)) ++q;
    const Ratio rounded = Ratio(q) * step;
    return rounded < Ratio(kE4m3Max) ? rounded : Ratio(kE4m3Max);
}

ScaledValue quantize_with_scale(const Ratio& x, const Ratio& group_max) {
    ScaledValue v;
    v.scale = Ratio(kE4m3Max) / group_max;
    v.scaled = x * v.scale;
    v.stored = round_e4m3(v.scaled);
    v.restored = v.stored / v.scale;
    v.restored_below = v.restored < x;
    v.error = v.restored_below ? x - v.restored : v.restored - x;
    v.relative_error = x == Ratio(0) ? Ratio(0) : v.error / x;
    return v;
}

}  // namespace tally::ch05
