// The consequences of the facts the chapter leaves out and the book's own
// calculator gives (shared/BOOK-FACTS.md, issue 17): V4.1's parameters as the
// checkpoint holds them, Kimi K3's vectors, and one-token prompts.  AttnRes
// per sublayer is tested in kimi_test.cpp.
#include <doctest/doctest.h>

#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/params.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const char* const kV41 = "deepseek-v4.1-flash";
const char* const kQwen36 = "qwen3.6-35b-a3b";

CallShape facts_call(u128 s, u128 p) { return CallShape{1, s, p, 1}; }

// A value at the printed precision, digits only ("551.57").
std::string printed(const Ratio& value, u128 unit, unsigned places) {
    std::string out;
    for (char c : fixed(value / Ratio(unit), places)) {
        if (c != ',') out.push_back(c);
    }
    return out;
}

u128 category(const ModelSpec& m, ParamCategory c) {
    u128 n = 0;
    for (const auto& t : weight_tensors(m)) n += t.category == c ? t.params() : 0;
    return n;
}

const Json& row_of(const Json& rows, const std::string& model) {
    for (std::size_t i = 0; i < rows.size(); ++i) {  // by index: the JSON oracle iterates by copy
        if (rows[i]["model"] == model) return rows[i];
    }
    throw std::runtime_error("no row " + model);
}

}  // namespace

TEST_CASE("V4.1 Flash parameters as the checkpoint holds them: 748,494,684,784, Engram 196.93B, backbone 551.57B") {
    const ModelSpec& m = model(kV41);
    CHECK(total_params(m) == u128{748494684784});
    CHECK(category(m, ParamCategory::EmbeddingHead) == 1323827200);
    CHECK(category(m, ParamCategory::Attention) == 5126488064);
    CHECK(category(m, ParamCategory::DenseSharedFfn) == 1415577600);
    CHECK(category(m, ParamCategory::RoutedExperts) == u128{543581798400});
    CHECK(category(m, ParamCategory::Engram) == u128{196928504320});
    CHECK(category(m, ParamCategory::Other) == 118489200);

    const Json p = result({{"op", "params"}, {"model", kV41}});
    CHECK(p["total"] == 748494684784ULL);
    CHECK(p["groups"]["engram"] == 196928504320ULL);
    // Table 2-A prints the backbone beside the Engram: both are figures.
    CHECK(p["architecture"]["backbone_params"] == 551566180464ULL);
    CHECK(printed(Ratio(551566180464ULL), 1000000000, 2) == "551.57");
    for (const auto& it : p["items"]) {
        if (it["id"] == "engram_tables") {
            CHECK(it["params"] == 196613931520ULL);  // "約 196.61B 查表參數"
            CHECK(it["count"] == 2);
        }
    }
    // A model without Engram has its whole total as the backbone.
    const Json q = result({{"op", "params"}, {"model", "qwen3-8b"}});
    CHECK(q["architecture"]["backbone_params"] == q["total"]);

    // Lookups are not matrix FLOPs; the projections are.
    const ForwardResult f = forward(m, facts_call(0, 8192));
    CHECK(item_named(f.items, "enc_engram_lookup").value == Ratio(0));
    CHECK(item_named(f.items, "enc_engram_kv").value == Ratio(u128{2} * 8192 * 314572800));
}

TEST_CASE("V4.1 weight bytes follow: Figure 2-28 and compare 1.497 TB, capacity shortfall on an H100") {
    CHECK(weight_bytes(model(kV41), dtype("bf16")) == Ratio(u128{1496989369568}));
    const Json c = result({{"op", "compare"}});
    const Json& v41 = row_of(c["rows"], kV41);
    CHECK(v41["params"] == 748494684784ULL);
    CHECK(v41["weight_bytes"] == 1496989369568ULL);
    CHECK(v41["weight_display"] == "1.497 TB");
    const Json cap = result({{"op", "capacity"}, {"model", kV41}, {"gpu", "h100-sxm"}, {"context", 8192}});
    CHECK(cap["weight_bytes"] == 1496989369568ULL);
    CHECK(cap["shortfall_bytes"] == 1496989369568ULL + 2147483648ULL - 80000000000ULL);
}

