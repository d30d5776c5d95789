// Chapter 8's own ops (推理最佳化): admission, scheduling, caching,
// offload, speculative decoding and the batch plans of §8.6.3, on chapters
// 2–3's model accounting.  content/book.json lists the chapter;
// cmake/book_chapters.cmake puts TALLY_CH08_OPS into the API's list after
// the shared ops and the earlier chapters', and ch08_field_meanings() into
// `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// speculative.cpp
extern const OpDef kSpeculativeOp;
// lora.cpp
extern const OpDef kLoraBytesOp;
// acceptance.cpp
extern const OpDef kAcceptanceRuleOp;
// memory.cpp
extern const OpDef kKvAdmissionOp, kPagingLayoutOp, kWeightOffloadOp;
// schedule.cpp
extern const OpDef kStepTimeOp, kIterationScheduleOp;
// prefix_cache.cpp
extern const OpDef kPrefixCacheValueOp;
// plan.cpp
extern const OpDef kDecodeReadOp, kBatchPlanOp;

// In the order the API names them (docs/api.md).
#define TALLY_CH08_OPS                                                                                                           \
    &kKvAdmissionOp, &kPagingLayoutOp, &kDecodeReadOp, &kLoraBytesOp, &kStepTimeOp, &kIterationScheduleOp, &kPrefixCacheValueOp, \
        &kWeightOffloadOp, &kAcceptanceRuleOp, &kSpeculativeOp, &kBatchPlanOp

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch08_field_meanings();

}  // namespace tally::api
