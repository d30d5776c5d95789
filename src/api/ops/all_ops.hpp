// Every op of the API, one definition each, in the op family file that
// computes it (src/api/ops/<family>.cpp, or src/api/ops/chNN/ for a
// chapter's own): its name, its handler and its
// declaration (fields, result, samples).  api.cpp lists them in the order
// the API names them; `tally schema` prints the declarations, and
// scripts/gen-api.mjs makes the TypeScript types, the docs' tables and the
// parity grid's seeds from them, so nothing else spells an op out by hand.
#pragma once

#include "api/fields.hpp"
#include "api/json_out.hpp"

namespace tally::api {

// What a result key holds, as the page reads it.
enum class ResultKind {
    Exact,           // an exact integer (a JSON number, or a decimal string past 2^53), or "3514.25" / "7/2"
    Ratio,           // an exact value a page keeps as text ("0.5", "7391021/147456")
    Display,         // a string the core formatted for readers, shown verbatim
    Text,            // any other string (ids, labels, formulas)
    Flag,            // true or false
    List,            // an array of objects, each declared by `items`
    ExactList,       // an array of exact values
    TextList,        // an array of strings (notes, display columns)
    ExactColumns,    // an object of named ExactLists (a chart's series)
    DisplayColumns,  // an object of named lists of displays
    Object,          // nested JSON read by path (a spec, a summary)
    How,             // "how was this computed?" (explain: true)
};

// Whether the key is always there.  A Failure key (compare's per-row
// "error") is there only when its object failed on its own; that object then
// holds its name keys and the failure, not its numbers.
enum class Presence { Always, Optional, Nullable, Failure };

struct ResultDecl {
    const char* key;
    ResultKind kind;
    Presence presence = Presence::Always;
    DeclList<ResultDecl> items = {};
};
using ResultList = DeclList<ResultDecl>;

namespace result {
constexpr ResultDecl exact(const char* key) { return {key, ResultKind::Exact}; }
constexpr ResultDecl ratio(const char* key) { return {key, ResultKind::Ratio}; }
constexpr ResultDecl display(const char* key) { return {key, ResultKind::Display}; }
constexpr ResultDecl text(const char* key) { return {key, ResultKind::Text}; }
constexpr ResultDecl flag(const char* key) { return {key, ResultKind::Flag}; }
constexpr ResultDecl list(const char* key, ResultList items) { return {key, ResultKind::List, Presence::Always, items}; }
constexpr ResultDecl exact_list(const char* key) { return {key, ResultKind::ExactList}; }
constexpr ResultDecl text_list(const char* key) { return {key, ResultKind::TextList}; }
constexpr ResultDecl exact_columns(const char* key) { return {key, ResultKind::ExactColumns}; }
constexpr ResultDecl display_columns(const char* key) { return {key, ResultKind::DisplayColumns}; }
constexpr ResultDecl object(const char* key) { return {key, ResultKind::Object}; }
constexpr ResultDecl notes() { return {"notes", ResultKind::TextList}; }
constexpr ResultDecl how() { return {"how", ResultKind::How, Presence::Optional}; }
constexpr ResultDecl optional(ResultDecl d) { return {d.key, d.kind, Presence::Optional, d.items}; }
constexpr ResultDecl nullable(ResultDecl d) { return {d.key, d.kind, Presence::Nullable, d.items}; }
constexpr ResultDecl failure(const char* key) { return {key, ResultKind::Display, Presence::Failure}; }
}  // namespace result

struct OpDef {
    const char* name;
    // The request as parsed JSON in, the result out; throws FieldError and
    // the core's errors, which evaluate() turns into error responses.
    Json (*run)(const Json& request);
    // The fields RequestFields accepts, in the order an unknown field's
    // message lists them.  An op explains when it declares "explain".
    FieldList fields;
    // Every key a result may hold.
    ResultList result;
    // Requests that succeed: the doctest checks the result against the
    // declaration on them, and the parity grid sends them to both engines.
    DeclList<const char*> samples;

    using Run = Json (*)(const Json& request);
    // Only `tally schema`, the doctest and the generator read `result` and
    // `samples`, all native: the WASM module drops them (and, no longer
    // referenced, their tables and strings), which keeps about 9 KB of
    // declarations out of what every page downloads.
    constexpr OpDef(const char* op_name, Run handler, FieldList op_fields, ResultList op_result, DeclList<const char*> op_samples)
        : name(op_name),
          run(handler),
          fields(op_fields)
#ifndef __EMSCRIPTEN__
          ,
          result(op_result),
          samples(op_samples)
#endif
    {
        (void)op_result;
        (void)op_samples;
    }
};

// All ops in the order the API names them: the shared ops, then each
// chapter's (generated from content/book.json: cmake/book_chapters.cmake).
DeclList<const OpDef*> all_ops();

// catalog.cpp
extern const OpDef kCatalogOp;
// params.cpp
extern const OpDef kParamsOp;
// forward.cpp
extern const OpDef kForwardOp;
// state.cpp
extern const OpDef kKvOp, kStateOp, kStateCurveOp;
// request.cpp
extern const OpDef kRequestOp, kTurnOp, kDependencyChainOp;
// import.cpp
extern const OpDef kImportHfConfigOp;
// answers.cpp (api/answer_op.cpp computes them)
extern const OpDef kCheckAnswerOp, kReadQuantityOp;

// The ops every chapter uses, in the order the API names them (docs/api.md);
// each chapter's own follow, from its folder (src/api/ops/chNN/ops.hpp), in
// content/book.json's order (cmake/book_chapters.cmake writes the list).
#define TALLY_SHARED_OPS                                                                                                 \
    &kCatalogOp, &kParamsOp, &kForwardOp, &kKvOp, &kStateOp, &kStateCurveOp, &kRequestOp, &kTurnOp, &kDependencyChainOp, \
        &kCheckAnswerOp, &kReadQuantityOp, &kImportHfConfigOp

}  // namespace tally::api
