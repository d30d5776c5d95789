// Parts of results several op families share: a line item of a forward
// pass or a state, and the note that a length passes the model's context.
#pragma once

#include "api/json_out.hpp"
#include "core/items.hpp"
#include "core/spec.hpp"

namespace tally::api {

// One line item: its formula, substitution and value, as FLOPs or bytes.
Json item_json(const LineItem& it, bool flops);

// Notes when a length passes the model's released context: computed by the
// same structure, but flagged as an extrapolation (as the chapter does).
Json context_notes(const ModelSpec& m, u128 positions);

}  // namespace tally::api
