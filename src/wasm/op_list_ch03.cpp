// The ops of the browser's module for chapter 3's pages: chapter 3's, the
// chapter-2 ops its pages build on (params, forward, kv, state, request,
// turn: the model accounting chapter 3 reuses, content/ch03/widgets-plan.md's
// 核心 lines), and the catalog and answer ops every chapter uses.  Not the
// importer (import_hf_config, 10 KiB gzip): a chapter-3 page or embed sends
// an import to chapter 2's module, loaded only then (content/book.json
// "importer", web/src/import/import-core.ts), and the spec it returns runs
// here inline.
// Like op_list_ch02.cpp it replaces the book's list (src/api/ops/op_list.cpp),
// so chapter 2's own figures (routing, crossover, capacity, …), which no
// chapter-3 page asks for, stay out of the module a chapter-3 page loads
// (its size budget: wasm + glue ≤ 150 KiB gzip).  The Node module, the CLI
// and the tests serve every op.
#include "api/ops/all_ops.hpp"
#include "api/ops/chapter_ops.hpp"

namespace tally::api {

namespace {

constexpr const OpDef* kChapter3Ops[] = {
    // shared: the catalog, answers and typed quantities
    &kCatalogOp,
    &kCheckAnswerOp,
    &kReadQuantityOp,
    // chapter 2's model accounting that chapter 3 builds on
    &kParamsOp,
    &kForwardOp,
    &kKvOp,
    &kStateOp,
    &kTurnOp,
    // chapter 3's own
    TALLY_CHAPTER3_OWN_OPS,
};

}  // namespace

DeclList<const OpDef*> all_ops() { return kChapter3Ops; }

}  // namespace tally::api
