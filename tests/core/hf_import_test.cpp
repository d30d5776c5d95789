// import_hf_config: Hugging Face config.json files (tests/fixtures/hf, written
// by us from the public config.json of each model) become specs whose
// parameter counts match the published totals to the last digit, and which
// every op accepts.  Bad configs are answered with the field at fault.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "api/hf_import.hpp"
#include "core/params.hpp"
#include "support.hpp"

using namespace tally::test;

namespace {

Json fixture(const std::string& name) { return json_file("tests/fixtures/hf/" + name + ".json"); }

Json import_config(const Json& config) { return result({{"op", "import_hf_config"}, {"config", config}}); }
Json import_fixture(const std::string& name) { return import_config(fixture(name)); }

// The error an import of `config` answers with.
Json import_error(const Json& config) {
    Json r = call({{"op", "import_hf_config"}, {"config", config}});
    REQUIRE_FALSE(r["ok"].get<bool>());
    return r["error"];
}

std::string params_of(const Json& imported) {
    const Json& p = imported["params"];
    return p.is_string() ? p.get<std::string>() : std::to_string(p.get<std::uint64_t>());
}

}  // namespace

// --- fidelity: published totals, matched to the last digit -----------------
// Each total is the safetensors metadata total shown on the model's Hugging
// Face page (the "Model size … params" figure, exact in the file index's
// metadata), unless noted.

TEST_CASE("Llama-3-8B: 8,030,261,248 (meta-llama/Meta-Llama-3-8B safetensors total)") {
    Json r = import_fixture("llama-3-8b");
    CHECK(params_of(r) == "8030261248");
    CHECK(r["kv_bytes_per_token"] == 2 * 32 * 8 * 128 * 2);  // 131,072 B: 2·L·n_KV·d_h·2
    CHECK(r["mtp_params"] == 0);
    CHECK(r["spec"]["tie_embeddings"] == false);
}

TEST_CASE("Mistral-7B-v0.1: 7,241,732,096 (mistralai/Mistral-7B-v0.1 safetensors total)") {
    Json r = import_fixture("mistral-7b-v0.1");
    CHECK(params_of(r) == "7241732096");
    CHECK(r["spec"]["groups"].size() == 1);
    CHECK(r["spec"]["groups"][0]["attention"]["window"] == 4096);
}

TEST_CASE("Mixtral-8x7B-v0.1: 46,702,792,704 (mistralai/Mixtral-8x7B-v0.1 safetensors total)") {
    Json r = import_fixture("mixtral-8x7b-v0.1");
    CHECK(params_of(r) == "46702792704");
    const Json& ffn = r["spec"]["groups"][0]["ffn"];
    CHECK(ffn["experts"] == 8);
    CHECK(ffn["top_k"] == 2);
    CHECK(ffn["expert_intermediate"] == 14336);
    CHECK_FALSE(r["spec"]["groups"][0]["attention"].contains("window"));  // sliding_window: null
}

TEST_CASE("Qwen2-7B: 7,615,616,512 (Qwen/Qwen2-7B safetensors total), Q/K/V biases included") {
    Json r = import_fixture("qwen2-7b");
    CHECK(params_of(r) == "7615616512");
    CHECK(r["spec"]["groups"][0]["attention"]["qkv_bias"] == true);
    CHECK(r["spec"]["groups"][0]["attention"]["o_bias"] == false);
}

TEST_CASE("Qwen3-8B: 8,190,735,360 (Qwen/Qwen3-8B safetensors total; the chapter's Table 2-B)") {
    Json r = import_fixture("qwen3-8b");
    CHECK(params_of(r) == "8190735360");
    CHECK(r["kv_bytes_per_token"] == 147456);
}

TEST_CASE("Qwen3-30B-A3B: 30,532,122,624 (Qwen/Qwen3-30B-A3B safetensors total)") {
    Json r = import_fixture("qwen3-30b-a3b");
    CHECK(params_of(r) == "30532122624");
    CHECK(r["kv_bytes_per_token"] == 98304);  // the chapter's 98,304 B/token (§2.3.6)
}

