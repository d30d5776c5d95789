// The API's declaration as data: every op's fields, result keys and sample
// requests (src/api/ops/), with what each field means.  `tally schema`
// prints it; scripts/gen-api.mjs generates the TypeScript types and
// decoders, the docs' tables and the parity grid's seeds from it.
#pragma once

#include "api/fields.hpp"
#include "api/json_out.hpp"

namespace tally::api {

// What a request field means, for the docs: `tally schema`'s "fields".
struct FieldMeaning {
    const char* field;
    const char* meaning;
    const char* accepted;
};

Json schema_json();

}  // namespace tally::api
