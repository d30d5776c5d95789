// Chapter 2's printed numbers for the dense GQA scope (Qwen3-8B, Qwen3-32B,
// the 70B capacity case), each checked to the precision the book prints.
#include <doctest/doctest.h>

#include "core/capacity.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/request.hpp"
#include "core/state.hpp"
#include "core/params.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const u128 GiB = u128{1} << 30;
const u128 MiB = u128{1} << 20;

// The value shown at `places` decimals in `unit`, without thousands commas.
std::string printed(const Ratio& value, u128 unit, unsigned places) {
    std::string s = fixed(value / Ratio(unit), places);
    std::string out;
    for (char c : s) {
        if (c != ',') out.push_back(c);
    }
    return out;
}

CallShape dense_call(u128 b, u128 s, u128 p, u128 m_out) { return CallShape{b, s, p, m_out}; }

StateOptions bf16_state() { return StateOptions{dtype("bf16")}; }

Ratio kv_bytes_per_token(const ModelSpec& m, const Dtype& d) { return state(m, 1, StateOptions{d}).per_token; }

}  // namespace

TEST_CASE("Qwen3-8B parameters: 8,190,735,360 (footnote 2) and Table 2-B") {
    const ModelSpec& m = model("qwen3-8b");
    CHECK(dec(total_params(m)) == "8190735360");
    u128 embedding_head = 0, attention = 0, ffn = 0, other = 0;
    for (const auto& t : weight_tensors(m)) {
        if (t.category == ParamCategory::EmbeddingHead) embedding_head += t.params();
        if (t.category == ParamCategory::Attention) attention += t.params();
        if (t.category == ParamCategory::DenseSharedFfn) ffn += t.params();
        if (t.category == ParamCategory::Other) other += t.params();
    }
    CHECK(printed(Ratio(embedding_head), 1000000000, 3) == "1.245");
    CHECK(printed(Ratio(attention), 1000000000, 3) == "1.510");
    CHECK(printed(Ratio(ffn), 1000000000, 3) == "5.436");
    CHECK(other < 1000000);  // "<0.001"
}

TEST_CASE("Example 2-1: one layer's projections and FFN, 385,875,968·m") {
    const ModelSpec& m = model("qwen3-8b");
    u128 per_layer = 0;
    for (const auto& it : forward(m, dense_call(1, 0, 1, 0)).items) {
        if (it.id == "q_proj" || it.id == "kv_proj" || it.id == "o_proj" || it.id == "ffn") per_layer += it.per_call.num();
    }
    CHECK(dec(per_layer) == "385875968");
    // N_proj = 41,943,040 and N_FFN = 150,994,944 parameters.
    u128 proj = 0, ffn = 0;
    for (const auto& t : weight_tensors(m)) {
        if (t.category == ParamCategory::Attention && t.count == 36) proj += t.in * t.out;
        if (t.category == ParamCategory::DenseSharedFfn) ffn += t.in * t.out;
    }
    CHECK(dec(proj) == "41943040");
    CHECK(dec(ffn) == "150994944");
}

TEST_CASE("Qwen3-8B weights: 16.38 GB = 15.26 GiB, FFN 288 MiB per layer") {
    const ModelSpec& m = model("qwen3-8b");
    const Ratio bytes = weight_bytes(m, dtype("bf16"));
    CHECK(dec(bytes.num()) == "16381470720");
    CHECK(printed(bytes, 1000000000, 2) == "16.38");
    CHECK(printed(bytes, GiB, 2) == "15.26");
    CHECK(printed(Ratio(150994944ULL * 2), MiB, 0) == "288");
}

TEST_CASE("Table 2-1 totals: 133.59 TFLOPs for the 8K prefill, 20.0 GFLOPs for the 8K decode") {
    const ModelSpec& m = model("qwen3-8b");
    const ForwardResult prefill = forward(m, dense_call(1, 0, 8192, 1));
    CHECK(dec(prefill.n_pair) == "33558528");
    CHECK(dec(prefill.total.num()) == "133594323353600");
    CHECK(printed(prefill.total, 1000000000000ULL, 2) == "133.59");
    CHECK(printed(prefill.total, 1000000000000ULL, 1) == "133.6");

    const ForwardResult decode = forward(m, dense_call(1, 8192, 1, 1));
    CHECK(dec(decode.total.num()) == "19968622592");
    CHECK(printed(decode.total, 1000000000, 1) == "20.0");

    // Table 2-E: the interaction alone, 8K and "1M" (S = 1,048,575).
    CHECK(printed(decode.interaction, 1000000000, 2) == "4.83");
    CHECK(printed(forward(m, dense_call(1, 1048575, 1, 1)).interaction, 1000000000, 2) == "618.48");
}