TEST_CASE("Qwen1.5-MoE-A2.7B: 14,315,784,192 (Qwen/Qwen1.5-MoE-A2.7B safetensors total), gated shared expert") {
    Json r = import_fixture("qwen1.5-moe-a2.7b");
    CHECK(params_of(r) == "14315784192");
    const Json& ffn = r["spec"]["groups"][0]["ffn"];
    CHECK(ffn["shared_intermediate"] == 5632);
    CHECK(ffn["shared_gate"] == true);
    CHECK(ffn["expert_intermediate"] == 1408);
}

TEST_CASE("DeepSeek-V2-Lite: 15,706,484,224 (deepseek-ai/DeepSeek-V2-Lite safetensors total), one dense layer first") {
    Json r = import_fixture("deepseek-v2-lite");
    CHECK(params_of(r) == "15706484224");
    const Json& groups = r["spec"]["groups"];
    REQUIRE(groups.size() == 2);
    CHECK(groups[0]["layers"] == 1);
    CHECK(groups[0]["ffn"]["intermediate"] == 10944);
    CHECK(groups[1]["layers"] == 26);
    CHECK(groups[1]["ffn"]["shared_intermediate"] == 2 * 1408);
    CHECK(groups[1]["attention"]["q_lora_rank"] == 0);  // q_lora_rank: null
    // Compact latent cache: (kv_lora_rank + qk_rope_head_dim)·2 B per layer, one latent, no ×2.
    CHECK(r["kv_bytes_per_token"] == 27 * (512 + 64) * 2);
    CHECK(r["mtp_params"] == 0);
}

TEST_CASE("DeepSeek-V3: main model equals the catalog's 671,026,419,200; the MTP layer is reported apart") {
    Json r = import_fixture("deepseek-v3");
    // The catalog's DeepSeek-V3 is the chapter's Table 2-3 (671B main model).
    CHECK(params_of(r) == "671026419200");
    CHECK(params_of(r) == dec(tally::total_params(model("deepseek-v3"))));
    CHECK(r["kv_bytes_per_token"] == 61 * (512 + 64) * 2);  // 70,272 B
    CHECK(r["mtp_layers"] == 1);
    // model.layers.61 in the checkpoint: one MoE decoder layer (11,507,286,272),
    // enorm + hnorm (2×7168), eh_proj (14336×7168 = 102,760,448), shared_head.norm
    // (7168) and copies of the embedding and the head (2×129280×7168).  Main +
    // MTP = 684,489,845,504, the README's "685B = 671B + 14B" once the FP8
    // block scales (weight_scale_inv) the safetensors total also counts are added.
    CHECK(r["mtp_params"] == 13463426304ULL);
    CHECK(r["checkpoint_dtype"] == "bfloat16");
    CHECK(r["weight_dtype"] == "fp8");  // quantization_config.quant_method
}

TEST_CASE("gemma-7b: 8,537,680,896 (google/gemma-7b safetensors total), tied by family default") {
    Json cfg = fixture("gemma-7b");
    REQUIRE_FALSE(cfg.contains("tie_word_embeddings"));
    Json r = import_config(cfg);
    CHECK(params_of(r) == "8537680896");
    CHECK(r["spec"]["tie_embeddings"] == true);
    CHECK(r["spec"]["groups"][0]["attention"]["head_dim"] == 256);  // not 3072 / 16 = 192
}

TEST_CASE("gemma-2-9b: 9,241,705,984 (google/gemma-2-9b safetensors total), alternating windows, four norms") {
    Json r = import_fixture("gemma-2-9b");
    CHECK(params_of(r) == "9241705984");
    const Json& groups = r["spec"]["groups"];
    REQUIRE(groups.size() == 2);
    CHECK(groups[0]["layers"] == 21);
    CHECK(groups[0]["attention"]["window"] == 4096);  // layer 0 slides
    CHECK(groups[1]["layers"] == 21);
    CHECK_FALSE(groups[1]["attention"].contains("window"));
    CHECK(groups[0]["post_norms"] == true);
    CHECK(r["checkpoint_dtype"] == "float32");
    CHECK(r["weight_dtype"] == "fp32");
    CHECK(r["kv_bytes_per_token"] == 42 * 2 * 8 * 256 * 2);
}

