// Sentences that used to be written in C++ in zh-Hant only, now catalog
// codes in the three languages: a field's reading problems (read_quantity),
// the batch curves' refusals, and the capacity ops' notes, which carry their
// codes and params beside their text (note_codes) so a page picks a note by
// code.  zh-Hant keeps its exact words.
#include <doctest/doctest.h>

#include <vector>

#include "core/batch_curves.hpp"
#include "core/messages.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

Json in_lang(Json request, const char* lang) {
    if (lang != nullptr) request["lang"] = lang;
    return request;
}

// The detail of a refused read_quantity.
std::string refusal(const std::string& text, const char* kind, const char* lang = nullptr) {
    const Json e = error_of(in_lang({{"op", "read_quantity"}, {"text", text}, {"kind", kind}}, lang));
    REQUIRE(e["code"] == "quantity_text_unreadable");
    return e["detail"].get<std::string>();
}

const Json kOverflowing = {
    {"op", "capacity"}, {"model", "deepseek-r1-distill-llama-70b"}, {"gpu", "rtx-4090"}, {"context", 200000}};

}  // namespace

TEST_CASE("read_quantity: zh-Hant's problems word for word, as before they were catalog codes") {
    CHECK(refusal("1.5", "tokens") == "「1.5」不是整數；這個欄位只接受整數，不會替你四捨五入");
    CHECK(refusal("0.3K", "tokens") == "「0.3K」讀作 307.2，不是整數；這個欄位只接受整數，不會替你四捨五入");
    CHECK(refusal("-5", "count") == "不可為負數，讀作 −5");
    CHECK(refusal("12%", "count") == "百分比不是個數，「12%」請寫成數值");
    CHECK(refusal("2 GiB", "tokens") == "「2 GiB」的單位是位元組數（B），這個欄位要的是 token 數");
    CHECK(refusal("8192 tokens", "bytes") == "「8192 tokens」的單位是 token 數，這個欄位要的是位元組數");
    CHECK(refusal("4 個", "bytes") == "「4 個」是個數，這個欄位要的是位元組數");
    CHECK(refusal("147456 B/token", "bytes") == "「/token」是比率；這個欄位要的是位元組數，不是每單位的量");
    CHECK(refusal("", "tokens") == "無法理解：輸入的文字是空的；可以寫 4096、32K（= 32,768）、32,768、1e6 或 8 萬");
    CHECK(refusal("abc", "count") == "無法理解單位「abc」；可以寫 8、1,000、1K（= 1,000）或 1e3");
    CHECK(refusal("abc", "bytes") == "無法理解單位「abc」；可以寫 2147483648、2 GiB、512 MiB 或 24 GB");
}

TEST_CASE("read_quantity: English problems are English, and name what can be typed") {
    CHECK(refusal("1.5", "tokens", "en") ==
          "“1.5” is not a whole number; this field takes whole numbers only and does not round them for you");
    CHECK(refusal("0.3K", "tokens", "en") ==
          "“0.3K” reads as 307.2, which is not a whole number; this field takes whole numbers only and does not round them for "
          "you");
    CHECK(refusal("12%", "count", "en") == "“12%” is a percentage, not a count; write it as a number");
    CHECK(refusal("2 GiB", "tokens", "en") == "“2 GiB” is a number of bytes (B), but this field takes a number of tokens");
    CHECK(refusal("4 個", "bytes", "en") == "“4 個” is a count, but this field takes a number of bytes");
    CHECK(refusal("", "tokens", "en") ==
          "the text you typed is empty; you can write 4096, 32K (= 32,768), 32,768, 1e6 or 80 thousand");
    // Plain variables, not a structured binding: CAPTURE's lambda cannot
    // capture one before C++20 (clang, the sanitize preset, refuses it).
    for (const auto& entry : std::vector<std::pair<std::string, const char*>>{{"-5", "count"},
                                                                              {"8192 tokens", "bytes"},
                                                                              {"147456 B/token", "bytes"},
                                                                              {"abc", "tokens"},
                                                                              {"abc", "count"},
                                                                              {"abc", "bytes"},
                                                                              {"3 GiB/s", "bytes"}}) {
        const std::string& text = entry.first;
        const char* kind = entry.second;
        CAPTURE(text);
        CHECK_FALSE(has_cjk(refusal(text, kind, "en")));
    }
    // The English example is one the field reads.
    CHECK(result(in_lang({{"op", "read_quantity"}, {"text", "80 thousand"}, {"kind", "tokens"}}, "en"))["value"] == "80000");
}

