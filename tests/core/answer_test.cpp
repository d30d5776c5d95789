// The answer checker: what learners type for chapter 2's exercises, read
// exactly, and the verdict, mistake code and parsed value each answer gets.
// Expected values are the chapter's (147,456 B/token, 1.125 GiB, 133.59
// TFLOPs, 20.0 GFLOPs, 8,912,384 reads, 1224 GiB, 144 MiB, 1.27 GiB, B* = 13,
// 4/2/9/3 requests, 85.1 億 parameters).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/answer.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

constexpr AnswerUnit Bytes = AnswerUnit::Bytes;
constexpr AnswerUnit Flops = AnswerUnit::Flops;
constexpr AnswerUnit Tokens = AnswerUnit::Tokens;
constexpr AnswerUnit Reqs = AnswerUnit::Requests;
constexpr AnswerUnit Params = AnswerUnit::Params;
constexpr AnswerUnit Pure = AnswerUnit::Pure;
constexpr AnswerUnit Pct = AnswerUnit::Percent;

Ratio decimal(const std::string& text) {
    Ratio r;
    REQUIRE(parse_expected_decimal(text, r));
    return r;
}

ExpectedAnswer expect(const std::string& value, AnswerUnit unit, unsigned digits = 0, std::vector<KnownMistake> mistakes = {}) {
    ExpectedAnswer e;
    e.value = decimal(value);
    e.unit = unit;
    e.digits = digits;
    e.mistakes = std::move(mistakes);
    return e;
}

KnownMistake listed(const std::string& code, const std::string& value, const std::string& message = "") {
    return KnownMistake{code, decimal(value), message};
}

// One learner answer and its verdict.  `mistake` nullptr = correct;
// `parsed` nullptr = nothing understood (unparsable, or a compound unit).
struct Case {
    std::string answer;
    const char* value;
    AnswerUnit unit;
    unsigned digits;
    const char* mistake;
    const char* parsed;
    const char* per = "";  // ExpectedAnswer::per: "token" for a rate question
};

void check(const Case& c, const std::vector<KnownMistake>& mistakes = {}) {
    CAPTURE(c.answer);
    CAPTURE(c.value);
    ExpectedAnswer e = expect(c.value, c.unit, c.digits, mistakes);
    e.per = c.per;
    const AnswerVerdict v = check_answer(c.answer, e);
    CAPTURE(v.message);
    CHECK(v.correct == (c.mistake == nullptr));
    CHECK(v.mistake == (c.mistake == nullptr ? "" : c.mistake));
    CHECK(v.has_parsed == (c.parsed != nullptr));
    if (c.parsed != nullptr) CHECK(v.parsed == c.parsed);
    CHECK_FALSE(v.message.empty());
}

void check_all(const std::vector<Case>& cases) {
    for (const auto& c : cases) check(c);
}

}  // namespace

TEST_CASE("c_KV = 147,456 B per token (exact bytes)") {
    check_all({
        {"147456", "147456", Bytes, 0, nullptr, "147456"},
        {"147,456 B", "147456", Bytes, 0, nullptr, "147456"},
        {"144 KiB", "147456", Bytes, 0, nullptr, "147456"},
        {"2*36*8*128*2 B", "147456", Bytes, 0, nullptr, "147456"},
        {"2×36×8×128×2", "147456", Bytes, 0, nullptr, "147456"},
        {"2·36·8·128·2 B", "147456", Bytes, 0, nullptr, "147456"},
        {"147,456 B/token", "147456", Bytes, 0, nullptr, "147456", "token"},
        {"144 KiB per token", "147456", Bytes, 0, nullptr, "147456", "token"},
        {"147456 B 每個 token", "147456", Bytes, 0, nullptr, "147456", "token"},
        {"1.125 GiB / 8192 token", "147456", Bytes, 0, nullptr, "147456", "token"},
        {"147456 位元組", "147456", Bytes, 0, nullptr, "147456"},
        {"147456 bytes", "147456", Bytes, 0, nullptr, "147456"},
        {"0.140625 MiB", "147456", Bytes, 0, nullptr, "147456"},
        {"147.456 kB", "147456", Bytes, 0, nullptr, "147456"},
        {"73,728 B", "147456", Bytes, 0, "missing_kv_factor_2", "73728"},
        {"294912 B", "147456", Bytes, 0, "extra_factor_2", "294912"},
        {"589,824 B", "147456", Bytes, 0, "query_heads", "589824"},
        {"576 KiB", "147456", Bytes, 0, "query_heads", "589824"},
        {"144 KB", "147456", Bytes, 0, "gb_vs_gib", "144000"},
        {"144", "147456", Bytes, 0, "missing_unit", "144"},
        {"1.47e5", "147456", Bytes, 0, "too_coarse", "147000"},
        {"14745.6 B", "147456", Bytes, 0, "off_by_power_of_ten", "14745.6"},
        {"144 MiB", "147456", Bytes, 0, "off_by_power_of_ten", "150994944"},
        {"147456 FLOPs", "147456", Bytes, 0, "wrong_unit_kind", "147456"},
        {"147 KiB", "147456", Bytes, 0, "other", "150528"},
    });
}

