// `tally reproduce ch02`: every table of chapter 2 recomputed by the core,
// then the ledger summary (reproduced / derivable / total).
#pragma once

#include <string>
#include <vector>

namespace tally::cli {

int run_reproduce(const std::vector<std::string>& args);

}  // namespace tally::cli
