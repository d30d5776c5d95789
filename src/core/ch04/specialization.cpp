#include "core/ch04/specialization.hpp"

namespace tally::ch04 {

namespace {
const Ratio kYearSeconds(u128{365} * 24 * 3600);
}

Specialization specialization(const SpecializationInput& in) {
    Specialization s;
    s.breakeven_tokens = in.fixed_cost / in.saving_per_token;
    const Ratio per_machine_life = in.utilisation * in.tokens_per_second * in.life_seconds;
    s.life_tokens = Ratio(in.machines) * per_machine_life;
    s.life_share = s.life_tokens / s.breakeven_tokens;
    s.machines_needed = s.breakeven_tokens / per_machine_life;
    s.machines_to_break_even = s.machines_needed.ceil();
    s.saving_per_year = Ratio(in.machines) * in.utilisation * in.tokens_per_second * kYearSeconds * in.saving_per_token;
    s.years_to_break_even = in.fixed_cost / s.saving_per_year;
    return s;
}

}  // namespace tally::ch04