TEST_CASE("8K context KV = 1.125 GiB = 1,207,959,552 B") {
    check_all({
        {"1.125 GiB", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"1,207,959,552 B", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"1207959552", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"1152 MiB", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"147456 * 8192 B", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"144 KiB × 8192", "1207959552", Bytes, 0, nullptr, "1207959552"},
        {"1.125 GB", "1207959552", Bytes, 0, "gb_vs_gib", "1125000000"},
        {"1.208 GB", "1207959552", Bytes, 0, "too_coarse", "1208000000"},
        {"1.2e9", "1207959552", Bytes, 0, "too_coarse", "1200000000"},
        {"1.125", "1207959552", Bytes, 0, "missing_unit", "1.125"},
        {"0.5625 GiB", "1207959552", Bytes, 0, "missing_kv_factor_2", "603979776"},
        {"2.25 GiB", "1207959552", Bytes, 0, "extra_factor_2", "2415919104"},
        {"4.5 GiB", "1207959552", Bytes, 0, "query_heads", "4831838208"},
        {"-1.125 GiB", "1207959552", Bytes, 0, "negative", "-1207959552"},
        {"1.125 TFLOPs", "1207959552", Bytes, 0, "wrong_unit_kind", "1125000000000"},
        // With the book's digits the decimal reading is right at that precision.
        {"1.125 GiB", "1207959552", Bytes, 4, nullptr, "1207959552"},
        {"1.208 GB", "1207959552", Bytes, 4, nullptr, "1208000000"},
        {"1.2 GB", "1207959552", Bytes, 2, nullptr, "1200000000"},
        {"1.2 GB", "1207959552", Bytes, 4, "too_coarse", "1200000000"},
        {"1.13 GiB", "1207959552", Bytes, 3, nullptr, "1213328261.12"},  // exactly half a unit away: inclusive
        {"1.131 GiB", "1207959552", Bytes, 3, "other", "1214402002.944"},
    });
}

TEST_CASE("8K prefill = 133.59 TFLOPs (5 digits)") {
    check_all({
        {"133.59 TFLOPs", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"133,594,323,353,600 FLOPs", "133594323353600", Flops, 5, nullptr, "133594323353600"},
        {"133594323353600", "133594323353600", Flops, 5, nullptr, "133594323353600"},
        {"1.3359e14", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"133590 GFLOPs", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"0.13359 PFLOPs", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"133.59 tflops", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"133.59 TFLOPS", "133594323353600", Flops, 5, nullptr, "133590000000000"},
        {"133.6 TFLOPs", "133594323353600", Flops, 5, "too_coarse", "133600000000000"},
        {"133.59", "133594323353600", Flops, 5, "missing_unit", "133.59"},
        {"133.59 TB", "133594323353600", Flops, 5, "wrong_unit_kind", "133590000000000"},
        {"133.59 GFLOPs", "133594323353600", Flops, 5, "off_by_power_of_ten", "133590000000"},
        {"66.797 TFLOPs", "133594323353600", Flops, 5, "missing_factor_2", "66797000000000"},
        {"135 TFLOPs", "133594323353600", Flops, 5, "other", "135000000000000"},
    });
}

TEST_CASE("8K decode step = 20.0 GFLOPs (3 digits)") {
    check_all({
        {"20.0 GFLOPs", "19968622592", Flops, 3, nullptr, "20000000000"},
        {"20 GFLOPs", "19968622592", Flops, 3, nullptr, "20000000000"},
        {"19.97 GFLOPs", "19968622592", Flops, 3, nullptr, "19970000000"},
        {"2e10", "19968622592", Flops, 3, nullptr, "20000000000"},
        {"19,968,622,592 FLOPs", "19968622592", Flops, 3, nullptr, "19968622592"},
        {"0.02 TFLOPs", "19968622592", Flops, 3, nullptr, "20000000000"},
        {"19.97 GFLOPs/token", "19968622592", Flops, 3, nullptr, "19970000000", "token"},
        {"20.0 GB", "19968622592", Flops, 3, "wrong_unit_kind", "20000000000"},
        {"200 GFLOPs", "19968622592", Flops, 3, "off_by_power_of_ten", "200000000000"},
        {"20.0 MFLOPs", "19968622592", Flops, 3, "off_by_power_of_ten", "20000000"},
        {"19.5 GFLOPs", "19968622592", Flops, 3, "other", "19500000000"},
    });
}

TEST_CASE("Exercise 2-3: 8,912,384 context reads, 1224 GiB, 144 MiB, 1.27 GiB") {
    check_all({
        {"8,912,384", "8912384", Tokens, 0, nullptr, "8912384"},
        {"8912384 tokens", "8912384", Tokens, 0, nullptr, "8912384"},
        {"8,912,384 個 token", "8912384", Tokens, 0, nullptr, "8912384"},
        {"8,912,384 reads", "8912384", Tokens, 0, nullptr, "8912384"},
        {"8,912,384 次讀取", "8912384", Tokens, 0, nullptr, "8912384"},
        {"1024*8192 + 1024*1023/2", "8912384", Tokens, 0, nullptr, "8912384"},
        {"891.2384 萬", "8912384", Tokens, 0, nullptr, "8912384"},
        {"8.9e6", "8912384", Tokens, 0, "too_coarse", "8900000"},
        {"8,912,385", "8912384", Tokens, 0, "other", "8912385"},
        {"8,912,384 B", "8912384", Tokens, 0, "wrong_unit_kind", "8912384"},
        {"4,456,192", "8912384", Tokens, 0, "missing_factor_2", "4456192"},

        {"1224 GiB", "1314184495104", Bytes, 4, nullptr, "1314259992576"},
        {"1,224 GiB", "1314184495104", Bytes, 4, nullptr, "1314259992576"},
        {"1.195 TiB", "1314184495104", Bytes, 4, nullptr, "1313916395192.32"},
        {"1314.2 GB", "1314184495104", Bytes, 4, nullptr, "1314200000000"},
        {"1.314 TB", "1314184495104", Bytes, 4, nullptr, "1314000000000"},
        {"1223.94 GiB", "1314184495104", Bytes, 4, nullptr, "1314195568066.56"},
        {"8912384 * 144 KiB", "1314184495104", Bytes, 4, nullptr, "1314184495104"},
        {"1224 GB", "1314184495104", Bytes, 4, "gb_vs_gib", "1224000000000"},
        {"1.2 TiB", "1314184495104", Bytes, 4, "too_coarse", "1319413953331.2"},
        {"1224 MiB", "1314184495104", Bytes, 4, "off_by_power_of_ten", "1283457024"},
        {"612 GiB", "1314184495104", Bytes, 4, "missing_kv_factor_2", "657129996288"},

        {"144 MiB", "150994944", Bytes, 0, nullptr, "150994944"},
        {"150,994,944 B", "150994944", Bytes, 0, nullptr, "150994944"},
        {"1024 * 147456 B", "150994944", Bytes, 0, nullptr, "150994944"},
        {"0.140625 GiB", "150994944", Bytes, 0, nullptr, "150994944"},
        {"144 MB", "150994944", Bytes, 0, "gb_vs_gib", "144000000"},
        {"151 MB", "150994944", Bytes, 0, "too_coarse", "151000000"},
        {"144", "150994944", Bytes, 0, "missing_unit", "144"},

        {"1.27 GiB", "1358954496", Bytes, 3, nullptr, "1363652116.48"},
        {"1.266 GiB", "1358954496", Bytes, 3, nullptr, "1359357149.184"},
        {"1.2656 GiB", "1358954496", Bytes, 3, nullptr, "1358927652.4544"},
        {"1.265625 GiB", "1358954496", Bytes, 3, nullptr, "1358954496"},
        {"1.36 GB", "1358954496", Bytes, 3, nullptr, "1360000000"},
        {"1300 MiB", "1358954496", Bytes, 3, nullptr, "1363148800"},
        {"1,358,954,496 B", "1358954496", Bytes, 3, nullptr, "1358954496"},
        {"9216 * 147456 B", "1358954496", Bytes, 3, nullptr, "1358954496"},
        {"約 1.27 GiB。", "1358954496", Bytes, 3, nullptr, "1363652116.48"},
        {"≈ 1.27 GiB", "1358954496", Bytes, 3, nullptr, "1363652116.48"},
        {"1.27 GiB/request", "1358954496", Bytes, 3, nullptr, "1363652116.48", "request"},
        {"1.3 GiB", "1358954496", Bytes, 3, "too_coarse", "1395864371.2"},
        {"1.4 GB", "1358954496", Bytes, 3, "too_coarse", "1400000000"},
        {"1.27 GB", "1358954496", Bytes, 3, "gb_vs_gib", "1270000000"},
        {"1.25 GiB", "1358954496", Bytes, 3, "other", "1342177280"},
    });
}

