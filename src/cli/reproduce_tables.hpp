// The tables `tally reproduce <chapter>` recomputes besides the chapter's
// ledger. A chapter registers its own from its folder (src/cli/chNN/), so
// the command names no chapter:
//
//   const bool registered = register_reproduce_tables("ch02", chapter2_tables);
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "api/json_out.hpp"

namespace tally::cli {

struct Table {
    std::string id;
    std::string title;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
};

using TablesOfChapter = std::function<std::vector<Table>()>;

// Every registered chapter's tables, by chapter id.
std::map<std::string, TablesOfChapter>& reproduce_tables();
bool register_reproduce_tables(const std::string& chapter, TablesOfChapter tables);

// The result of one request, or an object with "error" when the core refuses.
api::Json ask(const api::Json& request);
// A result's field as a table cell ("—" when absent, the refusal when refused).
std::string text(const api::Json& result, const char* key);

}  // namespace tally::cli
