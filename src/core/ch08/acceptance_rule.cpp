#include "core/ch08/acceptance_rule.hpp"

namespace tally::ch08 {

AcceptanceRule acceptance_rule(const std::vector<Ratio>& p, const std::vector<Ratio>& q) {
    AcceptanceRule a;
    Ratio leftover;  // Σ max(0, p − q) = 1 − Σ min(p, q)
    for (std::size_t i = 0; i < p.size(); ++i) {
        a.accept.push_back(q[i] == Ratio(0) ? std::nullopt : std::optional<Ratio>(p[i] < q[i] ? p[i] / q[i] : Ratio(1)));
        a.acceptance = a.acceptance + (p[i] < q[i] ? p[i] : q[i]);
        if (q[i] < p[i]) leftover = leftover + (p[i] - q[i]);
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Ratio excess = q[i] < p[i] ? p[i] - q[i] : Ratio(0);
        a.residual.push_back(leftover == Ratio(0) ? Ratio(0) : excess / leftover);
        a.kept.push_back(a.accept[i] ? q[i] * *a.accept[i] : Ratio(0));
        a.resampled.push_back(leftover * a.residual.back());
        a.output.push_back(a.kept.back() + a.resampled.back());
    }
    return a;
}

}  // namespace tally::ch08
