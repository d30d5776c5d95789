// Chapter 3's answer units (issue 22 item 5): seconds and milliseconds,
// state held over time (GiB·s), GPU-hours, money (USD) and decode steps per
// second, in every edition's forms and read the same in every edition; the
// slips a reader makes with them named (ms vs s, GB vs GiB, hours vs
// seconds, one GPU's share vs the total).
#include <doctest/doctest.h>

#include <string>

#include "core/answer.hpp"
#include "core/lang.hpp"
#include "answer_support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// Wrong in every edition, with the same code.
void named_everywhere(const std::string& answer, const ExpectedAnswer& expected, const std::string& code) {
    for (Lang lang : kAllLangs) {
        LangScope scope(lang);
        CAPTURE(answer);
        CAPTURE(lang_tag(lang));
        const AnswerVerdict v = check_answer(answer, expected);
        CHECK_FALSE(v.correct);
        CHECK(v.mistake == code);
    }
}

}  // namespace

TEST_CASE("chapter-3 units: the unit ids round-trip") {
    for (const char* id : {"s", "B·s", "GPU·h", "USD", "steps", "steps/s"}) {
        AnswerUnit u = AnswerUnit::Pure;
        CAPTURE(id);
        REQUIRE(answer_unit_from_id(id, u));
        CHECK(answer_unit_id(u) == id);
    }
    AnswerUnit u = AnswerUnit::Pure;
    CHECK_FALSE(answer_unit_from_id("GiB·s", u));  // expected values are in the base
}

TEST_CASE("chapter-3 units: seconds and milliseconds, and the 1000 slip") {
    // Exercise 3-4: the two tools in sequence, 2 + 6 + 10 + 3 = 21 s.
    const ExpectedAnswer serial = expect("21", AnswerUnit::Seconds);
    for (const char* form :
         {"21 s", "21s", "21 秒", "21秒", "21 sec", "21 seconds", "21,000 ms", "21000毫秒", "(2 + 6 + 10 + 3) s", "21"}) {
        right_everywhere(form, serial, "21");
    }
    // The first model call of example 3-2 sped up 4×: 36.375 − 36.375/4 = 27.28125 s saved.
    const ExpectedAnswer saved = expect("27.28125", AnswerUnit::Seconds, 5);
    right_everywhere("27.281 s", saved, "27.281");
    right_everywhere("27,281 ms", saved, "27.281");
    right_everywhere("36.375 s - 36.375 s / 4", saved, "27.28125");
    named_everywhere("27281", saved, "ms_vs_s");       // milliseconds without a unit
    named_everywhere("0.027281 s", saved, "ms_vs_s");  // seconds read as thousands of ms
    named_everywhere("27.281 ms", saved, "ms_vs_s");   // the right number in the wrong unit
    named_everywhere("27.281 GiB", saved, "wrong_unit_kind");
    // The 40 ms jitter buffer of exercise 3-5: first sound at 78 ms.
    const ExpectedAnswer first_sound = expect("0.078", AnswerUnit::Seconds);
    right_everywhere("78 ms", first_sound, "0.078");
    right_everywhere("78 毫秒", first_sound, "0.078");
    right_everywhere("0.078 s", first_sound, "0.078");
    named_everywhere("78", first_sound, "ms_vs_s");
    named_everywhere("78 s", first_sound, "ms_vs_s");
    // Hours and days are times too: 20.80 days of 2048 GPUs (exercise 3-10).
    right_everywhere("1 h", expect("3600", AnswerUnit::Seconds), "3600");
    right_everywhere("2 days", expect("172800", AnswerUnit::Seconds), "172800");
    right_everywhere("2 天", expect("172800", AnswerUnit::Seconds), "172800");
    named_everywhere("1 s", expect("3600", AnswerUnit::Seconds), "hours_vs_seconds");
}