TEST_CASE("read_quantity: zh-Hans is generated, with the same numbers") {
    CHECK(refusal("1.5", "tokens", "zh-Hans") == "“1.5”不是整数；这个字段只接受整数，不会替你四舍五入");
    CHECK(refusal("", "tokens", "zh-Hans").rfind("无法理解：", 0) == 0);
    CHECK(refusal("abc", "tokens", "zh-Hans").rfind("无法理解单位“abc”", 0) == 0);  // not said twice
}

TEST_CASE("batch curves refuse with catalog codes") {
    try {
        (void)saturation_batch(64, 0);
        FAIL("k_top 0 was taken");
    } catch (const MessageError& e) {
        CHECK(std::string(message_code(e.id)) == "curve_top_k_zero");
    }
    const LangScope english(Lang::en);
    RoutingInput base;
    try {
        (void)routing_curve(base, {Dispatch::Explicit}, {1, 2});
        FAIL("an explicit dispatch was drawn");
    } catch (const MessageError& e) {
        CHECK(std::string(message_code(e.id)) == "curve_explicit_dispatch");
        CHECK(std::string(e.what()) == "the explicit dispatch describes a single batch and cannot be drawn as a curve");
    }
}

TEST_CASE("capacity: each note has its code and params, in step with the notes") {
    for (const char* lang : {"zh-Hant", "zh-Hans", "en"}) {
        CAPTURE(lang);
        const Json r = result(in_lang(kOverflowing, lang));
        REQUIRE(r["notes"].size() == 2);
        REQUIRE(r["note_codes"].size() == 2);
        CHECK(r["note_codes"][0]["code"] == "note_extrapolated");
        CHECK(r["note_codes"][0]["params"]["released"] == "131,072");
        CHECK(r["note_codes"][1]["code"] == "note_capacity_overflow");
        CHECK(r["note_codes"][1]["params"]["gpu"] == "GeForce RTX 4090");
        // The note's text is its code rendered with its params.
        for (std::size_t i = 0; i < 2; ++i) {
            const Json& coded = r["note_codes"][i];
            MessageParams params;
            for (auto it = coded["params"].begin(); it != coded["params"].end(); ++it) {
                params.emplace_back(it.key(), it.value().get<std::string>());
            }
            const std::string code = coded["code"].get<std::string>();
            Lang speaking = Lang::zh_Hant;
            REQUIRE(lang_from_tag(lang, speaking));
            const LangScope in_its_language(speaking);
            for (std::size_t k = 0; k < kMessageCount; ++k) {
                if (code == kMessageCodes[k]) CHECK(r["notes"][i] == render(MessageId{static_cast<std::uint16_t>(k)}, params));
            }
        }
        // The length note is the one every other op gives for the same positions.
        const Json state = result(in_lang({{"op", "kv"}, {"model", "deepseek-r1-distill-llama-70b"}, {"tokens", 200000}}, lang));
        REQUIRE(state["notes"].size() == 1);
        CHECK(r["notes"][0] == state["notes"][0]);
    }
    const Json fits = result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 8192}});
    CHECK(fits["notes"].empty());
    CHECK(fits["note_codes"].empty());
}

TEST_CASE("param_budget: its overflow note has its code") {
    const Json r =
        result({{"op", "param_budget"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"requests", 1000}, {"context", 200000}});
    REQUIRE(r["note_codes"].size() == 1);
    CHECK(r["note_codes"][0]["code"] == "note_budget_overflow");
    CHECK(r["note_codes"][0]["params"]["gpu"] == "GeForce RTX 4090");
    CHECK(r["notes"].size() == 1);
}
