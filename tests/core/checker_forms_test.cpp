// The answer forms and mistakes issue 15 adds to the checker: K/M/G/T on
// counts (either reading of K, said in `understood`), 兆, a per-unit tail
// that is judged rather than ignored, wrong derivations matched at the
// precision typed, and the named mistakes of exercises 2-3, 2-7 and 2-8
// (values from the ops the exercise files call).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/answer.hpp"
#include "answer_support.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

KnownMistake listed(const std::string& code, const std::string& value, const std::string& message = "") {
    KnownMistake m{code, Ratio(0), message};
    REQUIRE(parse_expected_decimal(value, m.value));
    return m;
}

Json verdict(const std::string& answer, const Json& expected) {
    return result({{"op", "check_answer"}, {"answer", answer}, {"expected", expected}});
}

// The chapter's 2-3(b): Qwen3-8B, P = 8,192, G = 513 → 1.195 GiB.
constexpr const char* kFinalKv = "1283457024";

}  // namespace

TEST_CASE("K/M on token counts: the chapter's 32K = 32,768, and a reader's 3.168K = 3,168") {
    const AnswerVerdict k = check_answer("32K", expect("32768", AnswerUnit::Tokens));
    CHECK(k.correct);
    CHECK(k.parsed == "32768");
    CHECK(k.understood == "32K = 32,768 個 token（K 以 1,024 計）");

    const AnswerVerdict thousand = check_answer("32K", expect("32000", AnswerUnit::Tokens));
    CHECK(thousand.correct);
    CHECK(thousand.parsed == "32000");
    CHECK(contains(thousand.understood, "K 以 1,000 計"));

    const AnswerVerdict decimal = check_answer("3.168K", expect("3168", AnswerUnit::Tokens));
    CHECK(decimal.correct);  // 3.168 × 1,024 = 3,244.032 is not it; 3.168 × 1,000 is
    CHECK(decimal.understood == "3.168K = 3,168 個 token（K 以 1,000 計）");

    const AnswerVerdict short_k = check_answer("3.2K", expect("3200", AnswerUnit::Tokens));
    CHECK(short_k.correct);
    CHECK(contains(short_k.understood, "K 以 1,000 計"));

    CHECK(check_answer("32K tokens", expect("32768", AnswerUnit::Tokens)).correct);
    CHECK(check_answer("128k", expect("131072", AnswerUnit::Tokens)).correct);
    CHECK(check_answer("1M", expect("1048576", AnswerUnit::Tokens)).correct);

    // Neither reading right: a wrong answer, said in the binary reading a length gets.
    const AnswerVerdict wrong = check_answer("31K", expect("32768", AnswerUnit::Tokens));
    CHECK_FALSE(wrong.correct);
    CHECK(wrong.mistake == "other");
    CHECK(wrong.parsed == "31744");
    CHECK(contains(wrong.understood, "K 以 1,024 計"));
    // A half in the other reading is still named: 16K read as 16,000 is not 32,000/2 … but 16,384 is 32,768/2.
    const AnswerVerdict half = check_answer("16K", expect("32768", AnswerUnit::Tokens));
    CHECK(half.mistake == "missing_factor_2");
    CHECK(half.parsed == "16384");
}

TEST_CASE("K/M/G/T on other counts read decimal first") {
    const AnswerVerdict params = check_answer("8.51G", expect("8510339072", AnswerUnit::Params, 3));
    CHECK(params.correct);
    CHECK(contains(params.understood, "G 以 1,000,000,000 計"));
    const AnswerVerdict reqs = check_answer("1K", expect("1000", AnswerUnit::Requests));
    CHECK(reqs.correct);
    CHECK(contains(reqs.understood, "K 以 1,000 計"));
    const AnswerVerdict flops = check_answer("133.59T", expect("133594323353600", AnswerUnit::Flops, 5));
    CHECK(flops.correct);
    CHECK(contains(flops.understood, "T 以 1,000,000,000,000 計"));
    CHECK(flops.parsed == "133590000000000");
}

