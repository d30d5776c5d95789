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
        if (!line.derivable) {
            CHECK_MESSAGE(line.missing.size() > 20, line.id << ": say which fact the chapter does not give");
            continue;
        }
        CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                               << ", computed " << line.computed);
    }
    MESSAGE("ledger ch08: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total << " in all");
    // ch08.json 68 (KV admission, paging, q8_0 / q4_0 blocks, Qwen3-235B KV), ch08-reads 32, ch08-speculative 39 (§8.5.1's 0.5
    // ms, §8.5.3's 3.57 ms, §8.5.2's 6.72 s and ≈114 tokens; 4.22 s not derivable), ch08-schedule 26 (§8.2.4's 17 → 32 padded
    // rows), ch08-cache 71 (§8.3.4's 3.25× through `over`, §8.3.3's KDA snapshots not derivable; Fig. 8-19's 2,560 recomputed;
    // §8.4.2's 540 / 828 MiB through `minus`; §8.4.3's 1.57 / 0.39 / 1.18 ms), ch08-plan 44 (§8.6.3's 8.8 ms not derivable),
    // ch08-shared 25 (chapters 2–4's ops; §8.3.2's 69 % through `over`), ch08-sources 24 (14 measured from the efficiency
    // dataset, 10 assumed from the workload dataset: Table 8.0-a), ch08-service 13 (measured: the prefix-rounds and service
    // datasets behind Figs. 8-18, 8-33 and 8-34), ch08-quality 8 (measured: the kv-quality dataset's 28, 26 and 28 correct of 32
    // runs behind Figs. 8-26 … 8-28; Q2_K's 64 B, and its 84 B / 2.625 bit / 24 % not derivable).
    CHECK(report.total == 351);
    CHECK(report.derivable == 301);
    CHECK(report.reproduced == report.derivable);
    // Not derivable, each saying what is missing: Q2_K's 84 B / 2.625 bit / 24 %, §8.4.2's 0.487 ms, §8.5.2's 4.22 s,
    // §8.3.3's KDA snapshots 53.6 / 107 / 1,714 MiB and §8.6.3's 8.8 ms.
    CHECK(report.total - report.derivable - report.sourced() == 9);
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
