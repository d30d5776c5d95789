// Every op of the book, in the order the API names them (docs/api.md, and
// the list an unknown op is told).  Each is defined in its family's file.
//
// This file holds nothing but the list, on purpose: the browser's module for
// chapter 2's pages links its own list instead (src/wasm/op_list_ch02.cpp),
// and because nothing else in this object file is referenced, the linker
// then leaves it, and with it every chapter-3 op, out of that module.
#include "api/ops/all_ops.hpp"

namespace tally::api {

namespace {

constexpr const OpDef* kBookOps[] = {
    // chapter 2, and the catalog, import and answer ops every chapter uses
    &kCatalogOp,
    &kParamsOp,
    &kForwardOp,
    &kKvOp,
    &kStateOp,
    &kRoutingOp,
    &kStateCurveOp,
    &kCompareOp,
    &kRequestOp,
    &kCrossoverOp,
    &kCapacityOp,
    &kParamBudgetOp,
    &kCheckAnswerOp,
    &kReadQuantityOp,
    &kTurnOp,
    &kDependencyChainOp,
    &kKvFootprintOp,
    &kReplayWindowOp,
    &kEffortScaleOp,
    &kImportHfConfigOp,
    &kCandidatePoolOp,
    &kCrossoverCurveOp,
    &kRoutingCurveOp,
    // chapter 3's closed forms (ops/ch03_flow_*.cpp)
    &kFluidBacklogOp,
    &kWorkloadMixOp,
    &kPercentileOp,
    &kStateTimeOp,
    &kSteadyStateOp,
    &kSuccessCostOp,
    &kHandoffCostOp,
    &kCriticalPathOp,
    &kAmdahlOp,
    &kBranchStateOp,
    &kCedExpertLayersOp,
    &kVisionTokensOp,
    &kAudioPlayoutOp,
    &kAudioInterruptOp,
    &kBufferDepletionOp,
    &kTrainingBudgetOp,
    &kTrainingCalendarOp,
    &kGpuHourFactorOp,
    &kBreakEvenTasksOp,
    // chapter 3 on chapter 2's model accounting (ops/ch03_model_*.cpp)
    &kTrainingOp,
    &kPackingOp,
    &kUpdateTokensOp,
    &kDecodeStepRateOp,
    &kRlCycleOp,
    &kDecisionRequestOp,
    &kMoeTrainingOp,
};

}  // namespace

DeclList<const OpDef*> all_ops() { return kBookOps; }

}  // namespace tally::api
