// Readers of the request fields several op families share: the model (a
// catalog id or an inline spec, with the variants a request may ask for),
// the storage formats and the execution path.
#pragma once

#include <string>

#include "core/spec.hpp"
#include "core/state.hpp"
#include "api/fields.hpp"

namespace tally::api {

// The chapter's workspace reserve: 2 GiB.
constexpr u128 kDefaultWorkspace = u128{2} << 30;

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
