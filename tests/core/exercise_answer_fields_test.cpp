// Values that exercises 2-2(h), 2-4(c) and 2-4(d) check answers against, and
// the built-in guesses an exercise may allow for its quantity: each value
// comes from an op, and check_answer takes it as is.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/answer.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

Json find_id(const Json& list, const std::string& id) {
    for (const auto& it : list) {
        if (it["id"] == id) return it;
    }
    FAIL("no row " << id);
    return Json();
}

Json verdict(const std::string& answer, const Json& expected) {
    return result({{"op", "check_answer"}, {"answer", answer}, {"expected", expected}});
}

bool contains(const Json& text, const std::string& part) { return text.get<std::string>().find(part) != std::string::npos; }

}  // namespace

TEST_CASE("turn: the prefill FLOPs both ways and the share reuse saves (exercise 2-2(h))") {
    const Json t = result({{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 8192}, {"cached", 6144}, {"generated", 1}});
    const Json full = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 0}, {"input", 8192}});
    const Json reuse = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 6144}, {"input", 2048}});
    CHECK(t["full_prefill_flops"] == full["total"]);
    CHECK(t["full_prefill_flops"] == 133594323353600ULL);
    CHECK(t["prefill_flops"] == reuse["total"]);
    CHECK(t["prefill_flops"] == 37110366076928ULL);
    CHECK(t["full_prefill_display"] == "133.59 TFLOPs");
    // 100·(133594323353600 − 37110366076928)/133594323353600, reduced.
    CHECK(t["prefill_saved_percent"] == "368057088/5096219");
    CHECK(t["prefill_saved_display"] == "72.22%");
    CHECK(t["prefill_kept_percent"] == "141564812/5096219");  // 100 − the saving
    CHECK(t["rows_saved_percent"] == 75);
    CHECK(t["rows_saved_display"] == "75%");

    // The exact fraction goes to check_answer unchanged; 2 significant digits.
    const Json e = {
        {"value", t["prefill_saved_percent"]},
        {"unit", "%"},
        {"digits", 2},
        {"mistakes",
         {{{"code", "kept_share"}, {"value", t["prefill_kept_percent"]}}, {{"code", "rows_share"}, {"value", "75"}}}}};
    for (const char* right : {"72%", "0.72", "72", "72.2%", "72.22 %", "７２％", "1 - 37.11/133.59"}) {
        CAPTURE(right);
        CHECK(verdict(right, e)["correct"] == true);
    }
    CHECK(verdict("73%", e)["mistake"] == "other");
    CHECK(verdict("28%", e)["mistake"] == "kept_share");
    CHECK(verdict("0.28", e)["mistake"] == "kept_share");  // a proportion, like a right 0.72
    CHECK(verdict("75%", e)["mistake"] == "rows_share");
    CHECK(verdict("0.75", e)["mistake"] == "rows_share");
    CHECK(verdict("72 GB", e)["mistake"] == "wrong_unit_kind");
    // The 35% of the example: both spellings.
    const Json pct35 = {{"value", "35"}, {"unit", "%"}, {"digits", 2}};
    CHECK(verdict("35%", pct35)["correct"] == true);
    CHECK(verdict("0.35", pct35)["correct"] == true);
    CHECK(verdict("3.5%", pct35)["mistake"] == "off_by_power_of_ten");
}

