// The message catalog (content/messages/zh-Hant/*.json): every entry renders
// with the parameters it names, every code is used by the sources, and an
// error response carries its code and parameters beside the words.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "core/messages.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// Every `msg::<code>` written in src/.
std::set<std::string> codes_used_in_sources() {
    std::set<std::string> used;
    const std::regex use(R"(msg::([a-z][a-z0-9_]*))");
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(TALLY_SOURCE_DIR) + "/src")) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        for (std::sregex_iterator it(s.begin(), s.end(), use), end; it != end; ++it) used.insert((*it)[1]);
    }
    return used;
}

}  // namespace

TEST_CASE("every catalog entry renders with the parameters it names") {
    REQUIRE(kMessageCount >= 150);
    for (std::size_t i = 0; i < kMessageCount; ++i) {
        const MessageText e = message_text(Lang::zh_Hant, MessageId{static_cast<std::uint16_t>(i)});
        CAPTURE(kMessageCodes[i]);
        const std::set<std::string> slots = slots_of(e.message);
        MessageParams params;
        for (const auto& name : slots) params.emplace_back(name, "<" + name + ">");
        const std::string text = render(MessageId{static_cast<std::uint16_t>(i)}, params);
        CHECK(slots_of(text).empty());
        for (const auto& name : slots) CHECK(text.find("<" + name + ">") != std::string::npos);
        if (e.detail != nullptr) {
            // A detail is rendered with its error's parameters: it may name no others.
            for (const auto& name : slots_of(e.detail)) CHECK_MESSAGE(slots.count(name) == 1, name);
            CHECK(slots_of(render_template(e.detail, params)).empty());
        }
        if (i > 0) CHECK(std::string(kMessageCodes[i - 1]) < std::string(kMessageCodes[i]));
    }
}

TEST_CASE("every code in the catalog is used by the sources, and every code used is in it") {
    const std::set<std::string> used = codes_used_in_sources();
    std::set<std::string> listed;
    for (std::size_t i = 0; i < kMessageCount; ++i) listed.insert(kMessageCodes[i]);
    for (const auto& code : listed) CHECK_MESSAGE(used.count(code) == 1, "unused code: " << code);
    // The reverse is the compiler's (core/messages_ids.hpp); this names it.
    for (const auto& code : used) CHECK_MESSAGE(listed.count(code) == 1, "code missing from the catalog: " << code);
}

TEST_CASE("a placeholder is {snake_case}; other braces are words") {
    CHECK(render_template("{a} 與 {b}", {{"a", "1"}, {"b", "2"}}) == "1 與 2");
    CHECK(render_template("物件 {\"code\": …}、{value, unit}", {{"value", "x"}}) == "物件 {\"code\": …}、{value, unit}");
    CHECK(render_template("{a}{a}", {{"a", "xy"}}) == "xyxy");
    CHECK(render_template("{missing}", {}) == "{missing}");
    CHECK(render_template("{", {}) == "{");
}

TEST_CASE("an error response carries its code and parameters beside the rendered words") {
    const Json e = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 0}});
    CHECK(e["field"] == "input");
    CHECK(e["code"] == "field_out_of_range");
    CHECK(e["params"]["field"] == "input");
    CHECK(e["params"]["received"] == "0");
    CHECK(e["params"]["min"] == "1");
    CHECK(e["message"] == render(msg::field_out_of_range, {{"label", e["params"]["label"].get<std::string>()},
                                                           {"received", "0"},
                                                           {"min", "1"},
                                                           {"max", e["params"]["max"].get<std::string>()}}));
    CHECK(e["detail"] == render_template(message_text(msg::field_out_of_range).detail,
                                         {{"received", "0"}, {"min", "1"}, {"max", e["params"]["max"].get<std::string>()}}));
    // Keys in the documented order, and params always an object.
    std::vector<std::string> keys;
    for (auto it = e.begin(); it != e.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"field", "code", "params", "message", "detail"});
    const Json bare = error_of({{"op", "fly"}});
    CHECK(bare["code"] == "op_unknown");
    CHECK(bare["params"]["op"] == "fly");
    const Json not_json = call(Json("x"));
    CHECK(not_json["error"]["code"] == "request_not_object");
    CHECK(not_json["error"]["params"].is_object());
    CHECK(not_json["error"]["params"].empty());
}
