#include "core/lang.hpp"

#include <doctest/doctest.h>

using namespace tally;

TEST_CASE("lang: tags round-trip and nothing else is a language") {
    for (Lang lang : kAllLangs) {
        Lang read = Lang::zh_Hant;
        REQUIRE(lang_from_tag(lang_tag(lang), read));
        CHECK(read == lang);
    }
    Lang read = Lang::en;
    CHECK_FALSE(lang_from_tag("zh-TW", read));
    CHECK_FALSE(lang_from_tag("", read));
    CHECK(read == Lang::en);
    CHECK(std::string_view(lang_tag(Lang::zh_Hans)) == "zh-Hans");
}

TEST_CASE("lang: a scope sets the language and restores the one before it") {
    CHECK(current_lang() == kDefaultLang);
    {
        LangScope english(Lang::en);
        CHECK(current_lang() == Lang::en);
        {
            LangScope simplified(Lang::zh_Hans);
            CHECK(current_lang() == Lang::zh_Hans);
        }
        CHECK(current_lang() == Lang::en);
    }
    CHECK(current_lang() == Lang::zh_Hant);
}
