// The scaling-law fit of §3.6.1 (Example 3-5, Figures 3-27 and 3-28):
// L(N, D) = E + A/(N/N0)^α + B/(D/D0)^β fitted to the training runs below a
// hold-out line, then checked on the runs above it.
//
// For fixed exponents the law is linear in E, A and B, so each (α, β) of a
// grid is a 3×3 least-squares solve; a candidate counts only with E ≥ 0,
// A > 0 and B > 0, every number in it finite and within kLargestFitted
// (one that is not is counted as `not_finite`), and the one with the
// smallest squared error on the fit points wins.  That is how the book's calculator chose α = 0.1, β = 0.45
// (calculations/results/datablations-real-c4-eight-point-fit.json, grid
// 0.1 … 0.6 in steps of 0.05 for both).  The powers are irrational, so this
// is the one computation of the chapter done in doubles; it is shown to the
// three or four decimals the chapter prints.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct ScalingPoint {
    Ratio params;  // N
    Ratio tokens;  // D
    Ratio loss;    // observed validation loss, nats/token
    bool holdout = false;
};

struct ScalingLaw {
    Ratio alpha, beta;     // from the grid: exact
    double e{}, a{}, b{};  // fitted
};

struct ScalingFit {
    bool found = false;  // some candidate had E ≥ 0, A > 0, B > 0
    ScalingLaw law;
    double fit_sse{};
    std::vector<double> predicted;  // per point, in the points' order
    std::size_t fit_count = 0, holdout_count = 0;
    double fit_rmse{}, holdout_rmse{};  // holdout_rmse only when holdout_count > 0
    std::size_t candidates = 0, rejected = 0;
    std::size_t not_finite = 0;  // of the rejected: a power, coefficient or error not sound
};

// The largest |E|, |A|, |B| or squared error a candidate may have: beyond it a
// number has overflowed (or is past what the ops print to 10 decimals).
constexpr double kLargestFitted = 1e18;

double scaling_loss(const ScalingLaw& law, const Ratio& params, const Ratio& tokens, const Ratio& params_scale,
                    const Ratio& tokens_scale);

// The ranges of N and D the fit points span: a prediction outside them is
// an extrapolation (Figure 3-29 marks 0.1B and 2.81B so).
struct FitBox {
    Ratio min_params, max_params, min_tokens, max_tokens;
    bool contains(const Ratio& params, const Ratio& tokens) const;
};
FitBox fit_box(const std::vector<ScalingPoint>& points);  // over the fit points; at least one

// What the law gives with unlimited data: E + A/(N/N0)^α.
double loss_floor(const ScalingLaw& law, const Ratio& params, const Ratio& params_scale);

// The D at which the law reaches `target` for N parameters,
// D0·(B/(target − floor))^(1/β); empty when target ≤ loss_floor, which no
// amount of data reaches.  This is how the book's calculator sized the
// lifecycle's models for a target loss of 2.9 (Figure 3-29).
std::optional<double> tokens_for_loss(const ScalingLaw& law, const Ratio& params, double target, const Ratio& params_scale,
                                      const Ratio& tokens_scale);

// Needs at least three fit points (three coefficients).
ScalingFit scaling_fit(const std::vector<ScalingPoint>& points, const std::vector<Ratio>& alphas, const std::vector<Ratio>& betas,
                       const Ratio& params_scale, const Ratio& tokens_scale);

}  // namespace tally::ch03