TEST_CASE("Exercise 3-8: a factor may be written with 倍") {
    check_all({
        {"3", "3", Pure, 0, nullptr, "3"},
        {"3 倍", "3", Pure, 0, nullptr, "3"},
        {"3倍", "3", Pure, 0, nullptr, "3"},
        {"4 倍", "3", Pure, 0, "other", "4"},
    });
}

TEST_CASE("Example 2-2 and Exercise 2-7: B* = 13 and capacity 9/4/2/3 requests") {
    check_all({
        {"13", "13", Pure, 0, nullptr, "13"},
        {"B* = 13", "13", Pure, 0, nullptr, "13"},
        {"B*=13", "13", Pure, 0, nullptr, "13"},
        {"13 個", "13", Pure, 0, nullptr, "13"},
        {"13 條請求", "13", Pure, 0, nullptr, "13"},
        {"13 requests", "13", Pure, 0, nullptr, "13"},
        {"１３", "13", Pure, 0, nullptr, "13"},
        {"12.53", "13", Pure, 0, "other", "12.53"},
        {"12", "13", Pure, 0, "other", "12"},
        {"26", "13", Pure, 0, "extra_factor_2", "26"},
        {"13 GiB", "13", Pure, 0, "wrong_unit_kind", "13958643712"},

        {"9", "9", Reqs, 0, nullptr, "9"},
        {"9 條請求", "9", Reqs, 0, nullptr, "9"},
        {"10", "9", Reqs, 0, "rounded_not_floored", "10"},
        {"4", "4", Reqs, 0, nullptr, "4"},
        {"4 條", "4", Reqs, 0, nullptr, "4"},
        {"4 requests", "4", Reqs, 0, nullptr, "4"},
        {"4 個", "4", Reqs, 0, nullptr, "4"},
        {"答：4 條請求", "4", Reqs, 0, nullptr, "4"},
        {"5", "4", Reqs, 0, "rounded_not_floored", "5"},
        {"4.53", "4", Reqs, 0, "rounded_not_floored", "4.53"},
        {"(24e9 - 16381470720 - 2*2^30)/(1.125*2^30)", "4", Reqs, 0, "rounded_not_floored", "2671409/589824"},
        {"(24e9 B - 16381470720 B - 2 GiB) / (1.125 GiB/request)", "4", Reqs, 0, "rounded_not_floored", "2671409/589824"},
        {"8", "4", Reqs, 0, "extra_factor_2", "8"},
        {"4 tokens", "4", Reqs, 0, "wrong_unit_kind", "4"},
        {"2", "2", Reqs, 0, nullptr, "2"},
        {"3", "2", Reqs, 0, "rounded_not_floored", "3"},
        {"3", "3", Reqs, 0, nullptr, "3"},
        {"4", "3", Reqs, 0, "rounded_not_floored", "4"},
    });
}

TEST_CASE("Parameter budget: 85.1 億 (3 digits)") {
    check_all({
        {"85.1 億", "8510339072", Params, 3, nullptr, "8510000000"},
        {"85.1億", "8510339072", Params, 3, nullptr, "8510000000"},
        {"85.1 億個參數", "8510339072", Params, 3, nullptr, "8510000000"},
        {"8,510,339,072", "8510339072", Params, 3, nullptr, "8510339072"},
        {"8.51e9", "8510339072", Params, 3, nullptr, "8510000000"},
        {"8.51e9 params", "8510339072", Params, 3, nullptr, "8510000000"},
        {"851,000 萬", "8510339072", Params, 3, nullptr, "8510000000"},
        {"85.1 亿", "8510339072", Params, 3, nullptr, "8510000000"},
        {"85.1", "8510339072", Params, 3, "missing_unit", "85.1"},
        {"85 億", "8510339072", Params, 3, "too_coarse", "8500000000"},
        {"85.1 億 B", "8510339072", Params, 3, "wrong_unit_kind", "8510000000"},
        {"170.2 億", "8510339072", Params, 3, "extra_factor_2", "17020000000"},
        {"81.9 億", "8190735360", Params, 3, nullptr, "8190000000"},
        {"8,190,735,360", "8190735360", Params, 0, nullptr, "8190735360"},
    });
}

