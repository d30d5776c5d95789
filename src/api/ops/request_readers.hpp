// Readers of the request fields several op families share: the model (a
// catalog id or an inline spec, with the variants a request may ask for),
// the storage formats and the execution path.
#pragma once

#include <string>

#include "core/spec.hpp"
#include "core/state.hpp"
#include "api/fields.hpp"
#include "api/ops/all_ops.hpp"

namespace tally::api {

// The chapter's workspace reserve: 2 GiB.
constexpr u128 kDefaultWorkspace = u128{2} << 30;

// Fields several ops share, declared once each (an op lists them in its
// declaration).  A field whose range differs in some ops is a different
// declaration with its own name here: `context` counts positions already
// cached (0 allowed) in forward, request and compare, and tokens stored per
// request (at least 1) in capacity, crossover and param_budget.
namespace fields {
// Every request's language (evaluate() reads it before the op: api.cpp);
// every op declares it through the schema (api/schema.cpp), none reads it.
inline constexpr FieldDecl kLang = field::of_kind("lang", FieldKind::Text, "zh-Hant");
inline constexpr FieldDecl kModel = field::of_kind("model", FieldKind::Model);
inline constexpr FieldDecl kBatch = field::integer("batch", 1, kMaxCount, "1");
inline constexpr FieldDecl kCachedContext = field::integer("context", 0, kMaxCount, "0");
inline constexpr FieldDecl kStoredContext = field::integer("context", 1, kMaxCount);
inline constexpr FieldDecl kInput = field::integer("input", 1, kMaxCount, "1");
inline constexpr FieldDecl kGenerated = field::integer("generated", 1, kMaxCount);
inline constexpr FieldDecl kTokens = field::integer("tokens", 1, kMaxCount);
inline constexpr FieldDecl kGpu = field::of_kind("gpu", FieldKind::Text);
inline constexpr FieldDecl kWorkspace = field::integer("workspace_bytes", 0, kMaxCount, "2147483648");
inline constexpr FieldDecl kWeightDtype = field::of_kind("weight_dtype", FieldKind::Text, "bf16");
inline constexpr FieldDecl kKvDtype = field::of_kind("kv_dtype", FieldKind::Text, "bf16");
inline constexpr FieldDecl kExecution = field::of_kind("execution", FieldKind::Text);
inline constexpr FieldDecl kLayout = field::of_kind("layout", FieldKind::Text, "reference");
inline constexpr FieldDecl kMlaPath = field::of_kind("mla_path", FieldKind::Text);
inline constexpr FieldDecl kKvHeads = field::integer("kv_heads", 1, 4096);
inline constexpr FieldDecl kPairs = field::of_kind("pairs", FieldKind::Text);
inline constexpr FieldDecl kScoreHeads = field::of_kind("score_heads", FieldKind::Text);
inline constexpr FieldDecl kExplain = field::of_kind("explain", FieldKind::Flag, "false");
}  // namespace fields

// `model` is a catalog id or an inline spec object (validated like a content
// file, errors naming the path inside it: "model.groups[0].layers"), changed
// by `mla_path`, `kv_heads`, `pairs` and `score_heads` when given.
ModelSpec model_of(const RequestFields& f);
const Dtype& weight_dtype_of(const RequestFields& f);
const Dtype& kv_dtype_of(const RequestFields& f);
// `layout` is a field only of ops that report state by kind.
StateOptions state_options_of(const RequestFields& f, bool with_layout = false);
// "reference" / "ced" exist only for models with a CED split (V4.1); empty when not given.
std::string execution_of(const RequestFields& f, const ModelSpec& m);

}  // namespace tally::api