TEST_CASE("Kimi K3 Table 2-B row: other 5.333 with the calculator's vectors, total 2,779,484,476,000") {
    const Json p = result({{"op", "params"}, {"model", "kimi-k3"}});
    CHECK(p["groups"]["embedding_head"] == 2348810240ULL);
    CHECK(p["groups"]["attention"] == 36179705856ULL);
    CHECK(p["groups"]["dense_shared_ffn"] == 12881756160ULL);
    CHECK(p["groups"]["routed_experts"] == 2722740830208ULL);
    CHECK(p["groups"]["engram"] == 0);
    CHECK(p["groups"]["other"] == 5333373536ULL);
    CHECK(printed(Ratio(5333373536ULL), 1000000000, 3) == "5.333");
    CHECK(p["total"] == 2779484476000ULL);
    // The six vectors BOOK-FACTS.md sizes: 4,005,472 in all.
    u128 vectors = 0;
    for (const auto& it : p["items"]) {
        const std::string id = it["id"];
        for (const char* v : {"mla_latent_norms", "kda_out_norm", "kda_decay_vectors", "router_bias", "latent_norm"}) {
            if (id == v) vectors += it["params"].get<std::uint64_t>();
        }
        if (id.rfind("attn_res", 0) == 0) vectors += it["params"].get<std::uint64_t>();
    }
    CHECK(vectors == 4005472);
}

TEST_CASE("One-token prompt on V4.1: no indexer until a compressed key exists (32,235,036,672 FLOPs)") {
    const ModelSpec& m = model(kV41);
    const ForwardResult one = forward(m, facts_call(0, 1));
    CHECK(one.total == Ratio(u128{32235036672}));
    // The three 2:1 owners skip their indexer (⌊1/2⌋ = 0); the 1:1 decoder
    // layers already hold a key and run theirs.
    for (const auto& it : one.items) {
        CHECK(it.id != "enc_index_query");
        CHECK(it.id != "enc_index_weight");
    }
    bool decoder_indexer = false;
    for (const auto& it : one.items) decoder_indexer = decoder_indexer || it.id == "dec_index_query";
    CHECK(decoder_indexer);
    // Two positions complete the first 2:1 entry: the owners' indexer runs,
    // whether the positions arrive together or one after the other.
    for (const CallShape& c : {facts_call(0, 2), facts_call(1, 1)}) {
        bool encoder_indexer = false;
        for (const auto& it : forward(m, c).items) encoder_indexer = encoder_indexer || it.id == "enc_index_query";
        CHECK(encoder_indexer);
    }
}

TEST_CASE("One-token prompt on Qwen3.6: the chunked path from an empty state, the recurrent one with a cache") {
    const ModelSpec& m = model(kQwen36);
    const ForwardResult prompt = forward(m, facts_call(0, 1));
    CHECK(prompt.total == Ratio(u128{14950891520}));
    // One padded chunk of 64 per v-head: 32 × 9,437,184, in each of 30 layers.
    CHECK(item_named(prompt.items, "lin_recurrence").value == Ratio(u128{30} * 32 * 9437184));
    CHECK(item_named(forward(m, facts_call(5, 1)).items, "lin_recurrence").value == Ratio(u128{30} * 32 * 6 * 128 * 128));
    // The book's calculator prints 14,964,162,752: the 13,271,232 between
    // are its padded convolution products and RoPE outer product, which
    // Tally does not count (docs/api.md, "Where Tally differs …").
    CHECK(Ratio(u128{14964162752}) - prompt.total == Ratio(13271232));
}

TEST_CASE("Decode from an empty state equals a loop of one-token calls (V4.1, Qwen3.6)") {
    for (const char* id : {kV41, kQwen36}) {
        const ModelSpec& m = model(id);
        for (u128 n : {1, 2, 3, 5}) {
            CAPTURE(id);
            CAPTURE(dec(n));
            Ratio loop;
            for (u128 j = 0; j < n; ++j) loop = loop + forward(m, facts_call(j, 1)).total;
            CHECK(decode_flops_sum(m, 1, 0, n) == loop);
        }
    }
    // V4.1's reference path too: the owners' indexer starts at the second step.
    const ModelSpec& v41 = model(kV41);
    for (u128 n : {1, 2, 3, 5}) {
        CAPTURE(dec(n));
        Ratio loop;
        for (u128 j = 0; j < n; ++j) {
            CallShape c = facts_call(j, 1);
            c.execution = "reference";
            loop = loop + forward(v41, c).total;
        }
        CHECK(decode_flops_sum(v41, 1, 0, n, "reference") == loop);
    }
}