TEST_CASE("percentages and proportions") {
    check_all({
        {"12.5%", "12.5", Pct, 0, nullptr, "12.5"},
        {"12.5 %", "12.5", Pct, 0, nullptr, "12.5"},
        {"12.5", "12.5", Pct, 0, nullptr, "12.5"},
        {"0.125", "12.5", Pct, 0, nullptr, "12.5"},  // a proportion
        {"1/8", "12.5", Pct, 0, nullptr, "12.5"},
        {"１２．５％", "12.5", Pct, 0, nullptr, "12.5"},
        {"12.5 GiB", "12.5", Pct, 0, "wrong_unit_kind", "13421772800"},
        {"25%", "12.5", Pct, 0, "extra_factor_2", "25"},
        {"1.25%", "12.5", Pct, 0, "off_by_power_of_ten", "1.25"},
        {"12.5%", "0.125", Pure, 0, nullptr, "0.125"},
        {"0.125", "0.125", Pure, 0, nullptr, "0.125"},
        {"12.5", "0.125", Pure, 0, "off_by_power_of_ten", "12.5"},
    });
}

TEST_CASE("without digits a non-integer is checked to 0.5%") {
    check_all({
        {"3514.25 B", "3514.25", Bytes, 0, nullptr, "3514.25"},
        {"3514", "3514.25", Bytes, 0, nullptr, "3514"},
        {"3.432 KiB", "3514.25", Bytes, 0, nullptr, "3514.368"},
        {"3,500 B", "3514.25", Bytes, 0, nullptr, "3500"},  // 0.41%
        {"3,400 B", "3514.25", Bytes, 0, "other", "3400"},  // 3.3%
        {"3.4 KiB", "3514.25", Bytes, 0, "too_coarse", "3481.6"},
        {"7028.5 B", "3514.25", Bytes, 0, "extra_factor_2", "7028.5"},
        {"1/3", "0.3333", Pure, 0, nullptr, "1/3"},
        {"0.33", "0.3333", Pure, 0, "too_coarse", "0.33"},
    });
}

TEST_CASE("number forms: separators, full width, scientific, 萬/億, arithmetic") {
    check_all({
        {"1.2e9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2E+9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2×10^9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2x10^9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2X10^9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2·10⁹", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2‧10⁹", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1.2*10^9", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"12e8", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"0.12e10", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1200000000.0", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1,200,000,000", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"1，200，000，000", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"１２億", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"12 億", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"120,000 萬", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"12 億 個", "1200000000", Pure, 0, nullptr, "1200000000"},
        {"１２３", "123", Pure, 0, nullptr, "123"},
        {"１，２３４．５", "1234.5", Pure, 0, nullptr, "1234.5"},
        {".5", "0.5", Pure, 0, nullptr, "0.5"},
        {"5.", "5", Pure, 0, nullptr, "5"},
        {"1.2e-3", "0.0012", Pure, 0, nullptr, "0.0012"},
        {"2^10", "1024", Pure, 0, nullptr, "1024"},
        {"2¹⁰", "1024", Pure, 0, nullptr, "1024"},
        {"2^(5+5)", "1024", Pure, 0, nullptr, "1024"},
        {"2^2^2^2", "65536", Pure, 0, nullptr, "65536"},
        {"10⁻³", "0.001", Pure, 0, nullptr, "0.001"},
        {"2^-1 * 2048", "1024", Pure, 0, nullptr, "1024"},
        {"(2+2)*256", "1024", Pure, 0, nullptr, "1024"},
        {"4096/4", "1024", Pure, 0, nullptr, "1024"},
        {"4096÷4", "1024", Pure, 0, nullptr, "1024"},
        {"（2＋2）＊256", "1024", Pure, 0, nullptr, "1024"},
        {"1030 − 6", "1024", Pure, 0, nullptr, "1024"},
        {"1030 － 6", "1024", Pure, 0, nullptr, "1024"},
        {"-(-1024)", "1024", Pure, 0, nullptr, "1024"},
        {"2 - 3 + 1025", "1024", Pure, 0, nullptr, "1024"},  // a negative intermediate is fine
        {"2*2^30 - 24e9 + 24e9", "2147483648", Bytes, 0, nullptr, "2147483648"},
        {"2 GiB + 512 MiB", "2684354560", Bytes, 0, nullptr, "2684354560"},
        {"2 GiB / 1 GiB", "2", Pure, 0, nullptr, "2"},
        {"99999999999999999999999999999999999999", "99999999999999999999999999999999999999", Pure, 0, nullptr,
         "99999999999999999999999999999999999999"},
        {"n_d = 1024", "1024", Pure, 0, nullptr, "1024"},
        {"1024。", "1024", Pure, 0, nullptr, "1024"},
        {"\t 1024 \n", "1024", Pure, 0, nullptr, "1024"},
    });
}