TEST_CASE("Phi-3-mini-4k-instruct: 3,821,079,552 (microsoft/Phi-3-mini-4k-instruct safetensors total)") {
    Json r = import_fixture("phi-3-mini-4k-instruct");
    CHECK(params_of(r) == "3821079552");
    CHECK(r["spec"]["groups"][0]["attention"]["head_dim"] == 96);
}

// --- the imported spec works everywhere ----------------------------------------

TEST_CASE("imported Qwen3-8B computes exactly as the catalog's qwen3-8b") {
    const Json spec = import_fixture("qwen3-8b")["spec"];
    for (const Json& base :
         {Json{{"op", "params"}}, Json{{"op", "kv"}, {"tokens", 8192}}, Json{{"op", "forward"}, {"input", 8192}},
          Json{{"op", "forward"}, {"context", 8192}}, Json{{"op", "request"}, {"input", 8192}, {"generated", 1025}},
          Json{{"op", "capacity"}, {"gpu", "rtx-4090"}, {"context", 8192}}, Json{{"op", "state"}, {"tokens", 8192}}}) {
        Json a = base, b = base;
        a["model"] = spec;
        b["model"] = "qwen3-8b";
        Json ra = result(a), rb = result(b);
        ra.erase("model");
        rb.erase("model");
        CHECK_MESSAGE(ra == rb, base.dump());
    }
}

TEST_CASE("every op that takes a model accepts each imported spec") {
    for (const char* name :
         {"llama-3-8b", "mistral-7b-v0.1", "mixtral-8x7b-v0.1", "qwen2-7b", "qwen3-8b", "qwen3-30b-a3b", "qwen1.5-moe-a2.7b",
          "deepseek-v2-lite", "deepseek-v3", "gemma-7b", "gemma-2-9b", "phi-3-mini-4k-instruct"}) {
        CAPTURE(name);
        Json imported = import_fixture(name);
        const Json spec = imported["spec"];
        Json p = result({{"op", "params"}, {"model", spec}});
        CHECK(p["total"] == imported["params"]);
        result({{"op", "forward"}, {"model", spec}, {"input", 8192}});
        result({{"op", "forward"}, {"model", spec}, {"context", 8192}, {"batch", 4}});
        Json kv = result({{"op", "kv"}, {"model", spec}, {"tokens", 1}});
        CHECK(kv["total"] == imported["kv_bytes_per_token"]);
        result({{"op", "state"}, {"model", spec}, {"tokens", 8192}});
        result({{"op", "state_curve"}, {"model", spec}, {"lengths", {1, 8192, 131072}}});
        result({{"op", "request"}, {"model", spec}, {"input", 8192}, {"generated", 1025}});
        result({{"op", "crossover"}, {"model", spec}, {"context", 8192}});
        result({{"op", "param_budget"}, {"model", spec}, {"gpu", "h100-sxm"}, {"requests", 1}, {"context", 8192}});
        for (const char* gpu : {"rtx-4090", "rtx-6000-ada", "h100-sxm", "h200"}) {
            result({{"op", "capacity"}, {"model", spec}, {"gpu", gpu}, {"context", 8192}});
        }
        if (imported["spec"]["groups"].back()["ffn"]["kind"] == "moe") {
            result({{"op", "routing"}, {"model", spec}, {"batch", 64}});
        }
    }
}

TEST_CASE("MLA imports run on the compact path and can switch to the expanded one") {
    const Json spec = import_fixture("deepseek-v3")["spec"];
    Json compact = result({{"op", "kv"}, {"model", spec}, {"tokens", 8192}});
    Json expanded = result({{"op", "kv"}, {"model", spec}, {"tokens", 8192}, {"mla_path", "expanded"}});
    Json catalog = result({{"op", "kv"}, {"model", "deepseek-v3"}, {"tokens", 8192}});
    CHECK(compact["bytes_per_token"] == 70272);
    CHECK(expanded["bytes_per_token"] == catalog["bytes_per_token"]);  // 61·128·(128+64+128)·2
}

// --- sliding windows -------------------------------------------------------

