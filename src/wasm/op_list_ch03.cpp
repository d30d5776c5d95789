// The ops of the browser's module for chapter 3's pages: chapter 3's, the
// chapter-2 ops its pages build on (params, forward, kv, state, request,
// turn: the model accounting chapter 3 reuses, content/ch03/widgets-plan.md's
// 核心 lines), and the catalog, import and answer ops every chapter uses.
// Like op_list_ch02.cpp it replaces the book's list (src/api/ops/op_list.cpp),
// so chapter 2's own figures (routing, crossover, capacity, …), which no
// chapter-3 page asks for, stay out of the module a chapter-3 page loads
// (its size budget: wasm + glue ≤ 150 KiB gzip).  The Node module, the CLI
// and the tests serve every op.
#include "api/ops/all_ops.hpp"

namespace tally::api {

namespace {

constexpr const OpDef* kChapter3Ops[] = {
    // shared: the catalog, answers, typed quantities and imported models
    &kCatalogOp,
    &kCheckAnswerOp,
    &kReadQuantityOp,
    &kImportHfConfigOp,
    // chapter 2's model accounting that chapter 3 builds on
    &kParamsOp,
    &kForwardOp,
    &kKvOp,
    &kStateOp,
    &kRequestOp,
    &kTurnOp,
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

DeclList<const OpDef*> all_ops() { return kChapter3Ops; }

}  // namespace tally::api
