#include "core/ch03/scaling_fit.hpp"

#include <cmath>
#include <utility>

#include "core/ch03/approximate.hpp"

namespace tally::ch03 {

namespace {

// One fit point's regressors [1, (N/N0)^−α, (D/D0)^−β] and its loss.
struct Row {
    double x[3];
    double y;
};

// Solves m·c = v (3×3) by elimination with partial pivoting; false when
// singular (the points do not separate the three coefficients).
bool solve3(double m[3][3], double v[3], double c[3]) {
    for (int col = 0; col < 3; ++col) {
        int pivot = col;
        for (int r = col + 1; r < 3; ++r)
            if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
        if (std::fabs(m[pivot][col]) < 1e-12) return false;
        for (int k = 0; k < 3; ++k) std::swap(m[col][k], m[pivot][k]);
        std::swap(v[col], v[pivot]);
        for (int r = 0; r < 3; ++r) {
            if (r == col) continue;
            const double f = m[r][col] / m[col][col];
            for (int k = 0; k < 3; ++k) m[r][k] -= f * m[col][k];
            v[r] -= f * v[col];
        }
    }
    for (int i = 0; i < 3; ++i) c[i] = v[i] / m[i][i];
    return true;
}

// Least squares through the normal equations (the regressors are all
// within a few orders of one another, so their conditioning is ample for
// four printed decimals).
bool least_squares(const std::vector<Row>& rows, double c[3]) {
    double m[3][3] = {}, v[3] = {};
    for (const Row& row : rows) {
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) m[i][j] += row.x[i] * row.x[j];
            v[i] += row.x[i] * row.y;
        }
    }
    return solve3(m, v, c);
}

double squared_error(const std::vector<Row>& rows, const double c[3]) {
    double sse = 0;
    for (const Row& row : rows) {
        const double r = c[0] * row.x[0] + c[1] * row.x[1] + c[2] * row.x[2] - row.y;
        sse += r * r;
    }
    return sse;
}

// A candidate whose powers, coefficients or squared error are not finite,
// or beyond what the ops print exactly (10 decimals in a u128), is no fit:
// such a number has overflowed somewhere (α = 200 puts (N/N0)^−α past
// 10^300), and a NaN would otherwise win every comparison it is in.
bool sound(double v) { return std::isfinite(v) && v <= kLargestFitted && v >= -kLargestFitted; }

bool sound_rows(const std::vector<Row>& rows) {
    for (const Row& row : rows)
        for (double x : row.x)
            if (!std::isfinite(x)) return false;
    return true;
}

enum class Candidate { Fits, Rejected, NotFinite };

// Solves one candidate into c: NotFinite when a number in it is not sound,
// Rejected when it has no solution or one without E ≥ 0, A > 0, B > 0.
Candidate judge(const std::vector<Row>& rows, double c[3]) {
    if (!sound_rows(rows)) return Candidate::NotFinite;
    if (!least_squares(rows, c)) return Candidate::Rejected;
    if (!(sound(c[0]) && sound(c[1]) && sound(c[2]) && sound(squared_error(rows, c)))) return Candidate::NotFinite;
    if (c[0] < 0 || c[1] <= 0 || c[2] <= 0) return Candidate::Rejected;
    return Candidate::Fits;
}

std::vector<Row> fit_rows(const std::vector<ScalingPoint>& points, double alpha, double beta, double n0, double d0) {
    std::vector<Row> rows;
    for (const ScalingPoint& p : points) {
        if (p.holdout) continue;
        rows.push_back(
            {{1.0, power(to_double(p.params) / n0, -alpha), power(to_double(p.tokens) / d0, -beta)}, to_double(p.loss)});
    }
    return rows;
}

}  // namespace

double scaling_loss(const ScalingLaw& law, const Ratio& params, const Ratio& tokens, const Ratio& params_scale,
                    const Ratio& tokens_scale) {
    return law.e + law.a * power(to_double(params / params_scale), -to_double(law.alpha)) +
           law.b * power(to_double(tokens / tokens_scale), -to_double(law.beta));
}

bool FitBox::contains(const Ratio& params, const Ratio& tokens) const {
    return params >= min_params && params <= max_params && tokens >= min_tokens && tokens <= max_tokens;
}

FitBox fit_box(const std::vector<ScalingPoint>& points) {
    FitBox box;
    bool first = true;
    for (const ScalingPoint& p : points) {
        if (p.holdout) continue;
        if (first || p.params < box.min_params) box.min_params = p.params;
        if (first || p.params > box.max_params) box.max_params = p.params;
        if (first || p.tokens < box.min_tokens) box.min_tokens = p.tokens;
        if (first || p.tokens > box.max_tokens) box.max_tokens = p.tokens;
        first = false;
    }
    return box;
}

double loss_floor(const ScalingLaw& law, const Ratio& params, const Ratio& params_scale) {
    return law.e + law.a * power(to_double(params / params_scale), -to_double(law.alpha));
}

std::optional<double> tokens_for_loss(const ScalingLaw& law, const Ratio& params, double target, const Ratio& params_scale,
                                      const Ratio& tokens_scale) {
    const double room = target - loss_floor(law, params, params_scale);
    if (!(room > 0)) return std::nullopt;
    return to_double(tokens_scale) * power(law.b / room, 1.0 / to_double(law.beta));
}

ScalingFit scaling_fit(const std::vector<ScalingPoint>& points, const std::vector<Ratio>& alphas, const std::vector<Ratio>& betas,
                       const Ratio& params_scale, const Ratio& tokens_scale) {
    ScalingFit fit;
    const double n0 = to_double(params_scale), d0 = to_double(tokens_scale);
    for (const Ratio& alpha : alphas) {
        for (const Ratio& beta : betas) {
            ++fit.candidates;
            const std::vector<Row> rows = fit_rows(points, to_double(alpha), to_double(beta), n0, d0);
            double c[3];
            const Candidate verdict = judge(rows, c);
            if (verdict != Candidate::Fits) {
                ++fit.rejected;
                if (verdict == Candidate::NotFinite) ++fit.not_finite;
                continue;
            }
            const double sse = squared_error(rows, c);
            if (fit.found && sse >= fit.fit_sse) continue;
            fit.found = true;
            fit.fit_sse = sse;
            fit.law = {alpha, beta, c[0], c[1], c[2]};
        }
    }
    if (!fit.found) return fit;
    double holdout_sse = 0;
    for (const ScalingPoint& p : points) {
        const double predicted = scaling_loss(fit.law, p.params, p.tokens, params_scale, tokens_scale);
        fit.predicted.push_back(predicted);
        const double r = predicted - to_double(p.loss);
        if (p.holdout) {
            ++fit.holdout_count;
            holdout_sse += r * r;
        } else {
            ++fit.fit_count;
        }
    }
    fit.fit_rmse = std::sqrt(fit.fit_sse / static_cast<double>(fit.fit_count));
    if (fit.holdout_count > 0) fit.holdout_rmse = std::sqrt(holdout_sse / static_cast<double>(fit.holdout_count));
    return fit;
}

}  // namespace tally::ch03
