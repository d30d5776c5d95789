// Walks tests/ledger/ch03*.json: every number chapter 3 prints, the request
// that computes it or, for a measured, published or assumed value, the
// dataset that holds it (content/ch03/data/<name>.json, with its source),
// and the precision it is printed with.
#include <doctest/doctest.h>

#include <set>

#include "api/ledger.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// tests/ledger/ch03.json plus one ch03-<area>.json per area of the chapter.
Json load_ch03_entries() { return ledger_entries("ch03"); }

// A dataset of the shape the ledger reads, for the checker's own rules.
const char* const kToyDataset = R"({
  "values": {
    "reports": [
      {"mode": "uniform", "ttft_p95_s": 242.91785090602934, "preemptions": 62, "kv": 1.0},
      {"mode": "phased", "ttft_p95_s": 258.87075425405055, "preemptions": 24, "kv": 1.0}
    ],
    "runs": [{"thinking": false, "cached": 16304, "input": 19556}, {"thinking": true, "cached": 4480, "input": 5297}],
    "rows": [{"N": 100000000.0, "cost": 452666.5388626628}, {"N": 500000000.0, "cost": 188141.2386091265}],
    "tiny": 6.255996413528919e-05,
    "huge": 9.273e+20,
    "mfu": "38/100",
    "printed": "0.013880",
    "negative": -0.002204033842806652
  }
})";

Json toy_entry(const std::string& printed, const Json& source, const std::string& kind = "measured") {
    return Json{{"id", "toy"}, {"kind", kind}, {"where", "toy"}, {"printed", printed}, {"unit", "s"}, {"source", source}};
}

api::LedgerLine check_one(const Json& entry) {
    const Json datasets = Json{{"toy", Json::parse(kToyDataset)}};
    const api::LedgerReport report = api::check_ledger(Json::array({entry}), datasets);
    REQUIRE(report.lines.size() == 1);
    return report.lines[0];
}

}  // namespace

TEST_CASE("ledger ch03: every derivable printed number of chapter 3 is reproduced, every sourced one agrees with its dataset") {
    const Json entries = load_ch03_entries();
    REQUIRE(entries.size() >= 200);
    const api::LedgerReport report = api::check_ledger(entries, chapter_datasets("ch03"));
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.kind == "measured" || line.kind == "published" || line.kind == "assumed") {
            CHECK_MESSAGE(line.matched, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                                << ", dataset " << line.computed << " (" << line.source << ")");
        } else if (line.derivable) {
            CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                                   << ", computed " << line.computed);
        } else {
            CHECK_MESSAGE(line.missing.size() > 20, line.id << ": say which fact the chapter does not give");
        }
    }
    MESSAGE("ledger ch03: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.measured << " measured, " << report.published << " published, " << report.assumed
                            << " assumed (" << report.matched << " agree with their datasets); "
                            << report.total - report.derivable - report.sourced() << " not derivable; " << report.total
                            << " in all");
    CHECK(report.reproduced == report.derivable);
    CHECK(report.matched == report.sourced());
    // tests/ledger/ch03-sources.json: the replay, traces, speech arrivals and
    // math attempts; the C4 points, lifecycle, training history, Jev, the
    // Llama 3 card, papers and hardware; the chapter's teaching inputs.
    CHECK(report.measured == 50);
    CHECK(report.published == 63);
    CHECK(report.assumed == 106);
    // Sourced entries are counted apart from derivable and from missing:
    // every line is exactly one of the three.
    int derivable = 0, missing = 0, sourced = 0;
    for (const auto& line : report.lines) {
        if (line.kind == "derivable") ++derivable;
        if (line.kind == "missing") ++missing;
        if (!line.source.empty()) ++sourced;
        CHECK(line.derivable == (line.kind == "derivable"));
    }
    CHECK(derivable == report.derivable);
    CHECK(sourced == report.sourced());
    CHECK(derivable + missing + sourced == report.total);
}

