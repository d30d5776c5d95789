#include "tolerance.hpp"

#include "core/attempt.hpp"
#include "math.hpp"

namespace tally::checker {

Rule rule_of(const ExpectedAnswer& e) {
    if (e.digits != 0) return Rule{e.digits, false};
    return Rule{0, e.value.is_integer()};
}

namespace {

// Half a unit of the d-th significant digit of target/scale, back in base units.
Ratio half_unit(const Ratio& target, unsigned digits, u128 scale) {
    const Ratio shown = target / Ratio(scale);
    const int p = floor_log10(shown) - static_cast<int>(digits) + 1;
    return pow10_ratio(p) * Ratio(scale) * Ratio(1, 2);
}

}  // namespace

// The band is inclusive, so the book's own rounding (half away from zero) is
// always inside it.  If the band itself does not fit 128 bits (values past
// ~36 significant digits) the comparison falls back to equality.
bool within(const Ratio& v, const Ratio& target, const Rule& rule, u128 scale) {
    if (rule.exact || target == Ratio(0)) return v == target;
    bool inside = false;
    if (!completes_without_overflow([&] {
            const Ratio h = rule.digits != 0 ? half_unit(target, rule.digits, scale) : target * Ratio(1, 200);
            const Ratio lo = h < target ? target - h : Ratio(0);
            inside = lo <= v && v <= target + h;
        })) {
        return v == target;
    }
    return inside;
}

}  // namespace tally::checker
