// The lists a refusal names (accepted fields, kinds, modes, model types,
// guess codes) are joined with the request's language's own separator, a
// word of the message catalog (api/word_list.hpp): "、" in both Chinese
// editions, ", " in English, whose messages then carry no CJK punctuation.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "support.hpp"

using namespace tally::test;

namespace {

Json model_file(const std::string& id) { return json_file("content/models/" + id + ".json"); }

// V4.1 Flash's own spec with one change, as a params request.
Json spec_request(const std::function<void(Json&)>& change) {
    Json spec = model_file("deepseek-v4.1-flash");
    change(spec);
    return {{"op", "params"}, {"model", spec}};
}

struct Refusal {
    const char* what;
    Json request;
    const char* code;
    const char* param;
    std::vector<std::string> items;  // the first items of the list, in order
};

std::vector<Refusal> refusals() {
    const Json expected = {{"value", "2"}, {"unit", "B"}};
    Json typo = expected;
    typo["digit"] = 3;
    Json bad_guess = expected;
    bad_guess["guesses"] = {"nope"};
    return {
        {"an unsupported model_type",
         {{"op", "import_hf_config"}, {"config", {{"model_type", "gpt2"}}}},
         "config_model_type_unsupported",
         "supported",
         {"llama", "mistral", "mixtral"}},
        {"an unknown answer field",
         {{"op", "check_answer"}, {"answer", "2 B"}, {"expected", typo}},
         "answer_field_unknown",
         "available",
         {"value", "unit"}},
        {"an unknown guess code",
         {{"op", "check_answer"}, {"answer", "2 B"}, {"expected", bad_guess}},
         "guess_unknown",
         "list",
         {"missing_unit"}},
        {"an unknown attention kind",
         spec_request([](Json& s) { s["groups"][0]["attention"]["kind"] = "bogus"; }),
         "spec_attention_unknown",
         "available",
         {"gqa", "mha", "mqa", "gated_deltanet"}},
        {"an unknown csa2 mode",
         spec_request([](Json& s) { s["groups"][0]["attention"]["mode"] = "bogus"; }),
         "spec_mode_unknown",
         "available",
         {"swa", "full", "reindex", "reuse"}},
        {"an unknown spec field",
         spec_request([](Json& s) { s["bogus"] = 1; }),
         "spec_field_unknown",
         "available",
         {"id", "name"}},
    };
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
    return out;
}

}  // namespace

TEST_CASE("list words: every refusal's list is joined in the request's language") {
    const std::pair<const char*, const char*> langs[] = {{"zh-Hant", "、"}, {"zh-Hans", "、"}, {"en", ", "}};
    for (const Refusal& r : refusals()) {
        for (const auto& entry : langs) {
            const char* lang = entry.first;  // not a structured binding: CAPTURE's lambda captures it (C++17, clang)
            const char* separator = entry.second;
            CAPTURE(r.what);
            CAPTURE(lang);
            Json request = r.request;
            request["lang"] = lang;
            const Json e = error_of(request);
            REQUIRE(e["code"] == r.code);
            const std::string list = e["params"][r.param].get<std::string>();
            const std::string message = e["message"].get<std::string>();
            CHECK(list.rfind(joined(r.items, separator), 0) == 0);
            CHECK(message.find(list) != std::string::npos);
            if (std::string(lang) == "en") {
                CHECK_FALSE(has_cjk(message));
                CHECK(list.find("、") == std::string::npos);
            } else {
                CHECK(list.find(", ") == std::string::npos);
            }
        }
    }
}