TEST_CASE("a sliding window caps the cache and the attended pairs") {
    const Json spec = import_fixture("mistral-7b-v0.1")["spec"];
    // 32 layers × 2·8·128·2 B per position, at most 4,096 positions kept.
    Json kv = result({{"op", "kv"}, {"model", spec}, {"tokens", 8192}});
    CHECK(kv["total"] == 131072ULL * 4096);
    Json short_kv = result({{"op", "kv"}, {"model", spec}, {"tokens", 1000}});
    CHECK(short_kv["total"] == 131072ULL * 1000);
    Json st = result({{"op", "state"}, {"model", spec}, {"tokens", 8192}});
    CHECK(st["total"] == 131072ULL * 4096);
    CHECK(st["decode_read_bytes"] == 131072ULL * 4096);

    // Prefill of 8,192: Σ_{t=1}^{8192} min(t, 4096) = 4096·4097/2 + 4096·4096 pairs.
    Json f = result({{"op", "forward"}, {"model", spec}, {"input", 8192}});
    const std::uint64_t pairs = 4096ULL * 4097 / 2 + 4096ULL * 4096;
    bool found = false;
    for (const auto& it : f["items"]) {
        if (it["id"] == "attn_core_window") {
            found = true;
            CHECK(it["per_call"] == 4ULL * 32 * 128 * pairs);
            CHECK(it["layers"] == 32);
        }
    }
    CHECK(found);
}

TEST_CASE("a windowed request's decode sums equal the step-by-step forward calls") {
    const Json spec = import_fixture("mistral-7b-v0.1")["spec"];
    // Decodes cross the window: H = 4,094 and 5 decode steps (S = 4094 … 4098).
    Json rq = result({{"op", "request"}, {"model", spec}, {"input", 4094}, {"generated", 6}});
    tally::Ratio steps;
    for (std::uint64_t s = 4094; s < 4099; ++s) {
        Json step = result({{"op", "forward"}, {"model", spec}, {"context", s}});
        steps = steps + tally::Ratio(static_cast<tally::u128>(step["total"].get<std::uint64_t>()));
    }
    CHECK(rq["decode_flops"] == static_cast<std::uint64_t>(steps.num()));
    // Reads: min(4094,4096) + min(4095,4096) + 4096·3 positions.
    CHECK(rq["kv_read_bytes"] == 131072ULL * (4094 + 4095 + 4096 * 3));
    CHECK(rq["final_kv_bytes"] == 131072ULL * 4096);
    CHECK(rq["new_kv_bytes"] == 131072ULL * 2);
}

TEST_CASE("layer_types and use_sliding_window choose which layers slide") {
    Json cfg = fixture("qwen3-8b");
    cfg["use_sliding_window"] = true;
    cfg["sliding_window"] = 4096;
    cfg["max_window_layers"] = 28;  // layers 28 … 35 slide
    Json g = import_config(cfg)["spec"]["groups"];
    REQUIRE(g.size() == 2);
    CHECK(g[0]["layers"] == 28);
    CHECK(g[1]["layers"] == 8);
    CHECK(g[1]["attention"]["window"] == 4096);

    Json types = Json::array();
    for (int i = 0; i < 36; ++i) types.push_back(i % 4 == 3 ? "full_attention" : "sliding_attention");
    cfg["layer_types"] = types;
    g = import_config(cfg)["spec"]["groups"];
    REQUIRE(g.size() == 2);
    CHECK(g[0]["layers"] == 27);
    CHECK(g[1]["layers"] == 9);
}

TEST_CASE("explicit attention_bias adds Q/K/V and O biases where the family reads it") {
    Json cfg = fixture("llama-3-8b");
    cfg["attention_bias"] = true;
    Json r = import_config(cfg);
    // q 4096 + k 1024 + v 1024 + o 4096 per layer.
    CHECK(r["params"] == 8030261248ULL + 32ULL * (4096 + 1024 + 1024 + 4096));
}

TEST_CASE("qwen2_moe: mlp_only_layers and decoder_sparse_step make dense layers") {
    Json cfg = fixture("qwen1.5-moe-a2.7b");
    cfg["mlp_only_layers"] = {0, 1};
    cfg["decoder_sparse_step"] = 2;  // MoE where (i+1) % 2 == 0 and i ∉ {0, 1}: 11 layers
    Json g = import_config(cfg)["spec"]["groups"];
    REQUIRE(g.size() == 2);
    CHECK(g[0]["ffn"]["kind"] == "dense");
    CHECK(g[0]["layers"] == 13);
    CHECK(g[1]["layers"] == 11);
}