TEST_CASE("Table 2-1 rows follow the formulas with N_pair = B(PS + P(P+1)/2)") {
    const ModelSpec& m = model("qwen3-8b");
    const ForwardResult r = forward(m, dense_call(4, 4096, 1024, 4));  // Exercise 2-2
    CHECK(dec(r.n_pair) == dec(4 * (1024ULL * 4096 + 1024ULL * 1025 / 2)));
    const u128 mrows = 4096;
    CHECK(item_named(r.items, "q_proj").per_call == Ratio(2 * mrows * 4096 * 4096));
    CHECK(item_named(r.items, "kv_proj").per_call == Ratio(2 * 2 * mrows * 4096 * 1024));
    CHECK(item_named(r.items, "attn_core").per_call == Ratio(4 * 32 * 128 * r.n_pair));
    CHECK(item_named(r.items, "o_proj").per_call == Ratio(2 * mrows * 4096 * 4096));
    CHECK(item_named(r.items, "ffn").per_call == Ratio(6 * mrows * 4096 * 12288));
    CHECK(item_named(r.items, "lm_head").value == Ratio(2 * 4 * 4096 * u128{151936}));
    CHECK(item_named(r.items, "embedding").value == Ratio(0));
    CHECK(item_named(r.items, "elementwise").value == Ratio(0));
    for (const auto& it : r.items) {
        if (it.id != "lm_head" && it.id != "embedding") CHECK(it.layers == 36);
    }
    // Same B·P, longer P: identical projections, four times the interaction.
    const ForwardResult one = forward(m, dense_call(1, 4096, 4096, 1));
    CHECK(one.rows == r.rows);
    CHECK(one.n_pair > r.n_pair);
}

TEST_CASE("KV: 147,456 B/token (144 KiB), 1.125 GiB at 8K; Qwen3-32B 262,144 B/token") {
    const Ratio c = kv_bytes_per_token(model("qwen3-8b"), dtype("bf16"));
    CHECK(c == Ratio(147456));
    CHECK(bytes_binary_text(c) == "144 KiB");
    CHECK(bytes_binary_text(c * Ratio(8192)) == "1.125 GiB");
    CHECK(printed(c * Ratio(8192), MiB, 0) == "1152");
    CHECK(printed(c * Ratio(1048575 + 1), GiB, 3) == "144.000");  // Table 2-E, 1M state
    CHECK(kv_bytes_per_token(model("qwen3-32b"), dtype("bf16")) == Ratio(262144));
    CHECK(printed(kv_bytes_per_token(model("qwen3-32b"), dtype("bf16")) * Ratio(8192), MiB, 0) == "2048");
    // Halving the KV heads halves the cache (Exercise 2-4's first part).
    ModelSpec four = model("qwen3-8b");
    std::get<GqaAttention>(four.groups[0].attention).kv_heads = 4;
    CHECK(kv_bytes_per_token(four, dtype("bf16")) == Ratio(73728));
}

TEST_CASE("Example 2-2: B* = 13 at 8K and 51 at 2K, with R_W = 15,136,811,008 bytes") {
    const ModelSpec& m = model("qwen3-8b");
    const CrossoverResult at8k = crossover(m, dtype("bf16"), bf16_state(), 8192);
    CHECK(at8k.weight_read_bytes == Ratio(15136811008ULL));
    CHECK(printed(at8k.weight_read_bytes, 1000000000, 2) == "15.14");
    CHECK(at8k.batch == 13);
    CHECK(crossover(m, dtype("bf16"), bf16_state(), 2048).batch == 51);
}

TEST_CASE("Example 2-3: 8,912,384 reads ≈ 1224 GiB, 144 MiB new, ≈ 1.27 GiB stored") {
    const RequestResult r = request(model("qwen3-8b"), bf16_state(), RequestShape{1, 0, 8192, 1025});
    CHECK(r.decode_steps == 1024);
    CHECK(r.kv_read_tokens == 8912384);
    CHECK(printed(r.kv_read_bytes, GiB, 0) == "1224");
    CHECK(r.new_kv_bytes == Ratio(144 * MiB));
    CHECK(printed(r.final_kv_bytes, GiB, 2) == "1.27");
    CHECK(r.prefill_kv_bytes == Ratio(147456ULL * 8192));
}