TEST_CASE("兆 is 10^12, beside 萬 and 億") {
    const AnswerVerdict t = check_answer("11.13 兆", expect("11130000000000", AnswerUnit::Flops, 4));
    CHECK(t.correct);
    CHECK(t.parsed == "11130000000000");
    CHECK(contains(t.understood, "11.13 兆 = 11,130,000,000,000 FLOPs"));
    CHECK(check_answer("1.2兆個參數", expect("1200000000000", AnswerUnit::Params, 2)).correct);
    CHECK(check_answer("0.00851 兆", expect("8510339072", AnswerUnit::Params, 3)).correct);
    CHECK(check_answer("0.0851 兆", expect("8510339072", AnswerUnit::Params, 3)).mistake == "off_by_power_of_ten");
    CHECK(check_answer("1 兆", expect("100000000", AnswerUnit::Params)).mistake == "off_by_power_of_ten");
}

TEST_CASE("a per-unit tail is judged against the question, never ignored") {
    // A rate typed for a total: named, even though the number matches.
    const AnswerVerdict total = check_answer("1.195 GiB/token", expect(kFinalKv, AnswerUnit::Bytes, 4));
    CHECK_FALSE(total.correct);
    CHECK(total.mistake == "per_unit_for_total");
    CHECK(contains(total.message, "每個 token 的量"));
    CHECK(contains(total.message, "本題問的是總量"));
    CHECK(contains(total.message, "數值本身和答案一致"));
    CHECK(contains(total.understood, "這是每個 token 的量"));
    CHECK(total.parsed == "1283121479.68");

    const AnswerVerdict wrong_number = check_answer("3 GiB per token", expect(kFinalKv, AnswerUnit::Bytes, 4));
    CHECK(wrong_number.mistake == "per_unit_for_total");
    CHECK_FALSE(contains(wrong_number.message, "數值本身和答案一致"));
    CHECK(check_answer("1.195 GiB 每個 token", expect(kFinalKv, AnswerUnit::Bytes, 4)).mistake == "per_unit_for_total");
    CHECK(check_answer("1.195 GiB / 1 token", expect(kFinalKv, AnswerUnit::Bytes, 4)).mistake == "per_unit_for_total");

    // The question asks per token: "/token" is right, "/請求" is not.
    const AnswerVerdict rate = check_answer("147,456 B/token", expect("147456", AnswerUnit::Bytes, 0, "token"));
    CHECK(rate.correct);
    CHECK(contains(rate.understood, "按每個 token 計"));
    CHECK(check_answer("147,456 B", expect("147456", AnswerUnit::Bytes, 0, "token")).correct);  // the unit implies it
    const AnswerVerdict per_request = check_answer("147,456 B/請求", expect("147456", AnswerUnit::Bytes, 0, "token"));
    CHECK(per_request.mistake == "wrong_per_unit");
    CHECK(contains(per_request.message, "每條請求的量"));
    CHECK(contains(per_request.message, "本題問的是每個 token 的量"));
    // Per request, for a question about one request's state.
    CHECK(check_answer("1.195 GiB/request", expect(kFinalKv, AnswerUnit::Bytes, 4, "request")).correct);
}

TEST_CASE("API: expected.per is checked and reaches the verdict") {
    const Json rate = verdict("144 KiB/token", {{"value", "147456"}, {"unit", "B"}, {"per", "token"}});
    CHECK(rate["correct"] == true);
    const Json total = verdict("144 KiB/token", {{"value", "147456"}, {"unit", "B"}});
    CHECK(total["correct"] == false);
    CHECK(total["mistake"] == "per_unit_for_total");
    const Json bad =
        call({{"op", "check_answer"}, {"answer", "1"}, {"expected", {{"value", "1"}, {"unit", "B"}, {"per", "second"}}}});
    CHECK(bad["ok"] == false);
    CHECK(bad["error"]["field"] == "expected.per");
}

TEST_CASE("wrong derivations are named at the precision typed, from three significant digits") {
    const ExpectedAnswer e = expect(kFinalKv, AnswerUnit::Bytes, 4);
    for (const char* half : {"0.5977 GiB", "0.598 GiB", "612 MiB", "641.7 MB", "642 MB"}) {
        CAPTURE(half);
        const AnswerVerdict v = check_answer(half, e);
        CAPTURE(v.message);
        CHECK(v.mistake == "missing_kv_factor_2");
    }
    // Two digits are a guess, not a half: not named.
    CHECK(check_answer("0.6 GiB", e).mistake == "other");
    // An author's value too: 1.125 GiB (no decode KV) typed as "1.13 GiB".
    const ExpectedAnswer listed_e = expect(kFinalKv, AnswerUnit::Bytes, 4, "", {listed("decode_kv_missing", "1207959552")});
    CHECK(check_answer("1.125 GiB", listed_e).mistake == "decode_kv_missing");
    CHECK(check_answer("1.13 GiB", listed_e).mistake == "decode_kv_missing");
    CHECK(check_answer("1.1 GiB", listed_e).mistake == "other");
    // More digits than the book's: the book's own tolerance, as before.
    CHECK(check_answer("0.59765 GiB", e).mistake == "missing_kv_factor_2");
    // Right answers keep the book's precision: three digits of a four-digit answer are too coarse.
    CHECK(check_answer("1.20 GiB", e).mistake == "too_coarse");
}

