// The WASM module's request cycle, natively: src/wasm/request_cycle.cpp and
// request_arena.cpp (which replaces the global operator new/delete with the
// arena) linked into one test, built by the sanitize preset so ASan sees the
// module's allocator rules.  It replays the requests of issue 18 that trapped
// the module ("memory access out of bounds"): each must be answered exactly
// as api::evaluate() answers it outside the arena, the next request must
// still work, and the arena must hand back what it took.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "api/api.hpp"
#include "api/json.hpp"
#include "request_arena.hpp"
#include "request_cycle.hpp"

namespace {

using tally::json::Value;

// What the arena may keep between requests (request_arena.cpp).
constexpr std::size_t kKeptBetweenRequests = std::size_t{4} << 20;

std::string through_arena(const std::string& request) {
    std::string response;
    tally::wasm::evaluate_request_in_arena(request, response);
    return response;
}

// The cycle's answer is the plain evaluate()'s, byte for byte; the arena
// keeps no more than its allowance; a small request still answers.
Value replayed(const std::string& request) {
    const std::string response = through_arena(request);
    CHECK(response == tally::api::evaluate(request));
    CHECK(tally::wasm::request_arena_reserved_bytes() <= kKeptBetweenRequests);
    const std::string small = R"({"op":"kv","model":"qwen3-8b","tokens":8192})";
    CHECK(through_arena(small) == tally::api::evaluate(small));
    const Value parsed = Value::parse(response, nullptr, false);
    REQUIRE(parsed.is_object());
    return parsed;
}

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/tests/fixtures/hf/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A real config.json with `extra` keys the importer does not read, so the
// text is as long as the request needs.
std::string padded_config(std::size_t extra) {
    std::string config = fixture("llama-3-8b.json");
    const std::size_t close = config.rfind('}');
    std::string padding;
    for (std::size_t i = 0; i < extra; ++i) padding += ",\"pad_" + std::to_string(i) + "\":0";
    return config.substr(0, close) + padding + "}";
}

std::string import_request(const std::string& config_text) {
    Value request = Value::object();
    request["op"] = "import_hf_config";
    request["config_text"] = config_text;
    return request.dump();
}

}  // namespace

TEST_CASE("arena: the valid V4.1 state curve of 4,096 lengths up to 8.4 M answers as natively") {
    std::string lengths;
    for (int i = 1; i <= 4096; ++i) lengths += (i > 1 ? "," : "") + std::to_string(i * 2048);
    const Value answer =
        replayed(R"({"op":"state_curve","model":"deepseek-v4.1-flash","layout":"production","lengths":[)" + lengths + "]}");
    CHECK(answer["ok"] == true);
    CHECK(answer["result"]["tokens"].size() == 4096);
    CHECK(answer["result"]["tokens"][4095] == 8388608);
    CHECK(answer.dump().size() > 700000);
}

TEST_CASE("arena: a 300 KB unknown model id is refused by name") {
    const Value answer = replayed(R"({"op":"kv","model":")" + std::string(300000, 'x') + R"(","tokens":8192})");
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["field"] == "model");
}

TEST_CASE("arena: a 1 MiB config_text and a 20,000-key config are imported") {
    std::string config = padded_config(20000);
    const Value twenty_thousand = replayed(import_request(config));
    CHECK(twenty_thousand["ok"] == true);
    CHECK(twenty_thousand["result"]["spec"]["hidden"] == 4096);
    config = padded_config(74000);
    CHECK(config.size() > 1000000);
    CHECK(config.size() <= std::size_t{1} << 20);
    const Value mebibyte = replayed(import_request(config));
    CHECK(mebibyte["ok"] == true);
    CHECK(mebibyte["result"]["spec"]["hidden"] == 4096);
}

TEST_CASE("arena: a 1.1 MB answer gets a clear error") {
    const Value answer = replayed(R"({"op":"check_answer","answer":")" + std::string(1100000, '1') +
                                  R"(","expected":{"value":"1207959552","unit":"B","digits":4}})");
    CHECK(answer["ok"] == true);  // a verdict, not a failure of the request
    CHECK(answer["result"]["correct"] == false);
    CHECK(answer["result"]["message"].get<std::string>().find("答案太長") != std::string::npos);
}

TEST_CASE("arena: a request over the cap is refused naming the cap, inside and outside the arena") {
    const Value answer = replayed(R"({"op":"kv","model":")" + std::string(tally::api::kMaxRequestBytes, 'x') + R"("})");
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["message"].get<std::string>().find("4,194,304") != std::string::npos);
}

TEST_CASE("arena: after 300 mixed requests the arena keeps the same reserve") {
    const std::string small = R"({"op":"forward","model":"qwen3-8b","input":8192})";
    const std::string bad = R"({"op":"forward","model":"nope"})";
    const std::string big = import_request(padded_config(20000));
    through_arena(big);
    const std::size_t reserve = tally::wasm::request_arena_reserved_bytes();
    for (int i = 0; i < 300; ++i) through_arena(i % 3 == 0 ? small : i % 3 == 1 ? bad : big);
    CHECK(tally::wasm::request_arena_reserved_bytes() == reserve);
}
