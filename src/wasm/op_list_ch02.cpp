// The ops of the browser's module for chapter 2's pages: chapter 2's, and the
// catalog, import and answer ops every chapter uses.  It replaces the book's
// list (src/api/ops/op_list.cpp), so chapter 3's ops, which no chapter-2
// page asks for, stay out of the module a chapter-2 page loads (its size
// budget: wasm + glue ≤ 150 KiB gzip).  Chapter 3's pages, once built, get a
// module of their own in the same way.  The Node module, the CLI and the
// tests serve every op.
#include "api/ops/all_ops.hpp"
#include "api/ops/chapter_ops.hpp"

namespace tally::api {

namespace {

constexpr const OpDef* kChapter2Ops[] = {TALLY_CHAPTER2_OPS};

}  // namespace

DeclList<const OpDef*> all_ops() { return kChapter2Ops; }

}  // namespace tally::api