TEST_CASE("exercise 2-7(a): 24 GB read as 24 GiB gives 11 requests, a named mistake") {
    const Json right = result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 4096}});
    const Json misread =
        result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 4096}, {"memory_unit", "GiB"}});
    CHECK(right["requests"] == 9);
    CHECK(misread["requests"] == 11);
    CHECK(misread["device_bytes"] == 25769803776ULL);  // 24 × 2^30
    CHECK(right["device_bytes"] == 24000000000ULL);
    const Json v =
        verdict("11", {{"value", "9"},
                       {"unit", "requests"},
                       {"mistakes", {{{"code", "device_gb_as_gib"}, {"value", "11"}, {"message", "卡的容量被當成 GiB。"}}}}});
    CHECK(v["correct"] == false);
    CHECK(v["mistake"] == "device_gb_as_gib");
    CHECK(v["message"] == "讀作 11 條請求。卡的容量被當成 GiB。");
    // Without the listed value 11 was "not a common mistake".
    CHECK(verdict("11", {{"value", "9"}, {"unit", "requests"}})["mistake"] == "other");
    CHECK(call({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "h200"}, {"context", 8}, {"memory_unit", "TB"}})["error"]
                                                                                                                   ["field"] ==
          "memory_unit");
}

TEST_CASE("exercises 2-3 and 2-8: the KV written during decode, forgotten, is a named mistake") {
    // 2-3(b): P = 8,192, G = 513 ends with 8,192 + 512 positions; without the decode writes only 8,192.
    const Json r = result({{"op", "request"}, {"model", "qwen3-8b"}, {"input", 8192}, {"generated", 513}});
    const Json r0 = result({{"op", "request"}, {"model", "qwen3-8b"}, {"input", 8192}, {"generated", 1}});
    CHECK(r["final_kv_bytes"] == 1283457024ULL);   // (8,192 + 512) × 147,456 B = 1.195 GiB
    CHECK(r0["final_kv_bytes"] == 1207959552ULL);  // 8,192 × 147,456 B = 1.125 GiB
    const Json e = {
        {"value", "1283457024"},
        {"unit", "B"},
        {"digits", 4},
        {"mistakes", {{{"code", "decode_kv_missing"}, {"value", "1207959552"}, {"message", "漏了 decode 寫入的 KV。"}}}}};
    const Json v = verdict("1.125 GiB", e);
    CHECK(v["mistake"] == "decode_kv_missing");
    CHECK(v["message"] == "讀作 1.125 GiB = 1,207,959,552 B。漏了 decode 寫入的 KV。");

    // 2-8(d, e): the turn with G = 1 has no decode: final context S + P and added KV of P tokens.
    const Json t = result({{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 1443}, {"cached", 1392}, {"generated", 128}});
    const Json t1 = result({{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 1443}, {"cached", 1392}, {"generated", 1}});
    CHECK(t["final_context"] == 1443 + 127);
    CHECK(t1["final_context"] == 1443);
    CHECK(t["added_kv_bytes"] == (51 + 127) * 147456);
    CHECK(t1["added_kv_bytes"] == 51 * 147456);
    const Json d = verdict(
        "1443", {{"value", "1570"}, {"unit", "tokens"}, {"mistakes", {{{"code", "decode_kv_missing"}, {"value", "1443"}}}}});
    CHECK(d["mistake"] == "decode_kv_missing");
}

TEST_CASE("the new codes are documented codes") {
    const auto& codes = mistake_codes();
    for (const char* code : {"per_unit_for_total", "wrong_per_unit"}) {
        CHECK(std::find(codes.begin(), codes.end(), code) != codes.end());
    }
}