TEST_CASE("chapter-3 units: the message names milliseconds in the edition's words") {
    const ExpectedAnswer first_sound = expect("0.078", AnswerUnit::Seconds);
    {
        LangScope scope(Lang::zh_Hant);
        const AnswerVerdict v = check_answer("78", first_sound);
        CHECK(contains(v.message, "毫秒"));
        CHECK(contains(v.understood, "78 s"));
        const AnswerVerdict ok = check_answer("78 毫秒", first_sound);
        CHECK(contains(ok.message, "78 毫秒"));  // the answer shown in the reader's unit
    }
    {
        LangScope scope(Lang::en);
        CHECK(contains(check_answer("78", first_sound).message, "milliseconds"));
    }
    {
        LangScope scope(Lang::zh_Hans);
        const AnswerVerdict ok = check_answer("78 毫秒", first_sound);
        CHECK(ok.correct);
        CHECK(contains(ok.understood, "78 毫秒 = 0.078 s"));
    }
}

TEST_CASE("chapter-3 units: GiB·s in its written forms, and GB·s named") {
    // Exercise 3-4: 1 GiB held through 16 s of tool work = 16 GiB·s.
    const ExpectedAnswer area = expect("17179869184", AnswerUnit::ByteSeconds);
    for (const char* form : {"16 GiB·s", "16 GiB*s", "16GiB·s", "16 GiB s", "16 GiB × s", "16 GiB·秒", "16 GiB 秒",
                             "1 GiB × 16 s", "16 * 2^30 B·s", "16384 MiB·s"}) {
        right_everywhere(form, area, "17179869184");
    }
    named_everywhere("16 GB·s", area, "gb_vs_gib");
    named_everywhere("16 GB s", area, "gb_vs_gib");
    named_everywhere("16 GiB", area, "wrong_unit_kind");  // the state, not the state × time
    named_everywhere("16 GiB·ms", area, "ms_vs_s");
    // To 4 digits, counted in GiB: 10.74 GB·s is the decimal reading of 10 GiB·s.
    const ExpectedAnswer ten = expect("10737418240", AnswerUnit::ByteSeconds, 3);
    right_everywhere("10 GiB·s", ten, "10737418240");
    right_everywhere("10.7 GB·s", ten, "10700000000");
    named_everywhere("10 GB·s", ten, "gb_vs_gib");
    {
        LangScope scope(Lang::zh_Hant);
        const AnswerVerdict v = check_answer("16 GB·s", area);
        CHECK(contains(v.message, "GiB"));
        CHECK(contains(v.message, "1,073,741,824"));
    }
}

TEST_CASE("chapter-3 units: GPU-hours, GPU-seconds, and one GPU against the total") {
    // Exercise 3-10: 1,022,362 A100-hours; on 2048 cards that is 499.2… each.
    ExpectedAnswer hours = expect("1022362", AnswerUnit::GpuHours, 7);
    KnownMistake per_gpu;
    per_gpu.code = "per_gpu_vs_total";
    REQUIRE(parse_expected_decimal("1022362/2048", per_gpu.value));
    hours.mistakes.push_back(per_gpu);
    for (const char* form :
         {"1,022,362 GPU-hours", "1022362 GPU-hours", "1022362 GPU-h", "1022362 GPU·h", "1022362 GPU h", "1,022,362 GPU 小時",
          "1,022,362 GPU 小时", "1022362 GPU小時", "102.2362 萬 GPU 小時", "3680503200 GPU-seconds", "1022362"}) {
        right_everywhere(form, hours, "1022362");
    }
    named_everywhere("1022362 GPU-seconds", hours, "hours_vs_seconds");
    named_everywhere("499.2 GPU-hours", hours, "per_gpu_vs_total");
    named_everywhere("499.2", hours, "per_gpu_vs_total");
    named_everywhere("1022362 h", hours, "wrong_unit_kind");  // hours without the GPUs
    named_everywhere("2048 GPU", hours, "wrong_unit_kind");
    {
        LangScope scope(Lang::zh_Hant);
        CHECK(contains(check_answer("499.2 GPU-hours", hours).message, "GPU"));
        CHECK(contains(check_answer("1022362 GPU 小時", hours).message, "1,022,362 GPU 小時"));
    }
    {
        LangScope scope(Lang::en);
        CHECK(contains(check_answer("1022362 GPU-hours", hours).message, "1,022,362 GPU-hours"));
    }
}

