// The API's declaration as data: every op's fields, result keys and sample
// requests (src/api/ops/), with what each field means.  `tally schema`
// prints it; scripts/gen-api.mjs generates the TypeScript types and
// decoders, the docs' tables and the parity grid's seeds from it.
#pragma once

#include "api/json_out.hpp"

namespace tally::api {

Json schema_json();

}  // namespace tally::api