// --- bad input: a message naming the field, never a crash -----------------------

TEST_CASE("bad configs name the field at fault") {
    struct Case {
        const char* fixture;
        Json patch;  // merged into the config (null removes a key)
        const char* field;
    };
    const std::vector<Case> cases = {
        {"llama-3-8b", {{"model_type", nullptr}}, "config.model_type"},
        {"llama-3-8b", {{"model_type", 7}}, "config.model_type"},
        {"llama-3-8b", {{"hidden_size", "4096"}}, "config.hidden_size"},
        {"llama-3-8b", {{"hidden_size", 4096.5}}, "config.hidden_size"},
        {"llama-3-8b", {{"hidden_size", 1e30}}, "config.hidden_size"},
        {"llama-3-8b", {{"hidden_size", 0}}, "config.hidden_size"},
        {"llama-3-8b", {{"num_hidden_layers", -3}}, "config.num_hidden_layers"},
        {"llama-3-8b", {{"num_hidden_layers", 5000}}, "config.num_hidden_layers"},
        {"llama-3-8b", {{"num_attention_heads", nullptr}}, "config.num_attention_heads"},
        {"llama-3-8b", {{"num_attention_heads", 24}}, "config.num_attention_heads"},
        {"llama-3-8b", {{"num_attention_heads", 48}, {"num_key_value_heads", 48}}, "config.num_attention_heads"},
        {"llama-3-8b", {{"num_key_value_heads", 5}}, "config.num_key_value_heads"},
        {"llama-3-8b", {{"vocab_size", true}}, "config.vocab_size"},
        {"llama-3-8b", {{"intermediate_size", nullptr}}, "config.intermediate_size"},
        {"llama-3-8b", {{"tie_word_embeddings", "yes"}}, "config.tie_word_embeddings"},
        {"llama-3-8b", {{"torch_dtype", "int3"}}, "config.torch_dtype"},
        {"llama-3-8b", {{"mlp_bias", true}}, "config.mlp_bias"},
        {"llama-3-8b", {{"head_dim", 0}}, "config.head_dim"},
        {"llama-3-8b", {{"head_dim", 16777216}}, "config.head_dim"},
        {"mixtral-8x7b-v0.1", {{"num_experts_per_tok", 9}}, "config.num_experts_per_tok"},
        {"mixtral-8x7b-v0.1", {{"num_local_experts", nullptr}}, "config.num_local_experts"},
        {"mistral-7b-v0.1", {{"sliding_window", 0}}, "config.sliding_window"},
        {"qwen3-8b", {{"use_sliding_window", true}}, "config.sliding_window"},
        {"qwen3-8b", {{"layer_types", {"full_attention"}}}, "config.layer_types"},
        {"qwen3-30b-a3b", {{"mlp_only_layers", {48}}}, "config.mlp_only_layers[0]"},
        {"qwen3-30b-a3b", {{"mlp_only_layers", "none"}}, "config.mlp_only_layers"},
        {"qwen3-30b-a3b", {{"moe_intermediate_size", nullptr}}, "config.moe_intermediate_size"},
        {"qwen3-30b-a3b", {{"num_experts_per_tok", 129}}, "config.num_experts_per_tok"},
        {"qwen1.5-moe-a2.7b", {{"shared_expert_intermediate_size", nullptr}}, "config.shared_expert_intermediate_size"},
        {"deepseek-v3", {{"kv_lora_rank", nullptr}}, "config.kv_lora_rank"},
        {"deepseek-v3", {{"kv_lora_rank", 40000}}, "config.kv_lora_rank"},
        {"deepseek-v3", {{"q_lora_rank", 30000}}, "config.q_lora_rank"},
        {"deepseek-v3", {{"first_k_dense_replace", 62}}, "config.first_k_dense_replace"},
        {"deepseek-v3", {{"num_nextn_predict_layers", -1}}, "config.num_nextn_predict_layers"},
        {"deepseek-v3", {{"attention_bias", true}}, "config.attention_bias"},
        {"deepseek-v2-lite", {{"n_shared_experts", 1000000}}, "config.n_shared_experts"},
    };
    for (const auto& c : cases) {
        Json cfg = fixture(c.fixture);
        // Flat patches; a null value stays null ("not given" in config.json).
        for (auto it = c.patch.begin(); it != c.patch.end(); ++it) cfg[it.key()] = it.value();
        CAPTURE(c.patch.dump());
        Json e = import_error(cfg);
        CHECK(e["field"] == c.field);
        CHECK(e["code"].get<std::string>().rfind("config_", 0) == 0);
    }
}

