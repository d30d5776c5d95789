#include "reproduce_tables.hpp"

#include "api/api.hpp"
#include "core/messages.hpp"

namespace tally::cli {

using Json = api::Json;

std::map<std::string, TablesOfChapter>& reproduce_tables() {
    static std::map<std::string, TablesOfChapter> tables;  // filled by static initialisers: built on first use
    return tables;
}

bool register_reproduce_tables(const std::string& chapter, TablesOfChapter tables) {
    reproduce_tables()[chapter] = std::move(tables);
    return true;
}

Json ask(const Json& request) {
    const Json response = Json::parse(api::evaluate(request.dump()));
    if (response.value("ok", false)) return response["result"];
    return Json{{"error", response["error"]["message"]}};
}

std::string text(const Json& result, const char* key) {
    if (result.contains("error")) return render(msg::repro_error_cell, {{"error", result["error"].get<std::string>()}});
    if (!result.contains(key)) return "—";
    const Json& v = result[key];
    return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace tally::cli
