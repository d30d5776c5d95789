// Chapter 4's own ops (加速器架構): its closed forms over a device's rates.
// content/book.json lists the chapter; cmake/book_chapters.cmake puts
// TALLY_CH04_OPS into the API's list after the shared ops and the earlier
// chapters', and ch04_field_meanings() into `tally schema`.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// projection.cpp
extern const OpDef kProjectionOp;
// movement.cpp
extern const OpDef kDoubleBufferOp, kLinkTimeOp, kLittleBandwidthOp, kHostUploadOp;
// locality.cpp
extern const OpDef kDieLocalityOp;
// pipeline.cpp
extern const OpDef kSlotPipelineOp;
// energy.cpp
extern const OpDef kEnergyLedgerOp, kDynamicPowerOp, kHbmStackOp;
// formats.cpp
extern const OpDef kQuantBytesOp, kTilePaddingOp, kExpertPaddingOp;
// choice.cpp
extern const OpDef kSpecializationBreakevenOp, kRomSplitOp;
// attention.cpp
extern const OpDef kAttentionTileOp;
// layout.cpp
extern const OpDef kStridedTileOp, kIm2colTrafficOp, kHandoffBandwidthOp;
// budget.cpp
extern const OpDef kDeviceBudgetOp, kDeviceCompareOp, kPowerCapOp, kSramChipsOp;

// In the order the API names them (docs/api.md).
#define TALLY_CH04_OPS                                                                                                       \
    &kProjectionOp, &kAttentionTileOp, &kDynamicPowerOp, &kEnergyLedgerOp, &kPowerCapOp, &kHbmStackOp, &kTilePaddingOp,      \
        &kExpertPaddingOp, &kQuantBytesOp, &kStridedTileOp, &kLittleBandwidthOp, &kDoubleBufferOp, &kSlotPipelineOp,         \
        &kHostUploadOp, &kLinkTimeOp, &kIm2colTrafficOp, &kHandoffBandwidthOp, &kDieLocalityOp, &kSramChipsOp, &kRomSplitOp, \
        &kDeviceBudgetOp, &kDeviceCompareOp, &kSpecializationBreakevenOp

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch04_field_meanings();

}  // namespace tally::api
