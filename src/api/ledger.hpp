// The ledger of printed numbers (tests/ledger/ch02*.json): each entry is a
// number the chapter prints, where, its printed precision and unit, and the
// API request that computes it.  One checker serves the core tests and
// `tally reproduce ch02`.
#pragma once

#include <string>
#include <vector>

#include "json_out.hpp"

namespace tally::api {

struct LedgerLine {
    std::string id;
    std::string where;
    std::string printed;
    std::string unit;
    std::string computed;  // our value at the printed precision ("" if not derivable)
    bool derivable = true;
    bool reproduced = false;
    std::string missing;  // the fact the chapter does not give
};

struct LedgerReport {
    std::vector<LedgerLine> lines;
    int total = 0;
    int derivable = 0;
    int reproduced = 0;
};

// Evaluates every entry through evaluate(); never throws for a bad entry
// (its line says what went wrong in `computed`).
LedgerReport check_ledger(const Json& entries);

}  // namespace tally::api
