// The scaling-law fit as more than one op needs it: scaling_fit shows it,
// lifecycle_cost sizes its models from it (D for a target loss).
#pragma once

#include <string>
#include <vector>

#include "api/fields.hpp"
#include "core/ch03/scaling_fit.hpp"

namespace tally::api::flow {

struct ScalingRun {
    std::vector<ch03::ScalingPoint> points;
    std::vector<std::string> ids;
    Ratio params_scale, tokens_scale;
    ch03::ScalingFit fit;  // found
};

// Reads a scaling_fit body (points, holdout_from, alphas, betas,
// params_scale, tokens_scale) and fits it.  Errors name fields under
// `prefix` ("fit.points[2].loss" when the body is lifecycle_cost's "fit").
ScalingRun run_scaling_fit(const Json& body, const std::string& prefix = "");

}  // namespace tally::api::flow
