// Widget fields read what exercise boxes read: "32K", "32,768", "1e6",
// "2 GiB" go through the answer checker's reader (read_quantity), lengths
// read K as 1,024, counts as 1,000, sizes take byte units; fractions,
// negatives and units of another kind are refused with the reason, and
// every field error carries `detail`, its message without the field's name.
#include <doctest/doctest.h>

#include <string>

#include "core/answer_quantity.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

u128 read_ok(const std::string& text, QuantityKind kind) {
    CAPTURE(text);
    const QuantityReading q = read_quantity(text, kind);
    CAPTURE(q.problem);
    REQUIRE(q.ok);
    CHECK(q.problem.empty());
    CHECK_FALSE(q.understood.empty());
    return q.value;
}

std::string refused(const std::string& text, QuantityKind kind) {
    CAPTURE(text);
    const QuantityReading q = read_quantity(text, kind);
    CHECK_FALSE(q.ok);
    CHECK_FALSE(q.problem.empty());
    return q.problem;
}

// The op's result for one text.
Json quantity(const std::string& text, const std::string& kind) {
    return result({{"op", "read_quantity"}, {"text", text}, {"kind", kind}});
}

}  // namespace

TEST_CASE("read_quantity: token lengths read K and M as binary, as the chapter writes them") {
    constexpr QuantityKind T = QuantityKind::Tokens;
    CHECK(read_ok("32K", T) == 32768);
    CHECK(read_ok("32k", T) == 32768);
    CHECK(read_ok("128K", T) == 131072);
    CHECK(read_ok("1M", T) == 1048576);
    CHECK(read_ok("32,768", T) == 32768);
    CHECK(read_ok("1e6", T) == 1000000);
    CHECK(read_ok(" 4096 ", T) == 4096);
    CHECK(read_ok("４０９６", T) == 4096);  // full width
    CHECK(read_ok("8 萬", T) == 80000);
    CHECK(read_ok("128K tokens", T) == 131072);
    CHECK(read_ok("8192 個 token", T) == 8192);
    CHECK(read_ok("2^15", T) == 32768);
    CHECK(read_ok("1.5K", T) == 1536);
    CHECK(read_quantity("32K", T).understood == "32K = 32,768 個 token（K 以 1,024 計）");
    CHECK(read_quantity("4096", T).understood == "4,096 個 token");
}

TEST_CASE("read_quantity: counts read K/M/G as decimal and 兆 as 10^12") {
    constexpr QuantityKind C = QuantityKind::Count;
    CHECK(read_ok("1K", C) == 1000);
    CHECK(read_ok("3.2K", C) == 3200);
    CHECK(read_ok("2M", C) == 2000000);
    CHECK(read_ok("1G", C) == 1000000000);
    CHECK(read_ok("1 兆", C) == 1000000000000ULL);
    CHECK(read_ok("1,000", C) == 1000);
    CHECK(read_ok("4 條請求", C) == 4);
    CHECK(read_ok("16", C) == 16);
    CHECK(read_quantity("3.2K", C).understood == "3.2K = 3,200（K 以 1,000 計）");
    CHECK(read_quantity("4 條請求", C).understood == "4 條請求");
}

TEST_CASE("read_quantity: byte fields take decimal and binary byte units and bare numbers") {
    constexpr QuantityKind B = QuantityKind::Bytes;
    CHECK(read_ok("2 GiB", B) == 2147483648ULL);
    CHECK(read_ok("2GiB", B) == 2147483648ULL);
    CHECK(read_ok("24 GB", B) == 24000000000ULL);
    CHECK(read_ok("512 MiB", B) == 536870912);
    CHECK(read_ok("147,456 B", B) == 147456);
    CHECK(read_ok("144 KiB", B) == 147456);
    CHECK(read_ok("2147483648", B) == 2147483648ULL);
    CHECK(read_ok("1.5 GiB", B) == 1610612736);
    CHECK(read_quantity("2 GiB", B).understood == "2 GiB = 2,147,483,648 B");
}

TEST_CASE("read_quantity: fractions, negatives, percentages and other kinds are refused with the reason") {
    constexpr QuantityKind T = QuantityKind::Tokens;
    const std::string fraction = refused("1.5", T);
    CHECK(contains(fraction, "不是整數"));
    CHECK(contains(fraction, "不會替你四捨五入"));
    const std::string third = refused("0.3K", T);  // 0.3 × 1,024 = 307.2: never rounded to 307
    CHECK(contains(third, "307.2"));
    CHECK(contains(third, "不是整數"));
    CHECK(read_ok("0.3K", QuantityKind::Count) == 300);  // 0.3 × 1,000 is whole
    CHECK(contains(refused("-5", QuantityKind::Count), "不可為負數"));
    CHECK(contains(refused("12%", QuantityKind::Count), "百分比"));
    const std::string bytes_for_tokens = refused("2 GiB", T);
    CHECK(contains(bytes_for_tokens, "「2 GiB」"));
    CHECK(contains(bytes_for_tokens, "位元組數"));
    CHECK(contains(bytes_for_tokens, "token 數"));
    CHECK(contains(refused("8192 tokens", QuantityKind::Bytes), "位元組數"));
    CHECK(contains(refused("4 個", QuantityKind::Bytes), "個數"));
    CHECK(contains(refused("147456 B/token", QuantityKind::Bytes), "比率"));
    CHECK(contains(refused("", T), "空的"));
    CHECK(contains(refused("abc", T), "「abc」"));
    CHECK(contains(refused("abc", T), "32K"));          // says what can be typed
    CHECK_FALSE(contains(refused("abc", T), "FLOPs"));  // not the checker's whole unit list
    CHECK(contains(refused("1e40", T), "128"));         // past the exact range: refused, not wrapped
}