TEST_CASE("chapter-3 units: dollars before or after the number") {
    // Exercise 3-3: 0.000081 + 1% × 0.013880 = 0.0002198 USD per request.
    const ExpectedAnswer cost = expect("0.0002198", AnswerUnit::Usd, 4);
    for (const char* form : {"$0.0002198", "$ 0.0002198", "0.0002198 USD", "0.0002198 usd", "0.0002198 美元", "0.0002198美金",
                             "$2.198e-4", "2.198×10^-4 USD", "0.000081 USD + 0.01 * 0.013880 USD", "0.0002198"}) {
        right_everywhere(form, cost, "0.0002198");
    }
    named_everywhere("0.0002198 s", cost, "wrong_unit_kind");
    named_everywhere("$0.002198", cost, "off_by_power_of_ten");
    named_everywhere("$0.00022", cost, "too_coarse");
    for (Lang lang : kAllLangs) {
        LangScope scope(lang);
        const AnswerVerdict v = check_answer("$", cost);
        CHECK(v.mistake == "unparsable");
        CHECK_FALSE(v.message.empty());
    }
}

TEST_CASE("chapter-3 units: steps and steps per second") {
    // Example 3-1's later minute: 7,471.2 decode steps per second.
    const ExpectedAnswer rate = expect("7471.2", AnswerUnit::StepsPerSecond);
    for (const char* form : {"7471.2 steps/s", "7,471.2 steps/s", "7471.2 step/s", "7471.2 步/秒", "7,471.2步/秒",
                             "7.4712 steps/ms", "448272 steps/min", "7471.2"}) {
        right_everywhere(form, rate, "7471.2");
    }
    named_everywhere("7.4712 steps/s", rate, "ms_vs_s");
    named_everywhere("7471.2 steps", rate, "wrong_unit_kind");
    named_everywhere("7471.2 s", rate, "wrong_unit_kind");
    // Exercise 3-1: 8 × 127 = 1016 decode steps.
    const ExpectedAnswer steps = expect("1016", AnswerUnit::Steps);
    for (const char* form : {"1016", "1,016 steps", "1016 步", "8 × 127 步", "1016 次"}) right_everywhere(form, steps, "1016");
    named_everywhere("1016 s", steps, "wrong_unit_kind");
    {
        LangScope scope(Lang::zh_Hans);
        CHECK(contains(check_answer("1016 s", steps).message, "步"));
    }
}

TEST_CASE("chapter-3 units: times asked in ms, hours or days") {
    // Exercise 3-5: the 40 ms buffer plays first at 78 ms (audio_playout's first_play_ms).
    const ExpectedAnswer ms = expect("78", AnswerUnit::Milliseconds);
    for (const char* form : {"78 ms", "78", "0.078 s", "78 毫秒", "0.078秒"}) right_everywhere(form, ms, "78");
    named_everywhere("0.078", ms, "ms_vs_s");
    named_everywhere("78 s", ms, "ms_vs_s");
    // Exercise 3-10: 1,022,362 GPU-hours on 2048 GPUs, 20.80 days (training_calendar's days).
    ExpectedAnswer days = expect("511181/24576", AnswerUnit::Days, 4);
    KnownMistake hours;
    hours.code = "hours_not_days";
    REQUIRE(parse_expected_decimal("499.2001953125", hours.value));
    days.mistakes.push_back(hours);
    for (const char* form : {"20.80 days", "20.8 天", "20.80", "499.2 h", "499.2 小時"}) right_everywhere(form, days, "");
    named_everywhere("499.2", days, "hours_not_days");
    named_everywhere("20.80 GPU-hours", days, "wrong_unit_kind");
    right_everywhere("3600 s", expect("1", AnswerUnit::Hours), "1");
    named_everywhere("1", expect("3600", AnswerUnit::Hours), "hours_vs_seconds");
}
