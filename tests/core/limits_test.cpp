// Issue 18: bounded parsing and fields named in a fixed order, at the API.
// Every cap refuses with a message naming it; a repeated key is named as the
// field; with two invalid fields the first one read is named, whatever order
// the compiler evaluates a call's arguments in.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/messages.hpp"
#include "support.hpp"

namespace {

using tally::test::Json;

Json evaluated(const std::string& request) { return Json::parse(tally::api::evaluate(request)); }

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/tests/fixtures/hf/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

Json import_text(const std::string& config_text) {
    Json request = Json::object();
    request["op"] = "import_hf_config";
    request["config_text"] = config_text;
    return tally::test::call(request);
}

}  // namespace

TEST_CASE("limits: a repeated key is refused and named, op and answer included") {
    Json r = evaluated(R"({"op":"kv","model":"qwen3-8b","tokens":-5,"tokens":8192})");
    CHECK(r["ok"] == false);
    CHECK(r["error"]["field"] == "tokens");
    CHECK(r["error"]["code"] == "json_duplicate_key");
    CHECK(r["error"]["params"]["key"] == "tokens");
    r = evaluated(R"({"op":"kv","op":"forward","model":"qwen3-8b","tokens":8})");
    CHECK(r["error"]["field"] == "op");
    r = evaluated(R"({"op":"check_answer","answer":"1 GiB","answer":"2 GiB","expected":{"value":"1","unit":"B"}})");
    CHECK(r["error"]["field"] == "answer");
    // Inside config_text too, with the line.
    r = import_text("{\"model_type\":\"llama\",\n\"hidden_size\":1,\n\"hidden_size\":2}");
    CHECK(r["error"]["field"] == "config_text");
    CHECK(r["error"]["code"] == "config_text_rule");
    CHECK(r["error"]["params"]["rule"] ==
          tally::render(tally::msg::json_duplicate_key, {{"text", "config.json"}, {"key", "hidden_size"}}));
    CHECK(r["error"]["params"]["line"] == "3");
}

TEST_CASE("limits: nesting, members, elements and size are each named") {
    const std::string deep = std::string(300, '[') + std::string(300, ']');
    Json r = evaluated(R"({"op":"kv","x":)" + deep + "}");
    CHECK(r["error"]["field"].is_null());
    CHECK(r["error"]["code"] == "json_too_deep");
    CHECK(r["error"]["params"]["max"] == "256");
    r = import_text("{\"x\":" + deep + "}");
    CHECK(r["error"]["params"]["rule"] == tally::render(tally::msg::json_too_deep, {{"text", "config.json"}, {"max", "256"}}));
    std::string elements = "[0";
    for (int i = 0; i < 262144; ++i) elements += ",0";
    r = evaluated(R"({"op":"state_curve","lengths":)" + elements + "]}");
    CHECK(r["error"]["code"] == "json_too_many_elements");
    CHECK(r["error"]["params"]["max"] == "262,144");
    std::string members = R"({"op":"kv")";
    for (int i = 0; i < 262144; ++i) members += ",\"m" + std::to_string(i) + "\":0";
    r = evaluated(members + "}");
    CHECK(r["error"]["code"] == "json_too_many_members");
    CHECK(r["error"]["params"]["max"] == "262,144");
    r = evaluated(R"({"op":"kv","model":")" + std::string(tally::api::kMaxRequestBytes, 'x') + R"("})");
    CHECK(r["error"]["code"] == "request_too_large");
    CHECK(r["error"]["params"]["limit"] == "4,194,304");
    // Plain syntax errors have their own code.
    CHECK(evaluated("{")["error"]["code"] == "request_invalid_json");
}

TEST_CASE("limits: two invalid fields name the one read first, natively as in WASM") {
    // weight_dtype is read before kv_dtype in every op that takes both.
    const Json capacity = tally::test::error_of({{"op", "capacity"},
                                                 {"model", "qwen3-8b"},
                                                 {"gpu", "h200"},
                                                 {"context", 8192},
                                                 {"weight_dtype", "int5"},
                                                 {"kv_dtype", "fp4"}});
    CHECK(capacity["field"] == "weight_dtype");
    const Json budget = tally::test::error_of({{"op", "param_budget"},
                                               {"model", "qwen3-8b"},
                                               {"gpu", "h200"},
                                               {"requests", 1},
                                               {"context", 8192},
                                               {"kv_dtype", "fp4"},
                                               {"weight_dtype", "int5"}});
    CHECK(budget["field"] == "weight_dtype");
    const Json crossover = tally::test::error_of(
        {{"op", "crossover"}, {"model", "qwen3-8b"}, {"context", 8192}, {"weight_dtype", "int5"}, {"kv_dtype", "fp4"}});
    CHECK(crossover["field"] == "weight_dtype");
    const Json compare = tally::test::error_of({{"op", "compare"}, {"weight_dtype", "int5"}, {"kv_dtype", "fp4"}});
    CHECK(compare["field"] == "weight_dtype");
}

TEST_CASE("import: a config.json with a UTF-8 byte order mark is read") {
    const std::string text = fixture("llama-3-8b.json");
    const Json plain = import_text(text);
    const Json bom = import_text("\xEF\xBB\xBF" + text);
    REQUIRE(plain["ok"] == true);
    REQUIRE(bom["ok"] == true);
    CHECK(bom["result"]["params"] == plain["result"]["params"]);
    CHECK(bom["result"]["params"] == 8030261248u);
}

TEST_CASE("import: _name_or_path is capped like name") {
    const auto with_path = [](std::size_t bytes) {
        Json config = Json::parse(fixture("llama-3-8b.json"));
        config["_name_or_path"] = std::string(bytes, 'n');
        return config.dump();
    };
    CHECK(import_text(with_path(200))["ok"] == true);
    const Json r = import_text(with_path(201));
    CHECK(r["error"]["field"] == "config._name_or_path");
    CHECK(r["error"]["code"] == "config_name_too_long");
    CHECK(r["error"]["params"]["max_bytes"] == "200");
    CHECK(r["error"]["params"]["bytes"] == "201");
}

TEST_CASE("messages quote a value without cutting a UTF-8 character") {
    const Json e =
        tally::test::error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", std::string(30, 'x') + "模型模型模型"}});
    const std::string message = e["message"];
    // Every byte sequence is whole: the dump would have replaced a broken one with U+FFFD.
    CHECK_FALSE(contains(Json(message).dump(), "\xEF\xBF\xBD"));
    CHECK(contains(message, "..."));
}