TEST_CASE("ledger ch03 ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : load_ch03_entries()) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}

TEST_CASE("ledger ch03: every dataset names its own id and says where its values come from") {
    const Json datasets = chapter_datasets("ch03");
    REQUIRE(datasets.size() >= 12);
    for (const auto& name : {"vllm-replay", "agent-traces", "speech-arrivals", "c4-scaling-fit", "c4-lifecycle",
                             "training-history", "teaching-assumptions"}) {
        CAPTURE(name);
        REQUIRE(datasets.contains(name));
        const Json& d = datasets.at(name);
        CHECK(d.at("id").get<std::string>() == name);
        CHECK(d.at("source").at("repo").get<std::string>().find('/') != std::string::npos);
        CHECK(d.at("source").at("commit").get<std::string>().size() == 40);
    }
    // A source the repository does not hold says so, and what it lacks.
    const Json& jev = datasets.at("jev-demo");
    CHECK_FALSE(jev.at("source").at("in_repository").get<bool>());
    CHECK(jev.at("missing").get<std::string>().size() > 20);
}

TEST_CASE("ledger: a measured entry is read from its dataset and compared at the printed precision") {
    const auto line = check_one(toy_entry("242.9", Json{{"dataset", "toy"}, {"path", "reports[mode=uniform].ttft_p95_s"}}));
    CHECK(line.kind == "measured");
    CHECK_FALSE(line.derivable);
    CHECK(line.matched);
    CHECK(line.computed == "242.9");
    CHECK(line.source == "toy: reports[mode=uniform].ttft_p95_s");
    // One more decimal than the dataset supports at this rounding: 242.92, not 242.91.
    const auto finer = check_one(toy_entry("242.91", Json{{"dataset", "toy"}, {"path", "reports[mode=uniform].ttft_p95_s"}}));
    CHECK_FALSE(finer.matched);
    CHECK(finer.computed == "242.92");
}

TEST_CASE("ledger: sourced paths select by field, by index and by a number with a dot; sum, subtract, divide, scale") {
    CHECK(check_one(toy_entry("24", Json{{"dataset", "toy"}, {"path", "reports[1].preemptions"}})).matched);
    CHECK(check_one(toy_entry("83.4", Json{{"dataset", "toy"},
                                           {"path", "runs[thinking=false].cached"},
                                           {"over", "runs[thinking=false].input"},
                                           {"times", 100}}))
              .matched);
    CHECK(check_one(toy_entry("16", Json{{"dataset", "toy"},
                                         {"path", "reports[mode=phased].ttft_p95_s"},
                                         {"minus", "reports[mode=uniform].ttft_p95_s"}}))
              .matched);
    CHECK(check_one(toy_entry("73.5", Json{{"dataset", "toy"},
                                           {"path", "rows[N=100000000.0].cost"},
                                           {"minus", "rows[N=500000000.0].cost"},
                                           {"per", 3600}}))
              .matched);
    CHECK(check_one(toy_entry("148", Json{{"dataset", "toy"},
                                          {"path", Json::array({"reports[0].preemptions", "reports[1].preemptions",
                                                                "reports[mode=uniform].preemptions"})}}))
              .matched);
    CHECK(check_one(toy_entry("100", Json{{"dataset", "toy"}, {"path", "reports[0].kv"}, {"times", 100}}, "published")).matched);
}

TEST_CASE("ledger: dataset numbers are exact as written: exponents, fractions, trailing zeros") {
    CHECK(check_one(toy_entry("0.0000626", Json{{"dataset", "toy"}, {"path", "tiny"}})).matched);
    CHECK(check_one(toy_entry("927.3", Json{{"dataset", "toy"}, {"path", "huge"}, {"per", 1000000000000000000ULL}})).matched);
    CHECK(check_one(toy_entry("38", Json{{"dataset", "toy"}, {"path", "mfu"}, {"times", 100}})).matched);
    CHECK(check_one(toy_entry("0.013880", Json{{"dataset", "toy"}, {"path", "printed"}}, "assumed")).matched);
}

TEST_CASE("ledger: a sourced entry that cannot be read says why and is not counted as agreeing") {
    const auto no_dataset = check_one(toy_entry("1", Json{{"dataset", "nope"}, {"path", "x"}}));
    CHECK_FALSE(no_dataset.matched);
    CHECK(no_dataset.computed.find("nope") != std::string::npos);
    const auto no_match = check_one(toy_entry("1", Json{{"dataset", "toy"}, {"path", "reports[mode=bursty].preemptions"}}));
    CHECK_FALSE(no_match.matched);
    CHECK(no_match.computed.find("mode=bursty") != std::string::npos);
    const auto negative = check_one(toy_entry("0.002", Json{{"dataset", "toy"}, {"path", "negative"}}));
    CHECK_FALSE(negative.matched);
    CHECK(negative.computed.find("negative") != std::string::npos);
    const auto below_zero = check_one(toy_entry(
        "1", Json{{"dataset", "toy"}, {"path", "reports[0].preemptions"}, {"minus", "reports[mode=uniform].ttft_p95_s"}}));
    CHECK_FALSE(below_zero.matched);
    const api::LedgerReport report =
        api::check_ledger(Json::array({toy_entry("1", Json{{"dataset", "nope"}, {"path", "x"}}, "published")}), Json::object());
    CHECK(report.published == 1);
    CHECK(report.matched == 0);
    CHECK(report.derivable == 0);
    CHECK(report.total == 1);
}

// A computed entry whose request answers with a ratio the book prints as a change.
Json change_entry(const std::string& printed, const Json& less) {
    Json entry{{"id", "toy"},
               {"where", "toy"},
               {"printed", printed},
               {"request", {{"op", "decision_request"}, {"model", "qwen3-8b"}, {"gpu", "h100-sxm"}}},
               {"paths", Json::array({"llm_gpu_ratio"})},
               {"times", 100}};
    entry["less"] = less;
    return entry;
}

TEST_CASE("ledger: a ratio less one, times 100, is the percent more the book prints") {
    // llm_gpu_ratio = 4674414669397/3651588530048 = 1.28010…: "28 % more", and 28.01 at two decimals.
    const api::LedgerReport report =
        api::check_ledger(Json::array({change_entry("28", "1"), change_entry("28.01", "1"), change_entry("27", "1")}));
    REQUIRE(report.lines.size() == 3);
    CHECK(report.lines[0].computed == "28");
    CHECK(report.lines[0].reproduced);
    CHECK(report.lines[1].computed == "28.01");
    CHECK_FALSE(report.lines[2].reproduced);
    CHECK(report.reproduced == 2);
    // Taking away more than the value is an error the line names, not a wrapped number.
    const api::LedgerLine below = api::check_ledger(Json::array({change_entry("1", "2")})).lines[0];
    CHECK_FALSE(below.reproduced);
    CHECK(below.computed.find("llm_gpu_ratio") != std::string::npos);
    CHECK(below.computed.find("< 0") != std::string::npos);
}
