// Spec facts the diagrams label (Figures 2-6, 2-9, 2-13, 2-15, 2-17, 2-20 to
// 2-22, 2-24): `params` → `architecture` and the `candidate_pool` op.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace tally::test;

namespace {

Json architecture(const std::string& model) { return result({{"op", "params"}, {"model", model}})["architecture"]; }

// A one-layer GQA model with four query heads: Figure 2-9's setting.
Json four_head_model() {
    return Json::parse(R"({"id":"four-heads","hidden":512,"vocab":1000,"groups":[{"layers":1,
        "attention":{"kind":"gqa","q_heads":4,"kv_heads":4,"head_dim":128},"ffn":{"kind":"dense","intermediate":1024}}]})");
}

}  // namespace

TEST_CASE("architecture: attention facts per group") {
    const Json qwen36 = architecture("qwen3.6-35b-a3b");
    CHECK(qwen36["groups"][0]["attention"] == "gqa");
    CHECK(qwen36["groups"][0]["layers"] == 10);
    CHECK(qwen36["groups"][0]["attention_spec"]["q_heads"] == 16);
    CHECK(qwen36["groups"][0]["attention_spec"]["kv_heads"] == 2);
    CHECK(qwen36["groups"][0]["attention_spec"]["group_size"] == 8);
    CHECK(qwen36["groups"][1]["attention"] == "gated_deltanet");
    CHECK(qwen36["groups"][1]["layers"] == 30);
    CHECK(qwen36["groups"][1]["attention_spec"]["v_heads"] == 32);
    CHECK(qwen36["groups"][1]["streams"] == 1);

    const Json v4 = architecture("deepseek-v4-flash");
    CHECK(v4["hidden"] == 4096);
    CHECK(v4["groups"][1]["attention_spec"]["mode"] == "csa");
    CHECK(v4["groups"][1]["attention_spec"]["ratio"] == 4);
    CHECK(v4["groups"][3]["attention_spec"]["mode"] == "hca");
    CHECK(v4["groups"][0]["streams"] == 4);

    const Json v41 = architecture("deepseek-v4.1-flash");
    CHECK(v41["groups"][4]["attention_spec"]["mode"] == "full");
    CHECK(v41["groups"][4]["attention_spec"]["pool_blocks"] == 2048);
    CHECK(v41["groups"][4]["attention_spec"]["pool_block_size"] == 8);
    CHECK(v41["groups"][4]["attention_spec"]["pool_entries"] == 16384);
    CHECK(v41["groups"][4]["attention_spec"]["top_k"] == 512);
}

TEST_CASE("architecture: V4.1's encoder/decoder split and cache owners") {
    const Json v41 = architecture("deepseek-v4.1-flash");
    CHECK(v41["layers"] == 40);
    CHECK(v41["encoder_layers"] == 20);
    CHECK(v41["decoder_layers"] == 20);
    CHECK(v41["ced_replay_window"] == 128);
    CHECK(v41["cache_owner_layers"] == 4);
    CHECK(v41["cache_owner_layer_ids"] == Json::parse("[2,8,14,20]"));
    CHECK(v41["groups"][5]["layer_ids"] == Json::parse("[24,28,32,36]"));
    // A model without the split or named positions reports zeros and empty lists.
    const Json q8 = architecture("qwen3-8b");
    CHECK(q8["encoder_layers"] == 0);
    CHECK(q8["cache_owner_layers"] == 0);
    CHECK(q8["cache_owner_layer_ids"].empty());
    CHECK(q8["groups"][0]["layer_ids"].empty());
}

TEST_CASE("architecture: kv_heads regroups the query heads (Figure 2-9)") {
    for (auto [kv, group] : {std::pair{4, 1}, std::pair{2, 2}, std::pair{1, 4}}) {
        const Json a = result({{"op", "params"}, {"model", four_head_model()}, {"kv_heads", kv}})["architecture"];
        CHECK(a["groups"][0]["attention_spec"]["kv_heads"] == kv);
        CHECK(a["groups"][0]["attention_spec"]["group_size"] == group);
    }
}

TEST_CASE("spec: layer_ids are checked") {
    Json m = four_head_model();
    m["groups"][0]["layer_ids"] = Json::parse("[0]");
    CHECK(result({{"op", "params"}, {"model", m}})["architecture"]["groups"][0]["layer_ids"] == Json::parse("[0]"));
    m["groups"][0]["layer_ids"] = Json::parse("[0, 1]");
    CHECK(error_of({{"op", "params"}, {"model", m}})["field"] == "model.groups[0].layer_ids");
    m["groups"][0]["layer_ids"] = Json::parse("[1]");
    CHECK(error_of({{"op", "params"}, {"model", m}})["field"] == "model.groups");
    m["groups"][0]["layer_ids"] = Json::parse("[\"a\"]");
    CHECK(error_of({{"op", "params"}, {"model", m}})["field"] == "model.groups[0].layer_ids[0]");
    m["groups"][0]["layers"] = 2;
    m["groups"][0]["layer_ids"] = Json::parse("[1, 0]");
    CHECK(error_of({{"op", "params"}, {"model", m}})["field"] == "model.groups[0].layer_ids[1]");
}

TEST_CASE("candidate_pool: the pool caps what Reindex layers scan (Figure 2-22)") {
    const Json r = result({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 131072}});
    CHECK(r["entries"] == 131072);  // the decoder's 1:1 cache: one entry per position
    CHECK(r["entries_display"] == "131,072");
    CHECK(r["entry_blocks"] == 16384);  // ⌈131,072 / 8⌉, all of them ranked
    CHECK(r["blocks"] == 2048);
    CHECK(r["block_size"] == 8);
    CHECK(r["pool_entries"] == 16384);
    CHECK(r["candidates"] == 16384);
    CHECK(r["candidates_display"] == "16,384");
    CHECK(r["top_k"] == 512);
    CHECK(r["selected"] == 512);
    CHECK(r["reindex_layers"] == 4);
    CHECK(r["reuse_layers"] == 15);
    // The same cap as the state op's Reindex read, min(N, 16384) entries.
    const Json st = result({{"op", "state"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 131072}});
    CHECK(json_item_named(st["reads"], "dec_read_pool_index")["per_call"].get<std::uint64_t>() == 16384u * 256u);
    // Short contexts: fewer entries than the pool holds, then fewer than top-k.
    const Json mid = result({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 1001}});
    CHECK(mid["entry_blocks"] == 126);
    CHECK(mid["blocks"] == 126);  // ⌈1001 / 8⌉
    CHECK(mid["candidates"] == 1001);
    CHECK(mid["selected"] == 512);
    const Json small = result({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 300}});
    CHECK(small["candidates"] == 300);
    CHECK(small["selected"] == 300);
}

TEST_CASE("candidate_pool: refusals name the field") {
    CHECK(error_of({{"op", "candidate_pool"}, {"model", "qwen3-8b"}, {"tokens", 10}})["field"] == "model");
    CHECK(error_of({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 0}})["field"] == "tokens");
    CHECK(error_of({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}})["field"] == "tokens");
    CHECK(error_of({{"op", "candidate_pool"}, {"model", "deepseek-v4.1-flash"}, {"tokens", 8}, {"x", 1}})["field"] == "x");
}
