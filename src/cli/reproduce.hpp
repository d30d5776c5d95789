// `tally reproduce <chapter>` (a chapter id of content/book.json, "ch02"):
// the chapter's tables recomputed by the core, then its ledger summary
// (reproduced / derivable / total).
#pragma once

#include <string>
#include <vector>

namespace tally::cli {

int run_reproduce(const std::vector<std::string>& args);

}  // namespace tally::cli
