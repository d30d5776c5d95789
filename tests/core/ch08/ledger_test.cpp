// Walks tests/ledger/ch08*.json: every number chapter 8 prints that its ops
// compute so far, the request that computes it and the precision it is
// printed with; measured and assumed values are read from content/ch08/data/.
#include <doctest/doctest.h>

#include <set>

#include "api/ledger.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ledger ch08: every derivable printed number of chapter 8 is reproduced") {
    const Json entries = ledger_entries("ch08");
    const api::LedgerReport report = api::check_ledger(entries, chapter_datasets("ch08"));
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.kind == "measured" || line.kind == "assumed") {
            CHECK_MESSAGE(line.matched, line.id << ": printed " << line.printed << ", dataset " << line.computed);
            continue;
        }
        CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                               << ", computed " << line.computed);
    }
    MESSAGE("ledger ch08: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total << " in all");
    // ch08.json 68 (KV admission, paging, q8_0 / q4_0 blocks, Qwen3-235B KV), ch08-reads 32, ch08-speculative 35, ch08-schedule
    // 24, ch08-cache 60 (Fig. 8-19's 2,560 recomputed), ch08-plan 42, ch08-shared 24 (chapters 2–4's ops), ch08-sources 24 (14
    // measured from the efficiency dataset, 10 assumed from the workload dataset: Table 8.0-a), ch08-service 13 (measured: the
    // prefix-rounds and service datasets behind Figs. 8-18, 8-33 and 8-34), ch08-quality 4 (measured: the kv-quality dataset's
    // 28, 26 and 28 correct of 32 runs behind Figs. 8-26 … 8-28).
    CHECK(report.total == 326);
    CHECK(report.derivable == 285);
    CHECK(report.reproduced == report.derivable);
    CHECK(report.measured == 31);
    CHECK(report.assumed == 10);
    CHECK(report.matched == report.sourced());
}

TEST_CASE("ledger ch08 ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : ledger_entries("ch08")) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}
