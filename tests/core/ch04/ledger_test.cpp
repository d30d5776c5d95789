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
    // ch04-attention 13 (attention_tile), ch04.json 60 (projection, link_time, little_bandwidth, double_buffer), ch04-devices 45,
    // ch04-energy 39, ch04-hbm 10, ch04-pipeline 36, ch04-formats 20, ch04-choice 28, ch04-reads 29 (die_locality adds the three
    // ratios of §4.5.1), ch04-compare 14, ch04-preparation 23 (strided_tile, im2col_traffic, handoff_bandwidth).
    CHECK(report.total == 317);
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
