// Every edition's number forms read in every edition's request (issue 20
// item 2): "85.1 億", "85.1亿", "8.51 billion", "8.51B", "8.51 bn",
// "8.51e9", "1.2兆", "1.2万亿", "1.2 trillion FLOPs"; the bare "B" read by
// the quantity asked for; misspelt magnitudes refused, never read as a
// wrong number.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/answer.hpp"
#include "core/answer_quantity.hpp"
#include "core/lang.hpp"
#include "answer_support.hpp"

using namespace tally;
using namespace tally::test;

namespace {}  // namespace

TEST_CASE("answer forms: a parameter count in every edition's words, in every edition") {
    // Qwen3-8B's N_max, 85.1 億, checked to the book's 3 digits.
    const ExpectedAnswer n = expect("8510339072", AnswerUnit::Params, 3);
    for (const char* form : {"85.1 億", "85.1億", "85.1亿", "85.1 亿", "8.51 billion", "8.51 Billion", "8.51 billions", "8.51B",
                             "8.51 bn", "8.51e9", "8.51×10^9", "8,510 million", "851,000 萬", "8.51 billion params",
                             "8.51B parameters", "8.51B 個參數", "85.1 亿个参数"}) {
        right_everywhere(form, n, "8510000000");
    }
    // 85.1 billion is ten times that, and reads so.
    right_everywhere("85.1 billion", expect("85100000000", AnswerUnit::Params, 3), "85100000000");
    right_everywhere("85.1B", expect("85100000000", AnswerUnit::Params, 3), "85100000000");
    right_everywhere("85.1 bn", expect("85100000000", AnswerUnit::Params, 3), "85100000000");
    right_everywhere("8.51e10", expect("85100000000", AnswerUnit::Params, 3), "85100000000");
}

TEST_CASE("answer forms: 10^12 as 兆, 万亿, trillion, T and e12, with FLOPs") {
    const ExpectedAnswer flops = expect("1200000000000", AnswerUnit::Flops, 2);
    for (const char* form :
         {"1.2 trillion FLOPs", "1.2 Trillion FLOPs", "1.2兆 FLOPs", "1.2 万亿 FLOPs", "1.2萬億 FLOPs", "1.2 TFLOPs",
          "1.2T FLOPs", "1.2e12 FLOPs", "1,200 GFLOPs", "1,200 billion FLOPs", "1.2B FLOPs * 1000", "1.2 k GFLOPs"}) {
        right_everywhere(form, flops, "1200000000000");
    }
    // A count of 1.2 × 10^12 without a unit.
    for (const char* form : {"1.2兆", "1.2万亿", "1.2 trillion", "1.2e12"}) {
        right_everywhere(form, expect("1200000000000", AnswerUnit::Pure), "1200000000000");
    }
}

TEST_CASE("answer forms: thousand, million, k, and bytes prefixes stay bytes") {
    right_everywhere("3.2 thousand", expect("3200", AnswerUnit::Requests), "3200");
    right_everywhere("3.2 thousand requests", expect("3200", AnswerUnit::Requests), "3200");
    right_everywhere("1.5 k", expect("1500", AnswerUnit::Requests), "1500");
    right_everywhere("4,500 million", expect("4500000000", AnswerUnit::Params), "4500000000");
    right_everywhere("4.5 GiB", expect("4831838208", AnswerUnit::Bytes), "4831838208");
    right_everywhere("4.5 GB", expect("4500000000", AnswerUnit::Bytes), "4500000000");
    right_everywhere("1.5 k FLOPs", expect("1500", AnswerUnit::Flops), "1500");
}

