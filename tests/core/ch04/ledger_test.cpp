// Walks tests/ledger/ch04*.json: every number chapter 4 prints that its ops
// compute, the request that computes it, and the precision it is printed
// with; measured, published and assumed values are read from
// content/ch04/data/ and must match their dataset.
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
    const api::LedgerReport report = api::check_ledger(entries, chapter_datasets("ch04"));
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.kind == "missing") {
            // Not derivable: the entry must say what is missing (Table 4.4.3-a's hand-off schedule).
            CHECK_MESSAGE(!line.missing.empty(), line.id << " is not derivable and says nothing of why");
            continue;
        }
        if (line.kind == "measured" || line.kind == "published" || line.kind == "assumed") {
            CHECK_MESSAGE(line.matched, line.id << ": printed " << line.printed << ", dataset " << line.computed);
            continue;
        }
        CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                               << ", computed " << line.computed);
    }
    MESSAGE("ledger ch04: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total << " in all");
    // ch04-attention 13 (attention_tile), ch04.json 60 (projection, link_time, little_bandwidth, double_buffer), ch04-devices 45,
    // ch04-energy 39, ch04-hbm 10, ch04-pipeline 36, ch04-formats 20, ch04-choice 28, ch04-reads 29 (die_locality adds the three
    // ratios of §4.5.1), ch04-compare 14, ch04-preparation 23 (strided_tile, im2col_traffic, handoff_bandwidth).
    // ch04-measured 19, read from Experiment 4-6's datasets: Table 4.8.3-a's eight medians, Figs. 4-37 and 4-38's
    // DRAM reads, and §4.8.4's time ratios, energies per call and break-even powers made from them.
    // ch04-sources: published 156 (hardware-specs 141: Tables 4.6.1-a and 4.1.3-a, the HBM table, TDPs, links, shared memory,
    // packages, Ascend, Rubin, Apple, TPU v1, SRAM, HBM2 and 45 nm energies, LogicFolding, FA4's per-SM rates; model-specs 15:
    // Qwen3-8B) and assumed 73 (teaching-assumptions: the inputs the chapter chooses for its examples). ch04-handoff 12, not
    // derivable: Table 4.4.3-a's ten starts and finishes and the −38 % / −6 % after it (no hand-off scheduler op; 5,118 is not
    // even the stage sum 5,120).
    CHECK(report.total == 577);
    CHECK(report.derivable == 317);
    CHECK(report.reproduced == report.derivable);
    CHECK(report.measured == 19);
    CHECK(report.published == 156);
    CHECK(report.assumed == 73);
    CHECK(report.matched == report.sourced());
}

TEST_CASE("ledger ch04 ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : load_ch04_entries()) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}
