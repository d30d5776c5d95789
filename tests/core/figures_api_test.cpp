// Fields the chapter's figures draw from: the backbone shape and the reader's
// formats in `compare` (Figures 2-25 to 2-30, 2-36), display strings in
// `state_curve` (Figures 2-14, 2-18, 2-19) and the stacked bar of
// `param_budget` (Figure 2-34).
#include <doctest/doctest.h>

#include "support.hpp"

using namespace tally::test;

namespace {

const Json& row_of(const Json& rows, const std::string& model) {
    for (std::size_t i = 0; i < rows.size(); ++i) {  // by index: the JSON oracle iterates by copy
        if (rows[i]["model"] == model) return rows[i];
    }
    throw std::runtime_error("no row for " + model);
}

}  // namespace

TEST_CASE("compare: depth, width and routed experts of Table 2-A") {
    Json r = result({{"op", "compare"}});
    const Json& rows = r["rows"];
    CHECK(row_of(rows, "qwen3-8b")["layers"] == 36);
    CHECK(row_of(rows, "qwen3-8b")["hidden"] == 4096);
    CHECK(row_of(rows, "qwen3-8b")["routed_experts"] == 0);
    CHECK(row_of(rows, "qwen3.6-35b-a3b")["layers"] == 40);
    CHECK(row_of(rows, "qwen3.6-35b-a3b")["hidden"] == 2048);
    CHECK(row_of(rows, "qwen3.6-35b-a3b")["routed_experts"] == 256);
    CHECK(row_of(rows, "qwen3.6-35b-a3b")["top_k"] == 8);
    CHECK(row_of(rows, "deepseek-v4-flash")["layers"] == 43);
    CHECK(row_of(rows, "kimi-k3")["layers"] == 93);
    CHECK(row_of(rows, "kimi-k3")["hidden"] == 7168);
    CHECK(row_of(rows, "kimi-k3")["routed_experts"] == 896);
    CHECK(row_of(rows, "deepseek-v4.1-flash")["layers"] == 40);
    CHECK(row_of(rows, "deepseek-v4.1-flash")["hidden"] == 5120);
    CHECK(row_of(rows, "deepseek-v4.1-flash")["routed_experts"] == 384);
    CHECK(r["weight_dtype"] == "bf16");
    CHECK(r["kv_dtype"] == "bf16");
}

TEST_CASE("compare: weight and KV formats follow the reader's precision") {
    Json bf16 = result({{"op", "compare"}});
    Json fp8 = result({{"op", "compare"}, {"weight_dtype", "fp8"}, {"kv_dtype", "fp8"}});
    const Json& a = row_of(bf16["rows"], "qwen3-8b");
    const Json& b = row_of(fp8["rows"], "qwen3-8b");
    // Weights: the same bytes the params op reports for that format (fewer than BF16).
    CHECK(b["weight_bytes"] == result({{"op", "params"}, {"model", "qwen3-8b"}, {"weight_dtype", "fp8"}})["weight_bytes"]);
    CHECK(b["weight_bytes"].get<std::uint64_t>() < a["weight_bytes"].get<std::uint64_t>());
    // KV: 8 bits per value, exactly half the BF16 GQA cache at 8K.
    CHECK(a["state_bytes"] == 1207959552ULL);
    CHECK(b["state_bytes"] == 603979776ULL);
    CHECK(a["params"] == b["params"]);
    Json bad = call({{"op", "compare"}, {"weight_dtype", "fp3"}});
    CHECK_FALSE(bad["ok"].get<bool>());
    CHECK(bad["error"]["field"] == "weight_dtype");
}

TEST_CASE("state_curve: every value comes with the core's display") {
    Json r = result({{"op", "state_curve"}, {"model", "deepseek-v4-flash"}, {"lengths", {8192, 65536}}});
    REQUIRE(r["total_display"].size() == 2);
    REQUIRE(r["decode_read_display"].size() == 2);
    CHECK(r["decode_read_display"][0] == "27.625 MiB");
    CHECK(r["by_kind_display"]["window"][0] == "5.375 MiB");
    CHECK(r["by_kind_display"]["index"][0] == "10.5 MiB");
    const Json& by_kind = r["by_kind"];
    REQUIRE(by_kind.size() >= 4);
    for (auto it = by_kind.begin(); it != by_kind.end(); ++it) {
        CHECK(r["by_kind_display"][it.key()].size() == it.value().size());
    }
}

TEST_CASE("param_budget: the stacked bar of Figure 2-34 adds up to the device") {
    Json r = result({{"op", "param_budget"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"requests", 4}, {"context", 8192}});
    REQUIRE(r["items"].size() == 3);
    CHECK(r["items"][0]["id"] == "kv");
    CHECK(r["items"][0]["bytes"] == 4831838208ULL);  // 4 × 1.125 GiB
    CHECK(r["items"][1]["bytes"] == 2147483648ULL);
    std::uint64_t sum = 0;
    for (const auto& it : r["items"]) sum += it["bytes"].get<std::uint64_t>();
    CHECK(sum == r["device_bytes"].get<std::uint64_t>());
    CHECK(r["device_display"] == "24 GB");
}
