// Every op of the book, in the order the API names them (docs/api.md, and
// the list an unknown op is told).  Each is defined in its family's file.
//
// This file holds nothing but the list, on purpose: the browser's module for
// chapter 2's pages links its own list instead (src/wasm/op_list_ch02.cpp),
// and because nothing else in this object file is referenced, the linker
// then leaves it, and with it every chapter-3 op, out of that module.
#include "api/ops/all_ops.hpp"
#include "api/ops/chapter_ops.hpp"

namespace tally::api {

namespace {

constexpr const OpDef* kBookOps[] = {TALLY_CHAPTER2_OPS, TALLY_CHAPTER3_OWN_OPS};

}  // namespace

DeclList<const OpDef*> all_ops() { return kBookOps; }

}  // namespace tally::api
