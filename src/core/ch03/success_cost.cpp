#include "core/ch03/success_cost.hpp"

namespace tally::ch03 {

Ratio cost_per_success(const Ratio& cost, const Ratio& success) { return cost / success; }

Ratio success_needed(const Ratio& cost, const Ratio& success, const Ratio& new_cost) { return success * new_cost / cost; }

Handoff handoff(const Ratio& decision_cost, const Ratio& llm_cost, const Ratio& share) {
    const Ratio per_request = decision_cost + share * llm_cost;
    return {per_request, decision_cost / llm_cost, per_request / decision_cost};
}

}  // namespace tally::ch03
