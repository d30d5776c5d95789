// `--model` of the friendly subcommands: a catalog id, or a file — a Tally
// spec (content/models format), the JSON that `tally import --format json`
// prints, or a Hugging Face config.json (imported by the import_hf_config op).
#pragma once

#include <string>

#include "api/json_out.hpp"

namespace tally::cli {

// True when the value names a file rather than a catalog id: it ends in
// ".json" or contains a path separator (catalog ids never do).
bool names_a_file(const std::string& value);

// The request's `model` for a file: the spec object inside it. Throws
// std::runtime_error with a reader-facing message (the op's, for a config the
// importer refuses) naming the file.
api::Json model_from_file(const std::string& path);

}  // namespace tally::cli
