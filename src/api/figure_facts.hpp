// Spec facts the chapter's diagrams label, so a figure never retypes a
// model's numbers (docs/api.md: `params` → `architecture`):
//   attention_facts   per-kind attention facts of one layer group
//   connection_streams parallel residual streams of a group's connection
//   layout_facts      encoder/decoder layer counts, V4.1's global-cache owners
#pragma once

#include "core/spec.hpp"
#include "json_out.hpp"

namespace tally::api {

Json attention_facts(const Attention& attention);
u64 connection_streams(const Connection& connection);
// Adds to an `architecture` object; keys are present for every model (0 / empty when absent).
void add_layout_facts(const ModelSpec& m, Json& architecture);

}  // namespace tally::api