TEST_CASE("malformed answers are verdicts, never crashes") {
    const std::string nul("1\0 2", 4);
    const std::string invalid_utf8("12\xff\xfe", 4);
    check_all({
        {"", "1", Bytes, 0, "unparsable", nullptr},
        {"   ", "1", Bytes, 0, "unparsable", nullptr},
        {"\xe3\x80\x80", "1", Bytes, 0, "unparsable", nullptr},  // an ideographic space only
        {"1..2", "1", Pure, 0, "unparsable", nullptr},
        {"1.2.3", "1", Pure, 0, "unparsable", nullptr},
        {"1,2,3,4", "1234", Pure, 0, "unparsable", nullptr},  // commas group thousands only
        {"1,23", "123", Pure, 0, "unparsable", nullptr},
        {"1234,567", "1234567", Pure, 0, "unparsable", nullptr},
        {"1.234,5", "1234.5", Pure, 0, "unparsable", nullptr},
        {"2**3", "8", Pure, 0, "unparsable", nullptr},
        {"((1)", "1", Pure, 0, "unparsable", nullptr},
        {"1)", "1", Pure, 0, "unparsable", nullptr},
        {")", "1", Pure, 0, "unparsable", nullptr},
        {"1e999999", "1", Pure, 0, "unparsable", nullptr},
        {"1e-40", "1", Pure, 0, "unparsable", nullptr},
        {"2^200", "1", Pure, 0, "unparsable", nullptr},
        {"2^2^2^2^2", "1", Pure, 0, "unparsable", nullptr},
        {"123456789012345678901234567890123456789", "1", Pure, 0, "unparsable", nullptr},
        {std::string(300, '1'), "1", Pure, 0, "unparsable", nullptr},
        {std::string(201, '7'), "1", Pure, 0, "unparsable", nullptr},
        {"😀", "1", Pure, 0, "unparsable", nullptr},
        {"12😀", "12", Pure, 0, "unparsable", nullptr},
        {nul, "1", Pure, 0, "unparsable", nullptr},
        {invalid_utf8, "12", Pure, 0, "unparsable", nullptr},
        {"--5", "5", Pure, 0, "unparsable", nullptr},
        {"2 - -5", "7", Pure, 0, "unparsable", nullptr},
        {"5 GiB GiB", "5368709120", Bytes, 0, "unparsable", nullptr},
        {"三", "3", Pure, 0, "unparsable", nullptr},
        {"三百", "300", Pure, 0, "unparsable", nullptr},
        {"½", "0.5", Pure, 0, "unparsable", nullptr},
        {"2(3)", "6", Pure, 0, "unparsable", nullptr},
        {"2 3", "6", Pure, 0, "unparsable", nullptr},
        {"1 +", "1", Pure, 0, "unparsable", nullptr},
        {"GiB", "1", Bytes, 0, "unparsable", nullptr},
        {"1/0", "1", Pure, 0, "unparsable", nullptr},
        {"(2-2)^-1", "1", Pure, 0, "unparsable", nullptr},
        {"2^0.5", "1", Pure, 0, "unparsable", nullptr},
        {"2^(1 GiB)", "1", Pure, 0, "unparsable", nullptr},
        {"2 GiB^2", "1", Bytes, 0, "unparsable", nullptr},
        {"1.125 gb", "1207959552", Bytes, 0, "unparsable", nullptr},
        {"9 Gb", "1125000000", Bytes, 0, "unparsable", nullptr},
        {"1.5 bits", "1", Bytes, 0, "unparsable", nullptr},
        {"1 GiB - 1", "1073741823", Bytes, 0, "unparsable", nullptr},
        {"e9", "1", Pure, 0, "unparsable", nullptr},
        {"1e", "1", Pure, 0, "unparsable", nullptr},
        {"4 apples", "4", Pure, 0, "unparsable", nullptr},
        {"B*=", "13", Pure, 0, "unparsable", nullptr},
        {"5 per", "5", Pure, 0, "unparsable", nullptr},
        {"144 KiB/token/token", "147456", Bytes, 0, "unparsable", nullptr},
        {std::string(25, '(') + "1" + std::string(25, ')'), "1", Pure, 0, "unparsable", nullptr},
        {"(2 GiB)^2", "1", Bytes, 0, "wrong_unit_kind", nullptr},  // B^2 is not a size
        {"2 GiB * 2 GiB", "1", Bytes, 0, "wrong_unit_kind", nullptr},
    });
}

TEST_CASE("unparsable messages say what was not understood and show accepted forms") {
    const AnswerVerdict dots = check_answer("1..2", expect("1", Pure));
    CHECK(contains(dots.message, "小數點"));
    CHECK(contains(dots.message, "1.125 GiB"));  // an accepted form
    CHECK(dots.understood.empty());
    CHECK(contains(check_answer("2**3", expect("8", Pure)).message, "^"));
    CHECK(contains(check_answer("三", expect("3", Pure)).message, "阿拉伯數字"));
    CHECK(contains(check_answer(std::string(300, '1'), expect("1", Pure)).message, "300"));
    CHECK(contains(check_answer("1/0", expect("1", Pure)).message, "除以零"));
    CHECK(contains(check_answer("2^200", expect("1", Pure)).message, "128"));
    CHECK(contains(check_answer("1,2,3,4", expect("1", Pure)).message, "8,190,735,360"));
    CHECK(contains(check_answer("1.5 Gb", expect("1", Bytes)).message, "bit"));
    CHECK(contains(check_answer("((1)", expect("1", Pure)).message, "括號"));
    CHECK(contains(check_answer("5 GiB GiB", expect("1", Bytes)).message, "重複"));
}

