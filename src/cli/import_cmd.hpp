// `tally import path/to/config.json [--format md|json]`.
#pragma once

#include <string>
#include <vector>

namespace tally::cli {

// Prints the imported spec and its summary; 2 on a bad file, JSON or config.
int run_import(const std::vector<std::string>& args);

}  // namespace tally::cli
