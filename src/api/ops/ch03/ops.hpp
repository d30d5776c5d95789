// Chapter 3's own ops (推理與訓練負載): its closed forms (flow_*.cpp), then
// the ops on the shared model accounting (model_*.cpp; src/core/ch03/
// computes them).  content/book.json lists the chapter;
// cmake/book_chapters.cmake puts TALLY_CH03_OPS into the API's list and
// ch03_field_meanings() into `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// flow_*.cpp
extern const OpDef kFluidBacklogOp, kWorkloadMixOp, kPercentileOp, kStateTimeOp, kSteadyStateOp, kSuccessCostOp, kHandoffCostOp,
    kCriticalPathOp, kAmdahlOp, kBranchStateOp, kCedExpertLayersOp, kVisionTokensOp, kAudioPlayoutOp, kAudioInterruptOp,
    kBufferDepletionOp, kMediaWorkOp, kTrainingBudgetOp, kTrainingCalendarOp, kGpuHourFactorOp, kBreakEvenTasksOp,
    kLifecycleCostOp, kChinchillaAllocOp, kScalingFitOp;
// model_*.cpp
extern const OpDef kTrainingOp, kPackingOp, kUpdateTokensOp, kDecodeStepRateOp, kRlCycleOp, kDecisionRequestOp, kMoeTrainingOp;

// In the order the API names them (docs/api.md).
#define TALLY_CH03_OPS                                                                                                           \
    &kFluidBacklogOp, &kWorkloadMixOp, &kPercentileOp, &kStateTimeOp, &kSteadyStateOp, &kSuccessCostOp, &kHandoffCostOp,         \
        &kCriticalPathOp, &kAmdahlOp, &kBranchStateOp, &kCedExpertLayersOp, &kVisionTokensOp, &kAudioPlayoutOp,                  \
        &kAudioInterruptOp, &kBufferDepletionOp, &kMediaWorkOp, &kTrainingBudgetOp, &kTrainingCalendarOp, &kGpuHourFactorOp,     \
        &kBreakEvenTasksOp, &kLifecycleCostOp, &kChinchillaAllocOp, &kScalingFitOp, &kTrainingOp, &kPackingOp, &kUpdateTokensOp, \
        &kDecodeStepRateOp, &kRlCycleOp, &kDecisionRequestOp, &kMoeTrainingOp

// What chapter 3's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch03_field_meanings();

}  // namespace tally::api
