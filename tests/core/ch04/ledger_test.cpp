// Walks tests/ledger/ch04*.json: every number chapter 4 prints that its ops
// compute so far, the request that computes it, and the precision it is
// printed with.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "api/ledger.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

Json load_ch04_entries() { return ledger_entries("ch04"); }

}  // namespace

TEST_CASE("ledger ch04: every derivable printed number of chapter 4 is reproduced") {
    const Json entries = load_ch04_entries();
    const api::LedgerReport report = api::check_ledger(entries);
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                               << ", computed " << line.computed);
    }
    MESSAGE("ledger ch04: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total << " in all");
    // projection 35, link_time 12, little_bandwidth 9, double_buffer 4 (so far: the chapter is a draft).
    CHECK(report.total == 60);
    CHECK(report.derivable == report.total);
    CHECK(report.reproduced == report.derivable);
}

TEST_CASE("ledger ch04 ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : load_ch04_entries()) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}