TEST_CASE("state: entries per layer at this length, and the cap of a top-k selection (exercise 2-4(d))") {
    const Json s8 = result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 8192}});
    const Json s16 = result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 16384}});
    CHECK(find_id(s8["items"], "csa_main")["entries"] == 2048);   // ⌊8192/4⌋
    CHECK(find_id(s16["items"], "csa_main")["entries"] == 4096);  // ⌊16384/4⌋
    CHECK(find_id(s8["reads"], "csa_index_read")["entries"] == 2048);
    CHECK(find_id(s16["reads"], "csa_index_read")["entries"] == 4096);
    CHECK(find_id(s8["reads"], "csa_entries_read")["entries"] == 512);
    CHECK(find_id(s16["reads"], "csa_entries_read")["entries"] == 512);
    CHECK(find_id(s16["reads"], "csa_entries_read")["entries_cap"] == 512);
    CHECK(find_id(s16["items"], "window")["entries"] == 128);
    CHECK(find_id(s16["items"], "hca_main")["entries"] == 128);  // ⌊16384/128⌋
    // Below the cap every completed entry is selected.
    const Json s1 = result({{"op", "state"}, {"model", "deepseek-v4-flash"}, {"tokens", 1027}});
    CHECK(find_id(s1["reads"], "csa_entries_read")["entries"] == 256);
    CHECK(find_id(s1["items"], "csa_main")["entries"] == 256);
    // Fixed rows (buffers) have no count; a plain KV cache holds every position.
    CHECK_FALSE(find_id(s16["items"], "csa_buffer").contains("entries"));
    CHECK_FALSE(find_id(s16["items"], "csa_main").contains("entries_cap"));
    const Json q = result({{"op", "state"}, {"model", "qwen3-8b"}, {"tokens", 5000}});
    CHECK(q["items"][0]["entries"] == 5000);
}

TEST_CASE("forward score_heads: the KV-heads-instead-of-query-heads value of exercise 2-4(c)") {
    const Json right = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}, {"kv_heads", 4}});
    const Json new_kv =
        result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}, {"kv_heads", 4}, {"score_heads", "kv"}});
    const Json old_kv = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}, {"score_heads", "kv"}});
    const Json query = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}, {"score_heads", "query"}});
    CHECK(right["interaction"] == 4832428032ULL);   // 36·4·32·128·8193
    CHECK(new_kv["interaction"] == 604053504ULL);   // 4 heads: 1/8
    CHECK(old_kv["interaction"] == 1208107008ULL);  // 8 heads: 1/4
    CHECK(query["interaction"] == right["interaction"]);
    CHECK(find_id(new_kv["items"], "attn_core")["substituted"] == "4×4×128×8193");
    CHECK(find_id(new_kv["items"], "attn_core")["shape"] == "4 個 KV 頭，每頭 128 維");
    // Only the scores change: projections and FFN are the model's.
    CHECK(find_id(new_kv["items"], "ffn")["flops"] == find_id(right["items"], "ffn")["flops"]);
    CHECK(error_field({{"op", "forward"}, {"model", "qwen3-8b"}, {"score_heads", "all"}}) == "score_heads");
    CHECK(error_field({{"op", "forward"}, {"model", "kimi-k3"}, {"score_heads", "kv"}}) == "score_heads");
    CHECK(error_field({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"score_heads", "kv"}}) == "score_heads");
}

TEST_CASE("check_answer: a half of interaction FLOPs is not a forgotten K/V; KV heads are named") {
    // Exercise 2-4(c) for the book's givens: 4,832,428,032 FLOPs.
    const Json e = {{"value", "4832428032"},
                    {"unit", "FLOPs"},
                    {"digits", 4},
                    {"mistakes",
                     {{{"code", "kv_heads_for_scores"}, {"value", "604053504"}},
                      {{"code", "kv_heads_for_scores"}, {"value", "1208107008"}}}}};
    const Json half = verdict("2.416 GFLOPs", e);
    CHECK(half["mistake"] == "missing_factor_2");
    CHECK_FALSE(contains(half["message"], "K 與 V"));
    CHECK(contains(half["message"], "乘加"));
    const Json eighth = verdict("604.1 MFLOPs", e);
    CHECK(eighth["mistake"] == "kv_heads_for_scores");
    CHECK(contains(eighth["message"], "查詢頭"));
    CHECK(verdict("1.208 GFLOPs", e)["mistake"] == "kv_heads_for_scores");
    CHECK(verdict("9.665 GFLOPs", e)["mistake"] == "extra_factor_2");
    CHECK_FALSE(contains(verdict("9.665 GFLOPs", e)["message"], "BF16"));
    CHECK(verdict("4.832 GFLOPs", e)["correct"] == true);
    // Without the listed values a quarter is not a known pattern for FLOPs.
    CHECK(verdict("1.208 GFLOPs", {{"value", "4832428032"}, {"unit", "FLOPs"}, {"digits", 4}})["mistake"] == "other");
}

