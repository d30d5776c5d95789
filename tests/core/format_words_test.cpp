// Number formats per language (issue 20 item 2): the magnitude words a count
// is written with in each edition, and what stays the same in all three
// (thousands separators, byte and FLOP prefixes).
#include <doctest/doctest.h>

#include <string>

#include "core/format.hpp"
#include "core/lang.hpp"

using namespace tally;

namespace {

std::string words(Lang lang, const Ratio& count) {
    LangScope scope(lang);
    return count_words_text(count);
}

const u128 kMaxU128 = ~u128{0};

}  // namespace

TEST_CASE("count words, zh-Hant: 萬, 億, 兆 (today's forms, byte for byte)") {
    const Lang zh = Lang::zh_Hant;
    CHECK(words(zh, Ratio(1)) == "1");
    CHECK(words(zh, Ratio(9999)) == "9,999");
    CHECK(words(zh, Ratio(10000)) == "1 萬");
    CHECK(words(zh, Ratio(151936)) == "15.2 萬");
    CHECK(words(zh, Ratio(123456789)) == "1.2 億");
    CHECK(words(zh, Ratio(8510339072ULL)) == "85.1 億");
    CHECK(words(zh, Ratio(8190735360ULL)) == "81.9 億");
    CHECK(words(zh, Ratio(1200000000000ULL)) == "1.2 兆");
    CHECK(words(zh, Ratio(999999999999ULL)) == "1 兆");  // 9,999.99999999 億 rounds to 10,000 億
    CHECK(words(zh, Ratio(3, 2)) == "1.5");
    // The default language is zh-Hant, and the old name is the same function.
    CHECK(count_words_text(Ratio(8510339072ULL)) == "85.1 億");
    CHECK(count_zh_text(Ratio(8510339072ULL)) == "85.1 億");
}

TEST_CASE("count words, zh-Hant: the magnitude switches on the rounded value") {
    const Lang zh = Lang::zh_Hant;
    CHECK(words(zh, Ratio(99995000)) == "9,999.5 萬");
    CHECK(words(zh, Ratio(99999499)) == "9,999.9 萬");
    CHECK(words(zh, Ratio(99999500)) == "1 億");  // 9,999.95 萬 rounds (ties to even) to 10,000.0 萬
    CHECK(words(zh, Ratio(99999999)) == "1 億");
    CHECK(words(zh, Ratio(100000000)) == "1 億");
    CHECK(words(zh, Ratio(9999996, 1000)) == "1 萬");  // 9,999.996 shown to 2 decimals is 10,000
    CHECK(words(zh, Ratio(9999994, 1000)) == "9,999.99");
}

TEST_CASE("count words, zh-Hans: 万, 亿, 万亿") {
    const Lang hans = Lang::zh_Hans;
    CHECK(words(hans, Ratio(1)) == "1");
    CHECK(words(hans, Ratio(9999)) == "9,999");
    CHECK(words(hans, Ratio(10000)) == "1 万");
    CHECK(words(hans, Ratio(123456789)) == "1.2 亿");
    CHECK(words(hans, Ratio(8510339072ULL)) == "85.1 亿");
    CHECK(words(hans, Ratio(1200000000000ULL)) == "1.2 万亿");
    CHECK(words(hans, Ratio(99999999)) == "1 亿");
    CHECK(words(hans, Ratio(999999999999ULL)) == "1 万亿");
}

TEST_CASE("count words, English: thousands separators, then million, billion, trillion to three digits") {
    const Lang en = Lang::en;
    CHECK(words(en, Ratio(1)) == "1");
    CHECK(words(en, Ratio(9999)) == "9,999");
    CHECK(words(en, Ratio(10000)) == "10,000");
    CHECK(words(en, Ratio(999999)) == "999,999");
    CHECK(words(en, Ratio(1000000)) == "1 million");
    CHECK(words(en, Ratio(123456789)) == "123 million");
    CHECK(words(en, Ratio(151000000)) == "151 million");
    CHECK(words(en, Ratio(8190735360ULL)) == "8.19 billion");  // the book's "about 8.19 billion parameters"
    CHECK(words(en, Ratio(8510339072ULL)) == "8.51 billion");
    CHECK(words(en, Ratio(85100000000ULL)) == "85.1 billion");
    CHECK(words(en, Ratio(1200000000000ULL)) == "1.2 trillion");
    // Where the magnitude switches: the rounded value decides.
    CHECK(words(en, Ratio(999999999)) == "1 billion");  // 999.999999 million shown to 0 decimals is 1,000
    CHECK(words(en, Ratio(999499999)) == "999 million");
    CHECK(words(en, Ratio(9995000000ULL)) == "10 billion");  // 9.995 → 10.00 (ties to even: 999.5 → 1,000)
    CHECK(words(en, Ratio(9994999999ULL)) == "9.99 billion");
    CHECK(words(en, Ratio(99950000000ULL)) == "100 billion");
    CHECK(words(en, Ratio(999999999999ULL)) == "1 trillion");
}

TEST_CASE("count words: u128-sized counts stay exact in every language") {
    CHECK(words(Lang::zh_Hant, Ratio(kMaxU128)) == "340,282,366,920,938,463,463,374,607.4 兆");
    CHECK(words(Lang::zh_Hans, Ratio(kMaxU128)) == "340,282,366,920,938,463,463,374,607.4 万亿");
    CHECK(words(Lang::en, Ratio(kMaxU128)) == "340,282,366,920,938,463,463,374,607 trillion");
}

TEST_CASE("the magnitude a count is written with: factor, word and decimals per language") {
    {
        LangScope zh(Lang::zh_Hant);
        const CountMagnitude m = count_magnitude(Ratio(8510339072ULL));
        CHECK(m.factor == Ratio(100000000));
        CHECK(std::string(m.word) == "億");
        CHECK(m.places == 1);
        CHECK(std::string(count_magnitude(Ratio(9999)).word).empty());
    }
    {
        LangScope en(Lang::en);
        const CountMagnitude m = count_magnitude(Ratio(8510339072ULL));
        CHECK(m.factor == Ratio(1000000000));
        CHECK(std::string(m.word) == "billion");
        CHECK(m.places == 2);
    }
}

TEST_CASE("what every edition writes the same: thousands separators, byte and FLOP prefixes") {
    for (Lang lang : kAllLangs) {
        LangScope scope(lang);
        CHECK(group_thousands(1048576) == "1,048,576");
        CHECK(group_thousands(kMaxU128) == "340,282,366,920,938,463,463,374,607,431,768,211,455");
        CHECK(fixed(Ratio(703, 200), 1) == "3.5");
        CHECK(bytes_binary_text(Ratio(1207959552)) == "1.125 GiB");
        CHECK(bytes_decimal_text(Ratio(16381470720ULL)) == "16.381 GB");
        CHECK(flops_text(Ratio(133590000000000ULL)) == "133.59 TFLOPs");
    }
}
