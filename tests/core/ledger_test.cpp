// Walks tests/ledger/ch02*.json: every number chapter 2 prints, the request
// that computes it, and the precision it is printed with.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>

#include "api/ledger.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// tests/ledger/ch02.json plus one ch02-<family>.json per model family.
Json load_entries() { return ledger_entries("ch02"); }

}  // namespace

TEST_CASE("ledger: every derivable printed number of chapter 2 is reproduced") {
    const Json entries = load_entries();
    REQUIRE(entries.size() >= 100);
    const api::LedgerReport report = api::check_ledger(entries);
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.derivable) {
            CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                                   << ", computed " << line.computed);
        } else {
            // Counted apart, never fitted: the entry must name what is missing.
            CHECK_MESSAGE(line.missing.size() > 20, line.id << ": say which fact the chapter does not give");
        }
    }
    MESSAGE("ledger: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                       << report.total - report.derivable << " not derivable from the chapter; " << report.total << " in all");
    CHECK(report.reproduced == report.derivable);
    // The book's calculator's facts (issue 17) made six more entries
    // derivable: V4.1's Engram ×3, K3's "other", 8K prefill and 1M decode.
    CHECK(report.reproduced >= 318);
}

TEST_CASE("ledger ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : load_entries()) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}
