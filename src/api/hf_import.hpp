// The `import_hf_config` op: a Hugging Face config.json → a Tally model spec
// that every op accepts as an inline `model`, with the model's parameter
// count, its MTP layers' count and its KV bytes per token.
#pragma once

#include "json_out.hpp"

namespace tally::api {

// Model types the importer understands, in the order error messages list them.
extern const char* const kHfModelTypes[12];

// {"op":"import_hf_config","config":{…config.json…},"name":"optional label"}
// → {spec, params, params_display, mtp_params, kv_bytes_per_token, …}.
// A bad config raises FieldError naming "config.<field>".
Json op_import_hf_config(const Json& request);

}  // namespace tally::api
