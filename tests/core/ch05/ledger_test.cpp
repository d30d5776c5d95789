// Walks tests/ledger/ch05*.json: every number chapter 5 prints that its ops
// compute so far, the request that computes it, and the precision it is
// printed with; measured values are read from content/ch05/data/.
#include <doctest/doctest.h>

#include <set>

#include "api/ledger.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ledger ch05: every derivable printed number of chapter 5 is reproduced") {
    const Json entries = ledger_entries("ch05");
    const api::LedgerReport report = api::check_ledger(entries, chapter_datasets("ch05"));
    std::size_t missing = 0;
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.kind == "measured") {
            CHECK_MESSAGE(line.matched, line.id << ": printed " << line.printed << ", dataset " << line.computed);
            continue;
        }
        if (!line.derivable) {
            ++missing;
            CHECK_FALSE(line.missing.empty());  // says what the ledger cannot express
            continue;
        }
        CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                               << ", computed " << line.computed);
    }
    MESSAGE("ledger ch05: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total << " in all");
    // ch05-tiles 114, ch05-kernels 84, ch05-reduction 19, ch05-attention 28, ch05-runtime 98; three are not derivable (the
    // truncated 31.7 of Table 5.2.2-a, a difference and a ratio of two flash_tile requests). ch05-measured 28, read from
    // the datasets: Experiment 5-8's launch and kernel counts (launch-trace, Figs. 5-28 to 5-31) and Experiment 5-9's 11
    // request pairs (replacement-pairs, Fig. 5-40).
    CHECK(report.total == 371);
    CHECK(report.derivable == 340);
    CHECK(report.reproduced == report.derivable);
    CHECK(missing == 3);
    CHECK(report.measured == 28);
    CHECK(report.matched == report.sourced());
}

TEST_CASE("ledger ch05 ids are unique") {
    const Json entries = ledger_entries("ch05");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string id = entries[i]["id"].get<std::string>();
        CAPTURE(id);
        CHECK(seen.insert(id).second);
    }
    CHECK(seen.size() == 371);
}
