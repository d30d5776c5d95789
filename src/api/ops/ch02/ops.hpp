// Chapter 2's own ops (模型架構): its figures, capacity and comparisons, on
// the shared model accounting (src/api/ops/*.cpp).  content/book.json lists
// the chapter; cmake/book_chapters.cmake puts TALLY_CH02_OPS into the API's
// list after the shared ops, and ch02_field_meanings() into `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// capacity.cpp
extern const OpDef kCrossoverOp, kCapacityOp, kParamBudgetOp;
// routing.cpp
extern const OpDef kRoutingOp;
// curves.cpp
extern const OpDef kCrossoverCurveOp, kRoutingCurveOp;
// compare.cpp
extern const OpDef kCompareOp;
// article.cpp (api/article_ops.cpp computes them)
extern const OpDef kKvFootprintOp, kReplayWindowOp, kEffortScaleOp;
// figures.cpp (api/figure_facts.cpp computes it)
extern const OpDef kCandidatePoolOp;

// In the order the API names them (docs/api.md).
#define TALLY_CH02_OPS                                                                                                          \
    &kRoutingOp, &kCompareOp, &kCrossoverOp, &kCapacityOp, &kParamBudgetOp, &kKvFootprintOp, &kReplayWindowOp, &kEffortScaleOp, \
        &kCandidatePoolOp, &kCrossoverCurveOp, &kRoutingCurveOp

// What chapter 2's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch02_field_meanings();

}  // namespace tally::api
