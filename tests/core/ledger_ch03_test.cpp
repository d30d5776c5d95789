// Walks tests/ledger/ch03*.json: every number chapter 3 prints, the request
// that computes it (or, for a measured or published value, where it comes
// from), and the precision it is printed with.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "api/ledger.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// tests/ledger/ch03.json plus one ch03-<area>.json per area of the chapter.
Json load_ch03_entries() {
    Json all = Json::array();
    const std::string dir = std::string(TALLY_SOURCE_DIR) + "/tests/ledger";
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        const std::string name = file.path().filename().string();
        if (name.rfind("ch03", 0) != 0 || file.path().extension() != ".json") continue;
        std::ifstream in(file.path());
        std::stringstream text;
        text << in.rdbuf();
        const Json part = Json::parse(text.str());  // kept alive for the loop
        for (const auto& e : part.at("entries")) all.push_back(e);
    }
    return all;
}

}  // namespace

TEST_CASE("ledger ch03: every derivable printed number of chapter 3 is reproduced") {
    const Json entries = load_ch03_entries();
    REQUIRE(entries.size() >= 1);
    const api::LedgerReport report = api::check_ledger(entries);
    for (const auto& line : report.lines) {
        CAPTURE(line.id);
        if (line.derivable) {
            CHECK_MESSAGE(line.reproduced, line.id << " (" << line.where << "): printed " << line.printed << " " << line.unit
                                                   << ", computed " << line.computed);
        } else {
            CHECK_MESSAGE(line.missing.size() > 20, line.id << ": say which fact the chapter does not give");
        }
    }
    MESSAGE("ledger ch03: " << report.reproduced << " of " << report.derivable << " derivable entries reproduced; "
                            << report.total - report.derivable << " not derivable from the chapter; " << report.total
                            << " in all");
    CHECK(report.reproduced == report.derivable);
}

TEST_CASE("ledger ch03 ids are unique") {
    std::set<std::string> seen;
    for (const auto& e : load_ch03_entries()) {
        const std::string id = e.at("id");
        CHECK_MESSAGE(seen.insert(id).second, "duplicate ledger id " << id);
    }
}