TEST_CASE("answer forms: a bare B is billion for counts, bytes for bytes") {
    {
        const AnswerVerdict v = check_answer("8.51B", expect("8510339072", AnswerUnit::Params, 3));
        CHECK(v.correct);
        CHECK(contains(v.understood, "8.51B = 8,510,000,000"));
        CHECK(contains(v.understood, "1,000,000,000"));  // says B was read as 10^9
    }
    {
        // For a bytes question the B is bytes: 8 B is not 8 × 10^9 B, and says so.
        const AnswerVerdict v = check_answer("8B", expect("8000000000", AnswerUnit::Bytes));
        CHECK_FALSE(v.correct);
        CHECK(v.parsed == "8");
        CHECK(v.mistake == "off_by_power_of_ten");
        CHECK(check_answer("8 B", expect("8", AnswerUnit::Bytes)).correct);
    }
    // Another unit after the B makes it billion whatever is asked.
    CHECK(check_answer("8B params", expect("8000000000", AnswerUnit::Bytes)).mistake == "wrong_unit_kind");
    CHECK(check_answer("8B params", expect("8000000000", AnswerUnit::Bytes)).parsed == "8000000000");
    // A rate keeps its bytes.
    ExpectedAnswer per_token = expect("147456", AnswerUnit::Bytes);
    per_token.per = "token";
    CHECK(check_answer("147,456 B/token", per_token).correct);
    // After a magnitude the B is bytes: "1.5 K B" is 1.5 KB.
    CHECK(check_answer("1.5 K B", expect("1500", AnswerUnit::Bytes)).correct);
    // Only a B typed against the digits is billion; after a space it is bytes,
    // the unit a reader wrote (exercise 2-3: bytes for a count of reads).
    const AnswerVerdict spaced = check_answer("8,912,384 B", expect("8912384", AnswerUnit::Tokens));
    CHECK(spaced.mistake == "wrong_unit_kind");
    CHECK(spaced.parsed == "8912384");
    CHECK(spaced.parsed_unit == "B");
    CHECK(check_answer("8.51 B", expect("8510339072", AnswerUnit::Params, 3)).mistake == "wrong_unit_kind");
    CHECK(check_answer("8912384B", expect("8912384000000000", AnswerUnit::Tokens)).correct);
}

TEST_CASE("answer forms: widget fields read B by the field's kind") {
    const QuantityReading tokens = read_quantity("1B", QuantityKind::Tokens);
    CHECK(tokens.ok);
    CHECK(tokens.value == 1000000000);
    const QuantityReading count = read_quantity("2.5 billion", QuantityKind::Count);
    CHECK(count.ok);
    CHECK(count.value == 2500000000ULL);
    const QuantityReading bytes = read_quantity("1B", QuantityKind::Bytes);
    CHECK(bytes.ok);
    CHECK(bytes.value == 1);
    CHECK(read_quantity("3 萬", QuantityKind::Tokens).value == 30000);
    CHECK(read_quantity("3 万", QuantityKind::Tokens).value == 30000);
}

TEST_CASE("answer forms: a misspelt magnitude is not understood, never a wrong number") {
    for (Lang lang : kAllLangs) {
        LangScope scope(lang);
        for (const char* typo : {"85.1 billon", "85.1 bilion", "85.1 milion", "1.2 trilion FLOPs", "8.51 bb"}) {
            CAPTURE(typo);
            const AnswerVerdict v = check_answer(typo, expect("8510339072", AnswerUnit::Params, 3));
            CHECK_FALSE(v.correct);
            CHECK(v.mistake == "unparsable");
            CHECK_FALSE(v.has_parsed);
            CHECK(v.understood.empty());
        }
        // A lower-case b is bits, refused rather than read as billion.
        CHECK(check_answer("8.51b", expect("8510339072", AnswerUnit::Params, 3)).mistake == "unparsable");
    }
}

TEST_CASE("answer forms: the echo writes magnitudes in the request's edition") {
    const ExpectedAnswer n = expect("8510339072", AnswerUnit::Params, 3);
    {
        LangScope zh(Lang::zh_Hant);
        CHECK(check_answer("85.1亿", n).understood == "85.1 億 = 8,510,000,000 個參數");
        CHECK(check_answer("85.1亿个参数", n).understood == "85.1 億個參數 = 8,510,000,000 個參數");
        CHECK(contains(check_answer("85.1 億", n).message, "（85.1 億）"));
    }
    {
        LangScope hans(Lang::zh_Hans);
        CHECK(contains(check_answer("85.1億", n).understood, "85.1 亿 = 8,510,000,000"));
        CHECK(contains(check_answer("85.1 亿", n).message, "85.1 亿"));
        CHECK(contains(check_answer("85.1亿个参数", n).understood, "85.1 亿个参数 = 8,510,000,000"));
        CHECK(contains(check_answer("85.1億個參數", n).understood, "85.1 亿个参数 = 8,510,000,000"));
    }
    {
        LangScope en(Lang::en);
        const AnswerVerdict v = check_answer("8.51 billion", n);
        CHECK(contains(v.understood, "8.51 billion = 8,510,000,000"));
        CHECK(contains(v.message, "8.51 billion"));  // the reference in the book's English form
        CHECK_FALSE(contains(v.message, "億"));
    }
}