TEST_CASE("widget fields read a reader's text through the same reader") {
    // Typed "32K" in a length field is the chapter's 32,768.
    const Json typed = result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", "32K"}});
    const Json exact = result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 32768}});
    CHECK(typed["total"] == exact["total"]);
    CHECK(typed["total"] == 4831838208ULL);  // 32,768 × 147,456 B
    CHECK(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "8,192"}})["total"] == 133594323353600ULL);
    CHECK(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "8K"}})["total"] == 133594323353600ULL);
    // Byte fields: "2 GiB" of workspace is the default 2,147,483,648 B.
    const Json ws =
        result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", "4K"}, {"workspace_bytes", "2 GiB"}});
    CHECK(ws["workspace_bytes"] == 2147483648ULL);
    CHECK(ws["requests"] == 9);
    // Counts read K as 1,000: a batch of "1K" is 1,000 requests.
    CHECK(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"batch", "1K"}})["rows"] == 1000);
    CHECK(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"batch", "1e3"}})["rows"] == 1000);
}

TEST_CASE("field errors: a refused text names the field in message and leaves it out of detail") {
    const Json gib = error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", "2 GiB"}});
    CHECK(gib["field"] == "tokens");
    const std::string message = gib["message"].get<std::string>();
    const std::string detail = gib["detail"].get<std::string>();
    CHECK(message.rfind("tokens（上下文 token 數 H）：", 0) == 0);
    CHECK(message == "tokens（上下文 token 數 H）：" + detail);
    CHECK(detail.rfind("「2 GiB」的單位是位元組數（B），這個欄位要的是 token 數", 0) == 0);
    CHECK_FALSE(contains(detail, "tokens（"));

    const Json half = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "1.5"}});
    CHECK(contains(half["detail"].get<std::string>(), "不是整數"));
    const Json tenth = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "0.3K"}});
    CHECK(contains(tenth["detail"].get<std::string>(), "307.2"));

    // The example of docs/api.md: the detail is the message without "input（本次輸入 P）".
    const Json zero = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 0}});
    CHECK(zero["code"] == "field_out_of_range");
    CHECK(zero["params"]["label"] == "input（本次輸入 P）");
    CHECK(zero["message"] == zero["params"]["label"].get<std::string>() + zero["detail"].get<std::string>());
    CHECK(zero["params"]["received"] == "0");
    const Json negative = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", -3}});
    CHECK(negative["code"] == "field_negative");
    CHECK(negative["params"]["received"] == "-3");
    CHECK(negative["message"] == negative["params"]["label"].get<std::string>() + negative["detail"].get<std::string>());
    const Json missing = error_of({{"op", "kv"}, {"model", "qwen3-8b"}});
    CHECK(missing["code"] == "field_integer_missing");
    CHECK(missing["params"]["max"] == "9,007,199,254,740,991");
    CHECK_FALSE(contains(missing["detail"].get<std::string>(), "tokens"));
    const Json over = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "1e16"}});
    CHECK(over["code"] == "field_out_of_range");
    CHECK(over["params"]["received"] == "\"1e16\"");
    // Errors raised elsewhere get a detail too: the message minus the name, or all of it.
    const Json model = error_of({{"op", "forward"}, {"model", "gpt-9"}});
    CHECK(model["detail"] == model["message"]);
    const Json dtype = error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8}, {"kv_dtype", "fp4"}});
    CHECK_FALSE(dtype["detail"].get<std::string>().empty());
    CHECK_FALSE(contains(dtype["detail"].get<std::string>(), "kv_dtype（"));
}

TEST_CASE("op read_quantity: the exact value as a string and what was understood") {
    const Json k = quantity("32K", "tokens");
    CHECK(k["value"] == "32768");
    CHECK(k["understood"] == "32K = 32,768 個 token（K 以 1,024 計）");
    CHECK(quantity("3.2K", "count")["value"] == "3200");
    CHECK(quantity("2 GiB", "bytes")["value"] == "2147483648");
    CHECK(quantity("1 兆", "count")["value"] == "1000000000000");
    CHECK(quantity("9007199254740993", "count")["value"] == "9007199254740993");  // past 2^53, exact

    const Json wrong_kind = error_of({{"op", "read_quantity"}, {"text", "2 GiB"}, {"kind", "tokens"}});
    CHECK(wrong_kind["field"] == "text");
    CHECK(wrong_kind["code"] == "quantity_text_unreadable");
    CHECK(contains(wrong_kind["detail"].get<std::string>(), "token 數"));  // the answer reader's words (no code yet)
    CHECK(error_of({{"op", "read_quantity"}, {"text", "8"}, {"kind", "weights"}})["field"] == "kind");
    CHECK(error_of({{"op", "read_quantity"}, {"text", 8}, {"kind", "count"}})["field"] == "text");
    CHECK(error_of({{"op", "read_quantity"}, {"kind", "count"}})["field"] == "text");
    CHECK(error_of({{"op", "read_quantity"}, {"text", "8"}})["field"] == "kind");
    CHECK(error_of({{"op", "read_quantity"}, {"text", "8"}, {"kind", "count"}, {"extra", 1}})["field"] == "extra");
}
