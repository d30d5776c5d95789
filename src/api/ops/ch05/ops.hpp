// Chapter 5's own ops (算子與執行時). content/book.json lists the
// chapter; cmake/book_chapters.cmake puts TALLY_CH05_OPS into the API's list
// after the shared ops and the earlier chapters', and ch05_field_meanings()
// into `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// tiles.cpp
extern const OpDef kSmResidencyOp, kLatencyHidingOp, kMmaCountOp, kSmShareOp, kGemmTileTrafficOp, kRelayoutBufferOp;
// kernels.cpp
extern const OpDef kBankConflictsOp, kSplitReductionOp, kFusionTrafficOp, kQuantScaleOrderOp;
// reduction.cpp
extern const OpDef kReductionOrderOp;
// compiler.cpp
extern const OpDef kQuantFusionTrafficOp, kActivationOrderOp;
// attention.cpp
extern const OpDef kAttentionMaterializedOp, kFlashTileOp, kOnlineSoftmaxOp;
// runtime.cpp
extern const OpDef kShapeMixOp, kHostPipelineOp, kGraphReplayOp, kShapeStrategiesOp, kPersistentTilesOp, kRequestHotspotOp,
    kAmortizeOp;

// In the order the API names them (docs/api.md): the chapter's order.
#define TALLY_CH05_OPS                                                                                                    \
    &kAmortizeOp, &kSmResidencyOp, &kLatencyHidingOp, &kMmaCountOp, &kSmShareOp, &kGemmTileTrafficOp, &kBankConflictsOp,  \
        &kSplitReductionOp, &kReductionOrderOp, &kFusionTrafficOp, &kRelayoutBufferOp, &kAttentionMaterializedOp,         \
        &kOnlineSoftmaxOp, &kFlashTileOp, &kActivationOrderOp, &kQuantScaleOrderOp, &kQuantFusionTrafficOp, &kShapeMixOp, \
        &kHostPipelineOp, &kGraphReplayOp, &kShapeStrategiesOp, &kPersistentTilesOp, &kRequestHotspotOp

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch05_field_meanings();

}  // namespace tally::api
