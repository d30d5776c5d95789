// Chapter 5's own ops (算子與執行時). content/book.json lists the
// chapter; cmake/book_chapters.cmake puts TALLY_CH05_OPS into the API's list
// after the shared ops and the earlier chapters', and ch05_field_meanings()
// into `tally schema`.  Each op is defined in a file of this folder
// (`const OpDef kXOp = {...}`) and declared here.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// extern const OpDef kExampleOp;

// In the order the API names them (docs/api.md): &kExampleOp, ...
#define TALLY_CH05_OPS

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ch05_field_meanings();

}  // namespace tally::api
