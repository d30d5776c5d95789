// The ops of each chapter, written once, for the lists that link them: the
// book's (op_list.cpp: every op, for the CLI, the tests and the Node module)
// and each chapter's browser module (src/wasm/op_list_ch0N.cpp).  Macros,
// not arrays: a list names only the ops it links, so a chapter's module
// leaves the other chapters' ops (and their code) out of the link.
#pragma once

// Chapter 2's, with the catalog and answer ops every chapter uses and the
// importer (chapter 3's module leaves it to chapter 2's: content/book.json
// "importer"), in the order the API names them (docs/api.md).
#define TALLY_CHAPTER2_OPS                                                                                              \
    &kCatalogOp, &kParamsOp, &kForwardOp, &kKvOp, &kStateOp, &kRoutingOp, &kStateCurveOp, &kCompareOp, &kRequestOp,     \
        &kCrossoverOp, &kCapacityOp, &kParamBudgetOp, &kCheckAnswerOp, &kReadQuantityOp, &kTurnOp, &kDependencyChainOp, \
        &kKvFootprintOp, &kReplayWindowOp, &kEffortScaleOp, &kImportHfConfigOp, &kCandidatePoolOp, &kCrossoverCurveOp,  \
        &kRoutingCurveOp

// Chapter 3's own: its closed forms (ops/ch03_flow_*.cpp), then the ops on
// chapter 2's model accounting (ops/ch03_model_*.cpp).
#define TALLY_CHAPTER3_OWN_OPS                                                                                                   \
    &kFluidBacklogOp, &kWorkloadMixOp, &kPercentileOp, &kStateTimeOp, &kSteadyStateOp, &kSuccessCostOp, &kHandoffCostOp,         \
        &kCriticalPathOp, &kAmdahlOp, &kBranchStateOp, &kCedExpertLayersOp, &kVisionTokensOp, &kAudioPlayoutOp,                  \
        &kAudioInterruptOp, &kBufferDepletionOp, &kMediaWorkOp, &kTrainingBudgetOp, &kTrainingCalendarOp, &kGpuHourFactorOp,     \
        &kBreakEvenTasksOp, &kLifecycleCostOp, &kChinchillaAllocOp, &kScalingFitOp, &kTrainingOp, &kPackingOp, &kUpdateTokensOp, \
        &kDecodeStepRateOp, &kRlCycleOp, &kDecisionRequestOp, &kMoeTrainingOp