TEST_CASE("messages say what was understood and name the mistake") {
    const AnswerVerdict right = check_answer("1.125 GiB", expect("1207959552", Bytes));
    CHECK(right.understood == "1.125 GiB = 1,207,959,552 B");
    CHECK(contains(right.message, "讀作 1.125 GiB = 1,207,959,552 B"));
    CHECK(contains(right.message, "正確"));

    const AnswerVerdict gb = check_answer("1.125 GB", expect("1207959552", Bytes));
    CHECK(contains(gb.message, "GiB"));
    CHECK(contains(gb.message, "1,073,741,824"));

    const AnswerVerdict coarse = check_answer("1.3 GiB", expect("1358954496", Bytes, 3));
    CHECK(contains(coarse.message, "2 位有效數字"));
    CHECK(contains(coarse.message, "3 位"));
    CHECK_FALSE(contains(coarse.message, "1,358,954,496"));  // a wrong answer does not reveal the value

    const AnswerVerdict within = check_answer("1.266 GiB", expect("1358954496", Bytes, 3));
    CHECK(contains(within.message, "1.27 GiB"));  // the book's rounding, in the learner's unit
    CHECK(contains(within.message, "GiB 的 3 位有效數字"));

    CHECK(contains(check_answer("4.53", expect("4", Reqs)).message, "向下取整"));
    CHECK(contains(check_answer("5", expect("4", Reqs)).message, "向下取整"));
    CHECK(contains(check_answer("73728 B", expect("147456", Bytes)).message, "K 與 V"));
    CHECK(contains(check_answer("589824 B", expect("147456", Bytes)).message, "KV 頭"));
    CHECK(contains(check_answer("-5 GiB", expect("1", Bytes)).message, "負"));
    CHECK(contains(check_answer("1.125 GiB", expect("1", Flops)).message, "運算量"));
    CHECK(contains(check_answer("144", expect("147456", Bytes)).message, "144 KiB"));
    CHECK(contains(check_answer("85.1", expect("8510339072", Params, 3)).message, "85.1 億"));
    CHECK(contains(check_answer("133.59 GFLOPs", expect("133594323353600", Flops, 5)).message, "10^3"));
    CHECK(contains(check_answer("147456", expect("147456", Bytes)).understood, "未寫單位"));
    CHECK(check_answer("0.125", expect("12.5", Pct)).understood == "0.125（比例）= 12.5%");
    CHECK(check_answer("4 條", expect("4", Reqs)).understood == "4 條請求");
    CHECK(check_answer("85.1 億", expect("8510339072", Params, 3)).understood == "85.1 億 = 8,510,000,000 個參數");
    CHECK(contains(check_answer("1/3", expect("0.3333", Pure)).understood, "≈ 0.333333"));
    ExpectedAnswer per_token = expect("147456", Bytes);
    per_token.per = "token";
    CHECK(contains(check_answer("147,456 B/token", per_token).understood, "按每個 token 計"));
}

TEST_CASE("author-listed mistakes are matched with the answer's tolerance, before the built-in patterns") {
    const std::vector<KnownMistake> heads = {listed("query_heads", "4831838208")};
    check({"4.5 GiB", "1207959552", Bytes, 0, "query_heads", "4831838208"}, heads);
    check({"4.83 GB", "1207959552", Bytes, 3, "query_heads", "4830000000"}, heads);
    check({"1.125 GiB", "1207959552", Bytes, 0, nullptr, "1207959552"}, heads);

    // Exercise 2-2 style: the whole S² instead of the causal pairs.
    check({"153.38 TFLOPs", "133594323353600", Flops, 5, "square_pairs", "153380000000000"},
          {listed("square_pairs", "153383116734464")});
    check({"67,108,864", "33558528", Pure, 0, "square_pairs", "67108864"}, {listed("square_pairs", "67108864")});
    // Exercise 2-3: n_d = G instead of G − 1.
    check({"8,921,600", "8912384", Tokens, 0, "decode_steps_g", "8921600"}, {listed("decode_steps_g", "8921600")});
    check({"8,921,600", "8912384", Tokens, 0, "other", "8921600"});  // only via the list
    // Exercise 2-6: every routed expert counted in the FLOPs.
    check({"64 TFLOPs", "2000000000000", Flops, 3, "all_experts", "64000000000000"}, {listed("all_experts", "64000000000000")});

    // An author's own code and message; the list comes before rounded_not_floored.
    const std::vector<KnownMistake> workspace = {listed("forgot_workspace", "5", "忘了扣除 2 GiB 工作區。")};
    check({"5", "4", Reqs, 0, "forgot_workspace", "5"}, workspace);
    CHECK(contains(check_answer("5", expect("4", Reqs, 0, workspace)).message, "工作區"));
    const AnswerVerdict generic = check_answer("7", expect("4", Reqs, 0, {listed("used_gb", "7")}));
    CHECK(generic.mistake == "used_gb");
    CHECK(contains(generic.message, "used_gb"));
    // The list's first match wins; too_coarse still comes first.
    check({"7", "4", Reqs, 0, "first", "7"}, {listed("first", "7"), listed("second", "7")});
    check({"1.3 GiB", "1358954496", Bytes, 3, "too_coarse", "1395864371.2"}, {listed("close", "1395864371")});
    // An author-given query_heads value turns the built-in ×4 guess off.
    check({"589824 B", "147456", Bytes, 0, "other", "589824"}, {listed("query_heads", "589825")});
}

TEST_CASE("tolerance edges: inclusive half unit, scale of the learner's unit, zero") {
    check_all({
        // 1.265625 GiB to 3 digits: [1.260625, 1.270625] GiB.
        {"1.270625 GiB", "1358954496", Bytes, 3, nullptr, "1364323205.12"},
        {"1.270626 GiB", "1358954496", Bytes, 3, "other", "1364324278.861824"},
        {"1.260625 GiB", "1358954496", Bytes, 3, nullptr, "1353585786.88"},
        {"1.260624 GiB", "1358954496", Bytes, 3, "other", "1353584713.138176"},
        // In decimal units the band is 1.36e9 ± 5e6 B.
        {"1.3545 GB", "1358954496", Bytes, 3, nullptr, "1354500000"},
        {"1.3539 GB", "1358954496", Bytes, 3, "other", "1353900000"},
        {"0", "0", Pure, 3, nullptr, "0"},
        {"0.0001", "0", Pure, 3, "other", "0.0001"},
        {"9.996", "9.996", Pure, 3, nullptr, "9.996"},
        {"10.0", "9.996", Pure, 3, nullptr, "10"},  // the book's rounding crosses a power of ten
    });
}

