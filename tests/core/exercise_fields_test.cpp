// Request fields and ops added for the chapter's exercises: values the page
// checks answers against, and the typical wrong values it names.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace tally::test;

namespace {

Json item(const Json& result, const std::string& id) {
    for (const auto& it : result["items"]) {
        if (it["id"] == id) return it;
    }
    FAIL("no item " << id);
    return Json();
}

}  // namespace

TEST_CASE("kv_heads: Qwen3-8B with 4 KV heads halves c_KV; 32 heads is the query-heads mistake") {
    CHECK(result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}})["bytes_per_token"] == 147456);
    CHECK(result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"kv_heads", 4}})["bytes_per_token"] == 73728);
    CHECK(result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8192}, {"kv_heads", 32}})["total"] == 4831838208ULL);
    // K and V projections shrink with the heads: 2·36·4096·(8−4)·128 fewer parameters.
    const Json p8 = result({{"op", "params"}, {"model", "qwen3-8b"}});
    const Json p4 = result({{"op", "params"}, {"model", "qwen3-8b"}, {"kv_heads", 4}});
    CHECK(p8["total"].get<std::uint64_t>() - p4["total"].get<std::uint64_t>() == 2ULL * 36 * 4096 * 4 * 128);
    // The query–context interaction does not depend on the KV heads.
    const Json f8 = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}});
    const Json f4 = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}, {"kv_heads", 4}});
    CHECK(f8["interaction"] == f4["interaction"]);
    CHECK(f8["total"] != f4["total"]);
    // Capacity of the 32-KV-head variant: 4.5 GiB per request, and wider K/V
    // projections make the weights heavier, so not one 8K request fits.
    const Json c = result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 8192}, {"kv_heads", 32}});
    CHECK(c["kv_bytes_per_request"] == 4831838208ULL);
    CHECK(c["weight_bytes"] == 16381470720ULL + 2ULL * 2 * 36 * 4096 * 24 * 128);
    CHECK(c["requests"] == 0);
    const Json r = result({{"op", "request"}, {"model", "qwen3-8b"}, {"input", 8192}, {"generated", 1025}, {"kv_heads", 4}});
    CHECK(r["final_kv_bytes"] == 679477248);
}

TEST_CASE("kv_heads and pairs are refused where they do not apply") {
    CHECK(error_field({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"kv_heads", 3}}) == "kv_heads");
    CHECK(error_field({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"kv_heads", 0}}) == "kv_heads");
    CHECK(error_field({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"kv_heads", "many"}}) == "kv_heads");
    CHECK(error_field({{"op", "kv"}, {"model", "kimi-k3"}, {"tokens", 1}, {"kv_heads", 4}}) == "kv_heads");
    CHECK(error_field({{"op", "state"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"kv_heads", 4}}) == "kv_heads");
    CHECK(error_field({{"op", "forward"}, {"model", "qwen3-8b"}, {"pairs", "full"}}) == "pairs");
    CHECK(error_field({{"op", "forward"}, {"model", "kimi-k3"}, {"pairs", "square"}}) == "pairs");
    CHECK(error_field({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"pairs", "square"}}) == "pairs");
}

TEST_CASE("pairs: square counts the whole B·P·(S+P) rectangle (exercise 2-2's mistake)") {
    const Json base = {{"op", "forward"}, {"model", "qwen3-8b"}, {"batch", 4}, {"context", 4096}, {"input", 1024}};
    Json causal = base;
    causal["pairs"] = "causal";
    Json square = base;
    square["pairs"] = "square";
    const Json c = result(causal), s = result(square), d = result(base);
    CHECK(c["n_pair"] == 18876416);
    CHECK(item(c, "attn_core")["flops"] == 11133763190784ULL);  // 36·16384·N_pair
    CHECK(item(s, "attn_core")["flops"] == 12369505812480ULL);  // 36·16384·4·1024·5120
    CHECK(item(d, "attn_core")["flops"] == item(c, "attn_core")["flops"]);
    CHECK(d["total"] == 68038468567040ULL);  // 36(385,875,968m + 16,384 N_pair) + 2·B·4096·151936
    CHECK(item(s, "ffn")["flops"] == item(c, "ffn")["flops"]);
}