TEST_CASE("layer_types entries, unsupported model types and malformed requests") {
    Json cfg = fixture("qwen3-8b");
    cfg["layer_types"] = Json::array();
    for (int i = 0; i < 36; ++i) cfg["layer_types"].push_back(i == 3 ? "chunked_attention" : "full_attention");
    CHECK(import_error(cfg)["field"] == "config.layer_types[3]");

    Json gpt2 = {{"model_type", "gpt2"}, {"n_embd", 768}};
    Json e = import_error(gpt2);
    CHECK(e["field"] == "config.model_type");
    CHECK(e["code"] == "config_model_type_unsupported");
    const std::string supported = e["params"]["supported"].get<std::string>();
    for (const char* type : tally::api::kHfModelTypes) CHECK(supported.find(type) != std::string::npos);

    CHECK(import_error(Json::array())["field"] == "config");
    CHECK(import_error("not an object")["field"] == "config");
    CHECK(call({{"op", "import_hf_config"}})["error"]["field"] == "config");
    CHECK(call({{"op", "import_hf_config"}, {"config", fixture("qwen3-8b")}, {"confg", 1}})["error"]["field"] == "confg");
    CHECK(call({{"op", "import_hf_config"}, {"config", fixture("qwen3-8b")}, {"name", 5}})["error"]["field"] == "name");
    Json raw = Json::parse(tally::api::evaluate("{\"op\":\"import_hf_config\",\"config\":{\"model_type\":"));
    CHECK(raw["ok"] == false);
}

TEST_CASE("a name given with the request labels the spec") {
    Json r = result({{"op", "import_hf_config"}, {"config", fixture("qwen3-8b")}, {"name", "My Qwen"}});
    CHECK(r["spec"]["name"] == "My Qwen");
    CHECK(r["spec"]["id"] == "hf-my-qwen");
    Json anonymous = fixture("qwen3-8b");
    anonymous.erase("_name_or_path");
    CHECK(import_config(anonymous)["spec"]["id"] == "hf-qwen3");
}

// --- the page's path: raw text in, a short share text out ----------------------