TEST_CASE("expected decimals, unit ids and the documented codes") {
    Ratio r;
    CHECK(parse_expected_decimal("3514.25", r));
    CHECK(r == Ratio(14057, 4));
    CHECK(parse_expected_decimal("0", r));
    CHECK(parse_expected_decimal("99999999999999999999999999999999999999", r));
    CHECK(parse_expected_decimal("0.000000000001", r));
    for (const char* bad : {"", "-5", "1e9", "1,024", ".5", "5.", " 5", "0x10", "1.0000000000001",
                            "999999999999999999999999999999999999999", "12a"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_expected_decimal(bad, r));
    }
    for (const char* id : {"B", "FLOPs", "tokens", "requests", "params", "", "%"}) {
        AnswerUnit u = AnswerUnit::Pure;
        CHECK(answer_unit_from_id(id, u));
        CHECK(answer_unit_id(u) == id);
    }
    AnswerUnit u = AnswerUnit::Pure;
    CHECK_FALSE(answer_unit_from_id("GiB", u));
    const auto& codes = mistake_codes();
    for (const char* code : {"unparsable", "wrong_unit_kind", "negative", "too_coarse", "query_heads", "square_pairs",
                             "decode_steps_g", "all_experts", "missing_unit", "gb_vs_gib", "rounded_not_floored",
                             "missing_kv_factor_2", "extra_factor_2", "off_by_power_of_ten", "other"}) {
        CHECK(std::find(codes.begin(), codes.end(), code) != codes.end());
    }
}

TEST_CASE("random text never throws and always explains itself") {
    // A fixed-seed generator over fragments that stress the lexer and parser.
    const std::vector<std::string> pieces = {"1",
                                             "0",
                                             "9",
                                             ".",
                                             ",",
                                             "，",
                                             "e",
                                             "E",
                                             "+",
                                             "-",
                                             "−",
                                             "*",
                                             "×",
                                             "·",
                                             "/",
                                             "÷",
                                             "^",
                                             "⁹",
                                             "⁻",
                                             "(",
                                             ")",
                                             " ",
                                             "%",
                                             "GiB",
                                             "GB",
                                             "B",
                                             "KiB",
                                             "TFLOPs",
                                             "萬",
                                             "億",
                                             "個",
                                             "條",
                                             "token",
                                             "/token",
                                             "=",
                                             "約",
                                             "x",
                                             "１",
                                             "．",
                                             "😀",
                                             std::string("\0", 1),
                                             "\xff",
                                             "三",
                                             "**",
                                             "2^",
                                             "10^"};
    std::uint64_t state = 0x2545F4914F6CDD1DULL;
    auto next = [&state]() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<size_t>(state >> 33);
    };
    const ExpectedAnswer e = expect("1207959552", Bytes, 4, {listed("query_heads", "4831838208")});
    int parsed = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string text;
        const size_t n = next() % 24;
        for (size_t k = 0; k < n; ++k) text += pieces[next() % pieces.size()];
        AnswerVerdict v;
        CHECK_NOTHROW(v = check_answer(text, e));
        CHECK_FALSE(v.message.empty());
        if (v.mistake == "unparsable") CHECK_FALSE(v.has_parsed);
        if (v.has_parsed) ++parsed;
    }
    CHECK(parsed > 20);
}

// ---- through the JSON API ---------------------------------------------------

namespace {

Json answer_request(const Json& answer, const Json& expected) {
    return {{"op", "check_answer"}, {"answer", answer}, {"expected", expected}};
}

}  // namespace

TEST_CASE("API: check_answer returns the verdict's six fields") {
    Json right = result(answer_request("1.125 GiB", {{"value", "1207959552"}, {"unit", "B"}}));
    CHECK(right["correct"] == true);
    CHECK(right["mistake"].is_null());
    CHECK(right["understood"] == "1.125 GiB = 1,207,959,552 B");
    CHECK(right["parsed"] == "1207959552");
    CHECK(right["parsed_unit"] == "B");
    CHECK(right["message"].get<std::string>().rfind("讀作 1.125 GiB = 1,207,959,552 B", 0) == 0);
    std::vector<std::string> keys;
    for (auto it = right.begin(); it != right.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"correct", "mistake", "message", "understood", "parsed", "parsed_unit"});

    Json wrong = result(answer_request(
        "4.5 GiB", {{"value", "1207959552"}, {"unit", "B"}, {"mistakes", {{{"code", "query_heads"}, {"value", "4831838208"}}}}}));
    CHECK(wrong["correct"] == false);
    CHECK(wrong["mistake"] == "query_heads");
    CHECK(wrong["parsed"] == "4831838208");

    Json coarse = result(answer_request("1.3 GiB", {{"value", "1358954496"}, {"unit", "B"}, {"digits", 3}}));
    CHECK(coarse["mistake"] == "too_coarse");
    CHECK(coarse["parsed"] == "1395864371.2");

    Json kind = result(answer_request("1.125 GiB", {{"value", "133594323353600"}, {"unit", "FLOPs"}, {"digits", 5}}));
    CHECK(kind["mistake"] == "wrong_unit_kind");
    CHECK(kind["parsed_unit"] == "B");

    Json pct = result(answer_request("0.125", {{"value", "12.5"}, {"unit", "%"}}));
    CHECK(pct["correct"] == true);
    CHECK(pct["parsed"] == "12.5");
    CHECK(pct["parsed_unit"] == "%");

    Json big = result(answer_request("99999999999999999999999999999999999999",
                                     {{"value", "99999999999999999999999999999999999999"}, {"unit", ""}}));
    CHECK(big["correct"] == true);
}

TEST_CASE("API: an unreadable answer is ok:true with mistake unparsable") {
    for (const std::string& text :
         std::vector<std::string>{"", "   ", "1..2", "三", std::string("1\0", 2), std::string(300, '9')}) {
        CAPTURE(text);
        Json r = call(answer_request(text, {{"value", "1"}, {"unit", ""}}));
        REQUIRE(r["ok"] == true);
        CHECK(r["result"]["correct"] == false);
        CHECK(r["result"]["mistake"] == "unparsable");
        CHECK(r["result"]["parsed"].is_null());
        CHECK(r["result"]["understood"].is_null());
        CHECK_FALSE(r["result"]["message"].get<std::string>().empty());
    }
    // Raw JSON with an escaped NUL character.
    Json nul =
        Json::parse(tally::api::evaluate(R"({"op":"check_answer","answer":"1\u0000","expected":{"value":"1","unit":""}})"));
    CHECK(nul["result"]["mistake"] == "unparsable");
}