TEST_CASE("state budget_bytes: the longest context a state budget holds (exercise 2-5)") {
    const Json q = result({{"op", "state"}, {"model", "qwen3.6-35b-a3b"}, {"tokens", 1}, {"budget_bytes", 268435456}});
    CHECK(q["budget_tokens"] == 9939);  // ⌊(256 MiB − 61.875 MiB) / 20 KiB⌋
    CHECK(q["budget_tokens_display"] == "9,939 個 token");
    CHECK(result({{"op", "state"}, {"model", "qwen3.6-35b-a3b"}, {"tokens", 9939}})["total"].get<std::uint64_t>() <=
          268435456ULL);
    CHECK(result({{"op", "state"}, {"model", "qwen3.6-35b-a3b"}, {"tokens", 9940}})["total"].get<std::uint64_t>() > 268435456ULL);
    const Json k = result({{"op", "state"}, {"model", "kimi-k3"}, {"tokens", 1}, {"budget_bytes", 268435456}});
    CHECK(k["budget_tokens"] == 0);
    REQUIRE(k["notes"].size() == 1);
    CHECK(k["notes"][0].get<std::string>().find("固定狀態") != std::string::npos);
    // Qwen3-8B has no fixed part: 1.125 GiB holds exactly 8192 positions.
    CHECK(result({{"op", "state"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"budget_bytes", 1207959552}})["budget_tokens"] == 8192);
    CHECK(error_field({{"op", "state"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"budget_bytes", 0}}) == "budget_bytes");
    CHECK(error_field({{"op", "state"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"budget_bytes", -1}}) == "budget_bytes");
}

TEST_CASE("check_answer accepts the core's exact fractions as expected.value") {
    const Json h = result({{"op", "state"}, {"model", "kimi-k3"}, {"tokens", 1}});
    CHECK(h["h_star"] == "49312/3");
    auto check = [&](const std::string& answer) {
        return result({{"op", "check_answer"},
                       {"answer", answer},
                       {"expected", {{"value", h["h_star"]}, {"unit", "tokens"}, {"digits", 3}}}});
    };
    CHECK(check("16400 tokens")["correct"] == true);
    CHECK(check("16437")["correct"] == true);
    CHECK(check("1.64萬")["correct"] == true);
    CHECK(check("17000")["correct"] == false);
    for (const char* bad : {"1/0", "1.5/2", "/3", "3/", "-1/3", "1/2/3"}) {
        CAPTURE(bad);
        CHECK(error_field({{"op", "check_answer"}, {"answer", "1"}, {"expected", {{"value", bad}, {"unit", ""}}}}) ==
              "expected.value");
    }
}

TEST_CASE("turn: a chat turn with a cache hit (exercise 2-8)") {
    const Json t = result(
        {{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 1443}, {"cached", 1392}, {"generated", 128}, {"edit_at", 501}});
    CHECK(t["context"] == 1392);
    CHECK(t["input"] == 51);
    CHECK(t["decode_steps"] == 127);
    CHECK(t["final_context"] == 1570);
    CHECK(t["added_kv_bytes"] == 147456 * 178);
    CHECK(t["rows_saved"] == 1392);
    CHECK(t["full_pairs"] == 1443 * 1444 / 2);
    CHECK(t["pairs_saved"] == 1392 * 1393 / 2);
    CHECK(t["reuse_prefix"] == 500);
    CHECK(t["reuse_input"] == 943);
    // An edit after the cached prefix leaves the whole hit reusable.
    CHECK(result({{"op", "turn"},
                  {"model", "qwen3-8b"},
                  {"total_input", 1443},
                  {"cached", 1392},
                  {"generated", 1},
                  {"edit_at", 1400}})["reuse_prefix"] == 1392);
    CHECK(error_field({{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 1443}, {"cached", 1443}, {"generated", 1}}) ==
          "cached");
    CHECK(
        error_field(
            {{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 1443}, {"cached", 0}, {"generated", 1}, {"edit_at", 1444}}) ==
        "edit_at");
    CHECK(error_field({{"op", "turn"}, {"model", "qwen3-8b"}, {"total_input", 10}, {"cached", 0}}) == "generated");
}

TEST_CASE("dependency_chain: RNN staircase vs causal Transformer depth (exercise 2-1)") {
    const Json d = result({{"op", "dependency_chain"}, {"layers", 3}, {"tokens", 4}});
    CHECK(d["rnn_chain"] == 6);
    CHECK(d["transformer_chain"] == 3);
    CHECK(d["nodes"] == 12);
    CHECK(d["wait_node_display"] == "第 3 層、第 4 個位置");
    CHECK(result({{"op", "dependency_chain"}, {"layers", 1}, {"tokens", 1}})["rnn_chain"] == 1);
    CHECK(error_field({{"op", "dependency_chain"}, {"layers", 0}, {"tokens", 4}}) == "layers");
    CHECK(error_field({{"op", "dependency_chain"}, {"layers", 3}}) == "tokens");
}
