// Every op of the API, one definition each, in the op family file that
// computes it (src/api/ops/<family>.cpp): its name and its handler.  api.cpp
// lists them in the order the API names them; nothing else refers to an op
// by its name.
#pragma once

#include "api/json_out.hpp"

namespace tally::api {

struct OpDef {
    const char* name;
    // The request as parsed JSON in, the result out; throws FieldError and
    // the core's errors, which evaluate() turns into error responses.
    Json (*run)(const Json& request);
};

// catalog.cpp
extern const OpDef kCatalogOp;
// params.cpp
extern const OpDef kParamsOp;
// forward.cpp
extern const OpDef kForwardOp;
// state.cpp
extern const OpDef kKvOp, kStateOp, kStateCurveOp;
// request.cpp
extern const OpDef kRequestOp, kTurnOp, kDependencyChainOp;
// capacity.cpp
extern const OpDef kCrossoverOp, kCapacityOp, kParamBudgetOp;
// routing.cpp
extern const OpDef kRoutingOp;
// curves.cpp
extern const OpDef kCrossoverCurveOp, kRoutingCurveOp;
// compare.cpp
extern const OpDef kCompareOp;
// import.cpp
extern const OpDef kImportHfConfigOp;
// answers.cpp (api/answer_op.cpp computes them)
extern const OpDef kCheckAnswerOp, kReadQuantityOp;
// article.cpp (api/article_ops.cpp computes them)
extern const OpDef kKvFootprintOp, kReplayWindowOp, kEffortScaleOp;
// figures.cpp (api/figure_facts.cpp computes it)
extern const OpDef kCandidatePoolOp;

}  // namespace tally::api