TEST_CASE("check_answer guesses: the built-in patterns a quantity allows") {
    // Bytes by default: a half is K/V, ×4 is query heads.
    const Json kv = {{"value", "147456"}, {"unit", "B"}};
    CHECK(verdict("73728 B", kv)["mistake"] == "missing_kv_factor_2");
    CHECK(verdict("589824 B", kv)["mistake"] == "query_heads");
    // Expert weights in bytes: no K/V, no heads.
    Json weights = {{"value", "50331648"},
                    {"unit", "B"},
                    {"digits", 3},
                    {"guesses", {"missing_unit", "gb_vs_gib", "missing_factor_2", "extra_factor_2", "off_by_power_of_ten"}}};
    const Json half = verdict("24 MiB", weights);
    CHECK(half["mistake"] == "missing_factor_2");
    CHECK_FALSE(contains(half["message"], "K 與 V"));
    CHECK(verdict("192 MiB", weights)["mistake"] == "other");  // ×4 is not query heads here
    CHECK(verdict("48 MB", weights)["mistake"] == "gb_vs_gib");
    CHECK(verdict("96 MiB", weights)["mistake"] == "extra_factor_2");
    CHECK(verdict("48", weights)["mistake"] == "missing_unit");
    CHECK(verdict("48 MiB", weights)["correct"] == true);
    // An empty list: only the author's values and "other".
    weights["guesses"] = Json::array();
    CHECK(verdict("24 MiB", weights)["mistake"] == "other");
    CHECK(verdict("48 MB", weights)["mistake"] == "other");
    CHECK(verdict("48", weights)["mistake"] == "other");
    // The coarse-answer and wrong-kind verdicts are not guesses: always on.
    CHECK(verdict("5.0e7 B", weights)["mistake"] == "too_coarse");
    CHECK(verdict("48 GFLOPs", weights)["mistake"] == "wrong_unit_kind");
    // A listed value still wins over the list of guesses.
    weights["mistakes"] = {{{"code", "all_experts"}, {"value", "805306368"}}};
    CHECK(verdict("768 MiB", weights)["mistake"] == "all_experts");
    // Counts: a half is a plain factor 2; requests keep the flooring guess.
    CHECK(verdict("2", {{"value", "4"}, {"unit", "requests"}})["mistake"] == "missing_factor_2");
    CHECK(verdict("5", {{"value", "4"}, {"unit", "requests"}})["mistake"] == "rounded_not_floored");
    CHECK(verdict("5", {{"value", "4"}, {"unit", "requests"}, {"guesses", {"missing_factor_2"}}})["mistake"] == "other");
}

TEST_CASE("check_answer guesses: bad lists name the field and the accepted codes") {
    auto req = [](const Json& guesses) {
        return Json{{"op", "check_answer"}, {"answer", "1"}, {"expected", {{"value", "2"}, {"unit", "B"}, {"guesses", guesses}}}};
    };
    CHECK(error_field(req("gb_vs_gib")) == "expected.guesses");
    CHECK(error_field(req({"gb_vs_gib", "square_pairs"})) == "expected.guesses[1]");  // a list code, not a guess
    CHECK(error_field(req({1})) == "expected.guesses[0]");
    CHECK(error_field(req({"other"})) == "expected.guesses[0]");
    // One more than there are built-in guesses is refused as a list.
    Json too_many = Json::array();
    for (std::size_t i = 0; i <= builtin_guess_codes().size(); ++i) too_many.push_back("gb_vs_gib");
    CHECK(error_field(req(too_many)) == "expected.guesses");
    const Json r = call(req({"nope"}));
    CHECK(r["error"]["code"] == "guess_unknown");
    CHECK(contains(r["error"]["params"]["list"], "missing_factor_2"));
    const auto& codes = builtin_guess_codes();
    CHECK(codes.size() == 10);  // chapter 3 adds ms_vs_s and hours_vs_seconds
    const auto& all = mistake_codes();
    for (const auto& c : codes) CHECK(std::find(all.begin(), all.end(), c) != all.end());
    CHECK(std::find(all.begin(), all.end(), "kv_heads_for_scores") != all.end());
}
