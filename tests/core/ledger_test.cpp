// Walks tests/ledger/ch02.json: every number chapter 2 prints, the request
// that computes it, and the precision it is printed with.  Each entry is
// evaluated through the API (as the CLI and the page do) and rounded to the
// printed decimals in the printed unit.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/format.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// tests/ledger/ch02.json plus one ch02-<family>.json per model family.
Json load_ledger() {
    Json all = {{"entries", Json::array()}};
    const std::string dir = std::string(TALLY_SOURCE_DIR) + "/tests/ledger";
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        const std::string name = file.path().filename().string();
        if (name.rfind("ch02", 0) != 0 || file.path().extension() != ".json") continue;
        std::ifstream in(file.path());
        std::stringstream text;
        text << in.rdbuf();
        const Json part = Json::parse(text.str());
        for (const auto& e : part.at("entries")) all["entries"].push_back(e);
    }
    REQUIRE_MESSAGE(!all["entries"].empty(), "tests/ledger/ch02*.json are missing");
    return all;
}

// An API value: a JSON integer, or a decimal / "num/den" string.
Ratio ratio_of(const Json& v) {
    if (v.is_number_unsigned()) return Ratio(v.get<std::uint64_t>());
    const std::string s = v.get<std::string>();
    const auto slash = s.find('/');
    auto digits = [](const std::string& t) {
        u128 n = 0;
        for (char c : t) n = n * 10 + static_cast<u128>(c - '0');
        return n;
    };
    if (slash != std::string::npos) return Ratio(digits(s.substr(0, slash)), digits(s.substr(slash + 1)));
    const auto dot = s.find('.');
    if (dot == std::string::npos) return Ratio(digits(s));
    u128 scale = 1;
    for (size_t i = dot + 1; i < s.size(); ++i) scale *= 10;
    return Ratio(digits(s.substr(0, dot) + s.substr(dot + 1)), scale);
}

// "items[id=q_proj].per_call", "groups.attention", "models[id=qwen3-8b].layers"
const Json& at_path(const Json& root, const std::string& path) {
    const Json* node = &root;
    std::stringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
        const auto bracket = part.find('[');
        const std::string key = part.substr(0, bracket);
        node = &node->at(key);
        if (bracket == std::string::npos) continue;
        const std::string selector = part.substr(bracket + 1, part.size() - bracket - 2);
        const auto eq = selector.find('=');
        const std::string field = selector.substr(0, eq), wanted = selector.substr(eq + 1);
        const Json* found = nullptr;
        for (const auto& item : *node) {
            if (item.at(field) == wanted) found = &item;
        }
        if (found == nullptr) throw std::runtime_error("no item " + selector + " in " + path);
        node = found;
    }
    return *node;
}

u128 unit_scale(const std::string& unit) {
    static const std::map<std::string, u128> kScale = {
        {"", 1}, {"B", 1}, {"KiB", u128{1} << 10}, {"MiB", u128{1} << 20}, {"GiB", u128{1} << 30},
        {"GB", 1000000000}, {"GFLOPs", 1000000000}, {"TFLOPs", 1000000000000ULL},
        {"億", 100000000}, {"萬", 10000}, {"10^9", 1000000000}};
    return kScale.at(unit);
}

std::string without_commas(std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    return s;
}

}  // namespace

TEST_CASE("ledger: every printed number of chapter 2 in scope is reproduced") {
    const Json ledger = load_ledger();
    int reproduced = 0, derivable = 0, not_derivable = 0;
    for (const auto& entry : ledger.at("entries")) {
        const std::string id = entry.at("id");
        CAPTURE(id);
        // An entry the chapter lacks a fact for names that fact; it is
        // counted apart, never fitted.
        if (!entry.value("derivable", true)) {
            CHECK_MESSAGE(entry.value("missing", std::string()).size() > 20, id << ": say which fact is missing");
            ++not_derivable;
            continue;
        }
        ++derivable;
        const Json result_json = result(entry.at("request"));
        Ratio value;
        for (const auto& path : entry.at("paths")) value = value + ratio_of(at_path(result_json, path));
        if (entry.contains("per")) value = value / Ratio(entry.at("per").get<std::uint64_t>());
        const std::string printed = entry.at("printed");
        const auto dot = printed.find('.');
        const unsigned decimals = dot == std::string::npos ? 0 : static_cast<unsigned>(printed.size() - dot - 1);
        const std::string ours = without_commas(fixed(value / Ratio(unit_scale(entry.at("unit"))), decimals));
        CHECK_MESSAGE(ours == printed, id << ": printed " << printed << ", computed " << ours);
        if (ours == printed) ++reproduced;
    }
    MESSAGE("ledger: " << reproduced << " of " << derivable << " derivable entries reproduced; " << not_derivable
                       << " not derivable from the chapter");
    CHECK(reproduced == derivable);
    CHECK(reproduced >= 60);
}
