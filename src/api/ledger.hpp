// The ledger of printed numbers (tests/ledger/ch*.json): each entry is a
// number the chapter prints, where, its printed precision and unit, and
// either the API request that computes it or, for a measured, published or
// assumed value, the dataset (content/<chapter>/data/<name>.json) that holds
// it with its source.  One checker serves the core tests and
// `tally reproduce <chapter>`.
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
    std::string computed;  // our value (or the dataset's) at the printed precision ("" if not derivable)
    bool derivable = true;
    bool reproduced = false;
    std::string missing;  // the fact the chapter does not give
    // "derivable", "missing" (derivable: false), or the kind of a value the
    // chapter takes from elsewhere: "measured", "published", "assumed".
    std::string kind = "derivable";
    std::string source;    // a sourced entry: "<dataset>: <path>"
    bool matched = false;  // a sourced entry: its dataset gives the printed value at the printed precision
};

struct LedgerReport {
    std::vector<LedgerLine> lines;
    int total = 0;
    int derivable = 0;
    int reproduced = 0;
    // Sourced entries, counted apart from derivable and from missing.
    int measured = 0;
    int published = 0;
    int assumed = 0;
    int matched = 0;  // sourced entries whose dataset agrees with the printed value

    int sourced() const { return measured + published + assumed; }
};

// Evaluates every entry through evaluate(); never throws for a bad entry
// (its line says what went wrong in `computed`).  `datasets` maps a dataset
// name to its file's JSON ({"values": …}); a sourced entry reads its value
// there, so the dataset and the ledger cannot drift apart.
LedgerReport check_ledger(const Json& entries);
LedgerReport check_ledger(const Json& entries, const Json& datasets);

}  // namespace tally::api