namespace {

const char* const kFixtures[] = {"deepseek-v2-lite",  "deepseek-v3",     "gemma-2-9b",        "gemma-7b",
                                 "llama-3-8b",        "mistral-7b-v0.1", "mixtral-8x7b-v0.1", "phi-3-mini-4k-instruct",
                                 "qwen1.5-moe-a2.7b", "qwen2-7b",        "qwen3-30b-a3b",     "qwen3-8b"};

std::string fixture_text(const std::string& name) {
    std::ifstream in(std::string(TALLY_SOURCE_DIR) + "/tests/fixtures/hf/" + name + ".json");
    REQUIRE(in.good());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Json import_text(const std::string& text) { return result({{"op", "import_hf_config"}, {"config_text", text}}); }

}  // namespace

TEST_CASE("config_text imports the file's text exactly as the parsed config") {
    for (const char* name : kFixtures) {
        CAPTURE(name);
        CHECK(import_text(fixture_text(name)) == import_fixture(name));
    }
}

TEST_CASE("shared_config_text keeps only the keys read and imports to the same result") {
    for (const char* name : kFixtures) {
        CAPTURE(name);
        const Json full = import_fixture(name);
        const std::string shared = full["shared_config_text"].get<std::string>();
        // Re-importing the short text gives the same spec, counts, notes and share text.
        CHECK(import_text(shared) == full);
        const Json kept = Json::parse(shared);
        const Json original = fixture(name);
        CHECK(kept.size() < original.size());
        CHECK(shared.size() < original.dump().size());
        for (auto it = kept.begin(); it != kept.end(); ++it) CHECK(original.contains(it.key()));
        CHECK(kept["model_type"] == original["model_type"]);
        CHECK_FALSE(kept.contains("architectures"));  // never read: ignored by the importer
    }
}

TEST_CASE("a name given with the import travels in the share text") {
    const Json r = result({{"op", "import_hf_config"}, {"config", fixture("qwen2-7b")}, {"name", "我的 Qwen2"}});
    const Json kept = Json::parse(r["shared_config_text"].get<std::string>());
    CHECK(kept["_name_or_path"] == "我的 Qwen2");
    const Json again = import_text(r["shared_config_text"].get<std::string>());
    CHECK(again["spec"] == r["spec"]);
    CHECK(again["spec"]["name"] == "我的 Qwen2");
}

TEST_CASE("config_text that is not JSON says where it stops being JSON") {
    // The trailing comma: the object cannot close at byte 40 (line 3).
    const std::string text = "{\n  \"model_type\": \"llama\",\n  \"x\": 1,}";
    const std::size_t brace = text.rfind('}');
    const Json e = error_of({{"op", "import_hf_config"}, {"config_text", text}});
    CHECK(e["field"] == "config_text");
    CHECK(e["code"] == "config_text_invalid_json");
    CHECK(e["params"]["line"] == "3");
    CHECK(e["params"]["byte"] == std::to_string(brace + 1));

    CHECK(error_of({{"op", "import_hf_config"}, {"config_text", "   \n"}})["field"] == "config_text");
    CHECK(error_of({{"op", "import_hf_config"}, {"config_text", 5}})["field"] == "config_text");
    CHECK(error_of({{"op", "import_hf_config"}, {"config_text", std::string(2 << 20, ' ') + "{}"}})["field"] == "config_text");
    // Valid JSON that is not an object is the config reader's error.
    CHECK(error_of({{"op", "import_hf_config"}, {"config_text", "[1, 2]"}})["field"] == "config");
    // Exactly one of config and config_text.
    CHECK(error_of({{"op", "import_hf_config"}, {"config_text", "{}"}, {"config", fixture("qwen3-8b")}})["field"] == "config");
    // An unsupported model_type names the field and lists what is supported.
    const Json gpt2 = error_of({{"op", "import_hf_config"}, {"config_text", R"({"model_type":"gpt2","n_embd":768})"}});
    CHECK(gpt2["field"] == "config.model_type");
    CHECK(gpt2["code"] == "config_model_type_unsupported");
    CHECK(gpt2["params"]["supported"].get<std::string>().find("qwen3_moe") != std::string::npos);
}

TEST_CASE("the import's summary is the ops' answers for the imported spec") {
    for (const char* name : {"qwen3-8b", "deepseek-v3", "gemma-2-9b"}) {
        CAPTURE(name);
        const Json r = import_fixture(name);
        const Json& spec = r["spec"];
        const Json& s = r["summary"];
        CHECK(s["context"] == 8192);
        const Json prefill = result({{"op", "forward"}, {"model", spec}, {"input", 8192}});
        CHECK(s["prefill_flops"] == prefill["total"]);
        CHECK(s["prefill_display"] == prefill["display"]);
        const Json decode = result({{"op", "forward"}, {"model", spec}, {"context", 8192}});
        CHECK(s["decode_flops"] == decode["total"]);
        CHECK(s["decode_display"] == decode["display"]);
        const Json gpus = result({{"op", "catalog"}})["gpus"];
        REQUIRE(s["capacity"].size() == gpus.size());
        for (size_t i = 0; i < gpus.size(); ++i) {
            const Json c = result({{"op", "capacity"}, {"model", spec}, {"gpu", gpus[i]["id"]}, {"context", 8192}});
            CHECK(s["capacity"][i]["gpu"] == gpus[i]["id"]);
            CHECK(s["capacity"][i]["requests"] == c["requests"]);
            CHECK(s["capacity"][i]["display"] == c["display"]);
        }
    }
    // The chapter's Qwen3-8B: one decode step at 8K is 19.97 GFLOPs, as for the catalog's qwen3-8b.
    CHECK(import_fixture("qwen3-8b")["summary"]["decode_display"] ==
          result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 8192}})["display"]);
}
