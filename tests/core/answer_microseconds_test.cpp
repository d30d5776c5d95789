// Microseconds in the answer checker: chapter 4's times (a 55 μs kernel,
// 33.30 μs of weight reads) and later chapters' (host pipelines in μs).
// Typed as μs, µs (the micro sign), us or 微秒, and converted from ms and s.
#include <doctest/doctest.h>

#include <string>

#include "core/answer.hpp"
#include "core/lang.hpp"
#include "answer_support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("microseconds: the unit id round-trips and every spelling reads as μs") {
    AnswerUnit u = AnswerUnit::Pure;
    REQUIRE(answer_unit_from_id("us", u));
    CHECK(u == AnswerUnit::Microseconds);
    CHECK(answer_unit_id(u) == "us");

    const ExpectedAnswer kernel = expect("55", AnswerUnit::Microseconds);
    for (const char* typed : {"55 μs", "55μs", "55 µs", "55 us", "55 usec", "55 microseconds", "55 微秒", "55微秒", "0.055 ms",
                              "0.000055 s", "(100 - 45) μs", "55"}) {
        for (Lang lang : kAllLangs) {
            LangScope scope(lang);
            CAPTURE(typed);
            CAPTURE(lang_tag(lang));
            CHECK(check_answer(typed, kernel).correct);
        }
    }
}

TEST_CASE("microseconds: a wrong time is wrong, and bytes are not a time") {
    const ExpectedAnswer kernel = expect("55", AnswerUnit::Microseconds);
    LangScope scope(Lang::en);
    CHECK_FALSE(check_answer("70 μs", kernel).correct);
    CHECK_FALSE(check_answer("55 ms", kernel).correct);
    const AnswerVerdict bytes = check_answer("55 MB", kernel);
    CHECK_FALSE(bytes.correct);
    CHECK(bytes.mistake == "wrong_unit_kind");
}
