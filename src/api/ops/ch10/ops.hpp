// Chapter 10's own ops (訓練系統): training state, deadlines, schedules and
// failures of a training run.  content/book.json lists the chapter;
// cmake/book_chapters.cmake puts TALLY_CH10_OPS into the API's list after the
// shared ops and the earlier chapters', and ch10_field_meanings() into
// `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// state.cpp
extern const OpDef kZeroStateOp;
// deadline.cpp
extern const OpDef kTrainingDeadlineOp, kComputeFloorOp;
// batch.cpp
extern const OpDef kCriticalBatchOp;
// pipeline.cpp
extern const OpDef kPipelineScheduleOp;
// moe.cpp
extern const OpDef kMoeCapacityOp;
// overlap.cpp
extern const OpDef kOffloadCastOp, kBucketOverlapOp, kStrongScalingOp;
// failures.cpp
extern const OpDef kStragglerOp, kDenseScaleOp;
// activations.cpp
extern const OpDef kRecomputeSavingsOp, kInputSupplyOp;
// loss.cpp
extern const OpDef kTokenMeanLossOp;
// checkpoint.cpp
extern const OpDef kCheckpointIntervalOp, kAsyncCheckpointOp;
// reshard.cpp
extern const OpDef kReshardRowsOp;
// rl.cpp
extern const OpDef kRlStagesOp, kSwitchPeakOp, kRoutingRecordOp, kLogprobRatioOp;

// In the order the API names them (docs/api.md), the chapter's order.
#define TALLY_CH10_OPS                                                                                               \
    &kCriticalBatchOp, &kZeroStateOp, &kComputeFloorOp, &kRecomputeSavingsOp, &kOffloadCastOp, &kPipelineScheduleOp, \
        &kTokenMeanLossOp, &kBucketOverlapOp, &kStrongScalingOp, &kMoeCapacityOp, &kInputSupplyOp, &kReshardRowsOp,  \
        &kAsyncCheckpointOp, &kCheckpointIntervalOp, &kStragglerOp, &kRlStagesOp, &kSwitchPeakOp, &kLogprobRatioOp,  \
        &kRoutingRecordOp, &kTrainingDeadlineOp, &kDenseScaleOp

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch10_field_meanings();

}  // namespace tally::api