TEST_CASE("API: bad requests name the field") {
    const Json e = {{"value", "1207959552"}, {"unit", "B"}};
    CHECK(error_field({{"op", "check_answer"}, {"expected", e}}) == "answer");
    CHECK(error_field(answer_request(42, e)) == "answer");
    CHECK(error_field(answer_request(nullptr, e)) == "answer");
    CHECK(error_field({{"op", "check_answer"}, {"answer", "1"}}) == "expected");
    CHECK(error_field(answer_request("1", "1207959552")) == "expected");
    CHECK(error_field(answer_request("1", {{"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", 1207959552}, {"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", "1e9"}, {"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", "-5"}, {"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", "1,024"}, {"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", std::string(39, '9')}, {"unit", "B"}})) == "expected.value");
    CHECK(error_field(answer_request("1", {{"value", "1"}})) == "expected.unit");
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "GiB"}})) == "expected.unit");
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", 3}})) == "expected.unit");
    for (const Json& digits : {Json(0), Json(31), Json(-1), Json(2.5), Json("3")}) {
        CAPTURE(digits.dump());
        CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"digits", digits}})) == "expected.digits");
    }
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"digit", 3}})) == "expected.digit");
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", "x"}})) == "expected.mistakes");
    const Json three_mistakes = {
        {{"code", "a"}, {"value", "2"}}, {{"code", "b"}, {"value", "3"}}, {{"code", "c"}, {"value", "x"}}};
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", three_mistakes}})) ==
          "expected.mistakes[2].value");
    CHECK(error_field(
              answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", {{{"code", "Bad Code"}, {"value", "2"}}}}})) ==
          "expected.mistakes[0].code");
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", {{{"code", "same"}, {"value", "1"}}}}})) ==
          "expected.mistakes[0].value");
    CHECK(error_field(answer_request(
              "1", {{"value", "1"}, {"unit", "B"}, {"mistakes", {{{"code", "a"}, {"value", "2"}, {"why", "x"}}}}})) ==
          "expected.mistakes[0].why");
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", {"a"}}})) == "expected.mistakes[0]");
    Json many = Json::array();
    for (int i = 0; i < 17; ++i) many.push_back({{"code", "c"}, {"value", std::to_string(i + 2)}});
    CHECK(error_field(answer_request("1", {{"value", "1"}, {"unit", "B"}, {"mistakes", many}})) == "expected.mistakes");
    Json extra = answer_request("1", e);
    extra["hint"] = "x";
    CHECK(error_field(extra) == "hint");
    Json r = call(answer_request("1", {{"value", "1"}, {"unit", "GiB"}}));
    CHECK(r["error"]["code"] == "expected_unit_unknown");
    CHECK(contains(r["error"]["params"]["accepted"].get<std::string>(), "FLOPs"));
}

// Issue 18: "1,125 GiB" was read as 1125 GiB and labelled a power-of-ten
// slip.  One comma group and no decimal point is ambiguous; a right reading
// stands, a wrong one is called ambiguous with both readings.
TEST_CASE("a lone comma group is a thousands separator only when that reading is right") {
    const AnswerVerdict comma = check_answer("1,125 GiB", expect("1207959552", Bytes, 4));
    CHECK_FALSE(comma.correct);
    CHECK(comma.mistake == "ambiguous_decimal_comma");
    CHECK(contains(comma.message, "1125"));
    CHECK(contains(comma.message, "1.125"));
    CHECK_FALSE(comma.has_parsed);
    CHECK(check_answer("1，125 GiB", expect("1207959552", Bytes, 4)).mistake == "ambiguous_decimal_comma");
    CHECK(check_answer("0,125", expect("0.125", Pure)).mistake == "ambiguous_decimal_comma");
    // A wrong thousands reading with a mistake of its own keeps it.
    CHECK(check_answer("73,728 B", expect("147456", Bytes)).mistake == "missing_kv_factor_2");
    // Right as grouped: accepted.
    CHECK(check_answer("8,192 tokens", expect("8192", Tokens)).correct);
    CHECK(check_answer("1,125 GiB", expect("1207959552000", Bytes, 4)).correct);
    // Two groups or a point after the group: unambiguous, judged as before.
    CHECK(check_answer("1,125,000 GiB", expect("1207959552", Bytes, 4)).mistake == "off_by_power_of_ten");
    CHECK(check_answer("1,125.0 GiB", expect("1207959552", Bytes, 4)).mistake == "off_by_power_of_ten");
    // Verdicts that do not depend on the reading stand.
    CHECK(check_answer("1,125 FLOPs", expect("1207959552", Bytes, 4)).mistake == "wrong_unit_kind");
    CHECK(check_answer("-1,125 GiB", expect("1207959552", Bytes, 4)).mistake == "negative");
}

// The checker decodes with the JSON parser's rules (src/core/utf8.hpp): an
// overlong "1" (C0 B1) is a broken paste, not the digit, and so are
// surrogates, code points past U+10FFFF and cut sequences.
TEST_CASE("answer: text that is not well-formed UTF-8 is refused, overlong forms too") {
    for (const char* bad : {"\xff", "1\xc3", "\xc0\xb1", "\xe0\x80\xb1", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
        CAPTURE(bad);
        const AnswerVerdict v = check_answer(bad, expect("1", Pure));
        CHECK_FALSE(v.correct);
        CHECK(v.mistake == "unparsable");
        CHECK(v.message.find("答案不是有效的 UTF-8 文字") != std::string::npos);
    }
    const AnswerVerdict wide = check_answer("\xef\xbc\x91\xef\xbc\x92", expect("12", Pure));  // "１２", full width
    CHECK(wide.correct);
    CHECK(wide.parsed == "12");
}
