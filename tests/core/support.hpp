// Helpers shared by the core tests: look specs up in the embedded catalog and
// call the API the way the CLI and the page do.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "api/json_out.hpp"

#include "api/api.hpp"
#include "api/catalog.hpp"
#include "core/exact.hpp"
#include "core/items.hpp"

namespace tally::test {

using Json = tally::api::Json;

inline const ModelSpec& model(const std::string& id) { return api::find_model("model", id); }
inline const Dtype& dtype(const std::string& id) { return api::find_dtype("dtype", id); }
inline const Gpu& gpu(const std::string& id) { return api::find_gpu("gpu", id); }

inline Json call(const Json& request) { return Json::parse(api::evaluate(request.dump())); }

inline Json result(const Json& request) {
    Json r = call(request);
    if (!r.value("ok", false)) throw std::runtime_error("API error: " + r.dump());
    return r["result"];
}

// A JSON file of the source tree, by its path from the root.
inline Json json_file(const std::string& path) {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/" + path);
    REQUIRE(in.good());
    std::stringstream s;
    s << in.rdbuf();
    return Json::parse(s.str());
}

// Every entry of a chapter's ledger: tests/ledger/<chapter>*.json (its main
// file and one per area or model family), in one list.
inline Json ledger_entries(const std::string& chapter) {
    Json all = Json::array();
    const std::string dir = std::string(TALLY_SOURCE_DIR) + "/tests/ledger";
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        const std::string name = file.path().filename().string();
        if (name.rfind(chapter, 0) != 0 || file.path().extension() != ".json") continue;
        const Json part = json_file("tests/ledger/" + name);  // kept alive for the loop
        for (const auto& e : part.at("entries")) all.push_back(e);
    }
    return all;
}

// content/<chapter>/data/<name>.json by name: the datasets a chapter's
// ledger reads its measured, published and assumed entries from.
inline Json chapter_datasets(const std::string& chapter) {
    Json datasets = Json::object();
    const std::string dir = "content/" + chapter + "/data";
    for (const auto& file : std::filesystem::directory_iterator(std::string(TALLY_SOURCE_DIR) + "/" + dir)) {
        if (file.path().extension() != ".json") continue;
        datasets[file.path().stem().string()] = json_file(dir + "/" + file.path().filename().string());
    }
    return datasets;
}

// A byte of a CJK ideograph or CJK punctuation in UTF-8 (E3 80–E9 BF, and the
// full-width forms EF BC–EF BD).
inline bool has_cjk(const std::string& text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        const auto n = static_cast<unsigned char>(text[i + 1]);
        if ((b >= 0xE3 && b <= 0xE9) || (b == 0xEF && (n == 0xBC || n == 0xBD))) return true;
    }
    return false;
}

// The error object of a request the API must refuse.
inline Json error_of(const Json& request) {
    Json r = call(request);
    REQUIRE_FALSE(r["ok"].get<bool>());
    return r["error"];
}

// The field a refused request names ("" when the error names none).
inline std::string error_field(const Json& request) {
    const Json error = error_of(request);
    return error["field"].is_null() ? "" : error["field"].get<std::string>();
}

// The result of a request written as JSON text (a chapter's test reads as the book's request does).
inline Json ask(const std::string& request) { return result(Json::parse(request)); }

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline std::string dec(u128 v) { return to_decimal(v); }

// The {name} parameters a message template names.
inline std::set<std::string> slots_of(const std::string& text) {
    std::set<std::string> out;
    const std::regex slot(R"(\{([a-z][a-z0-9_]*)\})");
    for (std::sregex_iterator it(text.begin(), text.end(), slot), end; it != end; ++it) out.insert((*it)[1]);
    return out;
}

// The row with this id. A check on it cannot pass by the row being absent
// (as one inside `for (it : items) if (it.id == …)` would): it must exist.
inline const LineItem& item_named(const Items& items, const std::string& id) {
    const auto it = std::find_if(items.begin(), items.end(), [&](const LineItem& item) { return item.id == id; });
    REQUIRE_MESSAGE(it != items.end(), "no item " << id);
    return *it;
}

// The same for a response's array of objects with an "id".
// By index: nlohmann (the JSON oracle's value) iterates by copy, and a
// reference into a copy would not outlive the loop.
inline const Json& json_item_named(const Json& items, const std::string& id) {
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i]["id"] == id) return items[i];
    }
    FAIL("no item " << id);
    return items;  // not reached: FAIL ends the test
}

}  // namespace tally::test
