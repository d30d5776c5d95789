// Helpers shared by the answer checker's tests: an expected answer from its
// printed decimal, and a verdict taken in every edition's request.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/answer.hpp"
#include "core/lang.hpp"

namespace tally::test {

inline ExpectedAnswer expect(const std::string& value, AnswerUnit unit, unsigned digits = 0, const std::string& per = "",
                             std::vector<KnownMistake> mistakes = {}) {
    ExpectedAnswer e;
    REQUIRE(parse_expected_decimal(value, e.value));
    e.unit = unit;
    e.digits = digits;
    e.per = per;
    e.mistakes = std::move(mistakes);
    return e;
}

// Right in every edition's request, read as `parsed` (any value inside the
// tolerance when `parsed` is empty).
inline void right_everywhere(const std::string& answer, const ExpectedAnswer& expected, const std::string& parsed) {
    for (Lang lang : kAllLangs) {
        LangScope scope(lang);
        CAPTURE(answer);
        CAPTURE(lang_tag(lang));
        const AnswerVerdict v = check_answer(answer, expected);
        CHECK(v.correct);
        CHECK(v.has_parsed);
        if (!parsed.empty()) CHECK(v.parsed == parsed);
    }
}

}  // namespace tally::test
