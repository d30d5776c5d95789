// Every request's "lang": accepted in the three tags, zh-Hant by default,
// anything else refused by name; the whole answer (its errors included) is
// in that language, and the compiled catalogs agree code for code.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "core/lang.hpp"
#include "core/messages.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

MessageId id_at(std::size_t i) { return MessageId{static_cast<std::uint16_t>(i)}; }

const Json kBadInput = {{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 0}};

Json with_lang(Json request, const char* lang) {
    request["lang"] = lang;
    return request;
}

}  // namespace

TEST_CASE("lang: absent means zh-Hant, and zh-Hant said aloud answers the same bytes") {
    const std::string plain = api::evaluate(kBadInput.dump());
    CHECK(api::evaluate(with_lang(kBadInput, "zh-Hant").dump()) == plain);
    const Json e = Json::parse(plain)["error"];
    CHECK(e["code"] == "field_out_of_range");
    CHECK(e["message"].get<std::string>().rfind("input（本次輸入 P）超出範圍", 0) == 0);
    CHECK(current_lang() == Lang::zh_Hant);
}

TEST_CASE("lang: en and zh-Hans answer in their words, with the same code and parameters") {
    const Json hant = error_of(kBadInput);
    const Json en = error_of(with_lang(kBadInput, "en"));
    const Json hans = error_of(with_lang(kBadInput, "zh-Hans"));
    for (const Json* e : {&en, &hans}) {
        CHECK((*e)["code"] == hant["code"]);
        CHECK((*e)["field"] == hant["field"]);
        CHECK((*e)["params"]["received"] == "0");
        CHECK((*e)["params"]["min"] == "1");
        CHECK((*e)["params"]["max"] == hant["params"]["max"]);
    }
    CHECK(en["message"] == "input (new input P) is out of range; received 0; accepts integers from 1 to 9,007,199,254,740,991");
    CHECK(en["detail"] == "out of range; received 0; accepts integers from 1 to 9,007,199,254,740,991");
    CHECK(en["params"]["label"] == "input (new input P)");
    CHECK(hans["message"].get<std::string>().rfind("input（本次输入 P）超出范围", 0) == 0);
    // The scope ends with the request.
    CHECK(current_lang() == Lang::zh_Hant);
}

TEST_CASE("lang: the request's language covers dispatch errors and lists") {
    const Json e = error_of({{"op", "fly"}, {"lang", "en"}});
    CHECK(e["code"] == "op_unknown");
    CHECK(e["message"].get<std::string>().rfind("Unknown op \"fly\"; available: catalog, params, forward, ", 0) == 0);
    const Json typo = error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8}, {"tokenz", 1}, {"lang", "en"}});
    CHECK(typo["code"] == "field_unknown");
    CHECK_FALSE(has_cjk(typo["message"].get<std::string>()));
}

TEST_CASE("lang: any other value is refused, naming the field, in the default language") {
    const Json tags[] = {Json("fr"), Json("EN"), Json("zh-TW"), Json(""), Json(3), Json(nullptr), Json(Json::array())};
    for (const Json& tag : tags) {
        CAPTURE(tag.dump());
        const Json e = error_of({{"op", "catalog"}, {"lang", tag}});
        CHECK(e["field"] == "lang");
        CHECK(e["code"] == "lang_unknown");
        CHECK(e["params"]["received"] == tag.dump());
        CHECK(e["message"].get<std::string>().rfind("lang（回應的語言）只可為", 0) == 0);
        CHECK(e["detail"].get<std::string>().rfind("只可為", 0) == 0);
    }
}

TEST_CASE("lang: every op accepts it, and the numbers do not change with it") {
    const Json request = {{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}};
    const Json hant = result(request);
    for (const char* lang : {"zh-Hans", "en"}) {
        const Json other = result(with_lang(request, lang));
        CHECK(other["total"] == hant["total"]);
        CHECK(hant["total"] == 133594323353600ULL);
        REQUIRE(other["items"].size() == hant["items"].size());
        int numbers = 0;
        for (std::size_t i = 0; i < hant["items"].size(); ++i) {
            for (auto it = hant["items"][i].begin(); it != hant["items"][i].end(); ++it) {
                if (!it.value().is_number()) continue;
                CHECK(other["items"][i][it.key()] == it.value());
                ++numbers;
            }
        }
        CHECK(numbers >= 20);
    }
}

TEST_CASE("lang: every code renders in all three languages with its parameters") {
    REQUIRE(kMessageCount >= 150);
    for (Lang lang : kAllLangs) {
        const LangScope scope(lang);
        for (std::size_t i = 0; i < kMessageCount; ++i) {
            CAPTURE(lang_tag(lang));
            CAPTURE(kMessageCodes[i]);
            const MessageText text = message_text(id_at(i));
            REQUIRE(text.message != nullptr);
            CHECK(std::string(text.message) != kMessageCodes[i]);
            const std::set<std::string> slots = slots_of(text.message);
            MessageParams params;
            for (const auto& name : slots) params.emplace_back(name, "<" + name + ">");
            const std::string rendered = render(id_at(i), params);
            CHECK(slots_of(rendered).empty());
            for (const auto& name : slots) CHECK(rendered.find("<" + name + ">") != std::string::npos);
            if (lang == Lang::en) CHECK_FALSE(has_cjk(rendered));
            // A Chinese edition has words where zh-Hant has them; a template
            // of quotation marks alone (answer_quoted) is 「」 in zh-Hant and
            // “” in zh-Hans, which is no word either way.
            const std::string hant = message_text(Lang::zh_Hant, id_at(i)).message;
            if (lang != Lang::en && hant != "「{text}」") CHECK(has_cjk(rendered) == has_cjk(hant));
        }
    }
}

TEST_CASE("lang: the compiled catalogs name the same parameters and details, code for code") {
    for (std::size_t i = 0; i < kMessageCount; ++i) {
        CAPTURE(kMessageCodes[i]);
        const MessageText hant = message_text(Lang::zh_Hant, id_at(i));
        for (Lang lang : {Lang::zh_Hans, Lang::en}) {
            const MessageText other = message_text(lang, id_at(i));
            CHECK(slots_of(other.message) == slots_of(hant.message));
            CHECK((other.detail == nullptr) == (hant.detail == nullptr));
            if (hant.detail != nullptr && other.detail != nullptr) CHECK(slots_of(other.detail) == slots_of(hant.detail));
        }
    }
}