TEST_CASE("A request's FLOPs are the prefill plus each decode call") {
    const ModelSpec& m = model("qwen3-8b");
    const RequestShape shape{2, 100, 37, 9};
    const RequestResult r = request(m, bf16_state(), shape);
    Ratio expected = forward(m, dense_call(2, 100, 37, 2)).total;
    for (u128 j = 0; j < 8; ++j) expected = expected + forward(m, dense_call(2, 137 + j, 1, 2)).total;
    CHECK(r.total == expected);
    CHECK(r.decode_steps == 8);
    // G = 1: prefill only.
    const RequestResult single = request(m, bf16_state(), RequestShape{1, 0, 128, 1});
    CHECK(single.decode_steps == 0);
    CHECK(single.total == forward(m, dense_call(1, 0, 128, 1)).total);
    CHECK(single.kv_read_tokens == 0);
}

TEST_CASE("Capacity on the RTX 4090: 4 at 8K, 2 at 16K, 9 at 4K; 3 with a 3 GiB workspace") {
    const ModelSpec& m = model("qwen3-8b");
    const Gpu& g = gpu("rtx-4090");
    const Dtype& bf16 = dtype("bf16");
    const StateOptions kv = bf16_state();
    CHECK(capacity(m, g, bf16, kv, 8192, 2 * GiB).requests == 4);
    CHECK(capacity(m, g, bf16, kv, 16384, 2 * GiB).requests == 2);
    CHECK(capacity(m, g, bf16, kv, 4096, 2 * GiB).requests == 9);
    CHECK(capacity(m, g, bf16, kv, 8192, 3 * GiB).requests == 3);  // Exercise 2-7
    const CapacityResult c = capacity(m, g, bf16, kv, 8192, 2 * GiB);
    CHECK(c.weight_bytes + c.workspace_bytes + c.kv_bytes_total + c.free_bytes == c.device_bytes);
}

TEST_CASE("The 70B case: 141.107 / 73.726 / 39.500 GB and 1 / 14 / 3 requests on the H100") {
    const ModelSpec& m = model("deepseek-r1-distill-llama-70b");
    CHECK(printed(weight_bytes(m, dtype("bf16")), 1000000000, 3) == "141.107");
    CHECK(printed(weight_bytes(m, dtype("int8")), 1000000000, 3) == "73.726");
    CHECK(printed(weight_bytes(m, dtype("int4")), 1000000000, 3) == "39.500");
    CHECK(kv_bytes_per_token(m, dtype("bf16")) * Ratio(8192) == Ratio(5 * GiB / 2));
    const Gpu& h100 = gpu("h100-sxm");
    const Dtype& bf16 = dtype("bf16");
    const StateOptions kv = bf16_state();
    CHECK(capacity(m, h100, dtype("int8"), kv, 8192, 2 * GiB).requests == 1);
    CHECK(capacity(m, h100, dtype("int4"), kv, 8192, 2 * GiB).requests == 14);
    CHECK(capacity(m, h100, dtype("int4"), kv, 32768, 2 * GiB).requests == 3);
    // Exercise 2-7 on the 48 GB RTX 6000 Ada: 2 at 8K, none at 32K.
    CHECK(capacity(m, gpu("rtx-6000-ada"), dtype("int4"), kv, 8192, 2 * GiB).requests == 2);
    CHECK(capacity(m, gpu("rtx-6000-ada"), dtype("int4"), kv, 32768, 2 * GiB).requests == 0);
    // BF16 weights do not fit on one H100 at all.
    const CapacityResult none = capacity(m, h100, bf16, kv, 8192, 2 * GiB);
    CHECK(none.requests == 0);
    CHECK(none.shortfall_bytes > Ratio(0));
}

TEST_CASE("Parameter budget: N_max ≈ 85.1 億 on the RTX 4090 (Figure 2-34)") {
    const ParamBudgetResult b = param_budget(model("qwen3-8b"), gpu("rtx-4090"), dtype("bf16"), bf16_state(), 4, 8192, 2 * GiB);
    CHECK(b.params == 8510339072ULL);
    CHECK(count_zh_text(Ratio(b.params)) == "85.1 億");
}
