// The JSON surface: contract fields, big integers as strings, and every kind
// of bad input answered with a message that names the field.
#include <algorithm>
#include <doctest/doctest.h>

#include "core/forward.hpp"
#include "support.hpp"

using namespace tally::test;

TEST_CASE("catalog lists the contract's models, GPUs and dtypes") {
    Json r = result({{"op", "catalog"}});
    std::vector<std::string> models, gpus, dtypes;
    for (const auto& m : r["models"]) models.push_back(m["id"]);
    for (const auto& g : r["gpus"]) gpus.push_back(g["id"]);
    for (const auto& d : r["dtypes"]) dtypes.push_back(d["id"]);
    for (const char* id : {"qwen3-8b", "qwen3-32b", "deepseek-r1-distill-llama-70b"}) {
        CHECK(std::find(models.begin(), models.end(), id) != models.end());
    }
    for (const char* id : {"rtx-4090", "rtx-6000-ada", "h100-sxm", "h200"}) {
        CHECK(std::find(gpus.begin(), gpus.end(), id) != gpus.end());
    }
    for (const char* id : {"bf16", "fp8", "int8", "int4", "fp32"}) {
        CHECK(std::find(dtypes.begin(), dtypes.end(), id) != dtypes.end());
    }
}

TEST_CASE("each op answers with its contract fields") {
    Json p = result({{"op", "params"}, {"model", "qwen3-8b"}});
    CHECK(p["total"] == 8190735360ULL);
    CHECK(p["groups"]["attention"] == 1509949440ULL);
    CHECK(p["groups"]["routed_experts"] == 0);
    CHECK(p["groups"].size() == 6);

    Json f = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}});
    CHECK(f["total"] == 133594323353600ULL);  // below 2^53: a number
    CHECK(f["display"] == "133.59 TFLOPs");
    CHECK(f["items"].size() == 8);
    CHECK(f["items"][1]["id"] == "q_proj");
    CHECK(f["items"][1]["substituted"] == "2×8192×4096×4096");

    Json k = result({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8192}});
    CHECK(k["bytes_per_token"] == 147456);
    CHECK(k["total"] == 1207959552ULL);
    CHECK(k["display"] == "1.125 GiB");

    Json q = result({{"op", "request"}, {"model", "qwen3-8b"}, {"input", 8192}, {"generated", 1025}});
    CHECK(q["decode_steps"] == 1024);
    CHECK(q["kv_read_tokens"] == 8912384);
    CHECK(q["new_kv_display"] == "144 MiB");
    CHECK(q["final_kv_bytes"] == 1358954496ULL);

    CHECK(result({{"op", "crossover"}, {"model", "qwen3-8b"}, {"context", 8192}})["batch"] == 13);
    Json c = result({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"context", 8192}});
    CHECK(c["requests"] == 4);
    CHECK(c["items"].size() == 4);
    Json b = result({{"op", "param_budget"}, {"model", "qwen3-8b"}, {"gpu", "rtx-4090"}, {"requests", 4}, {"context", 8192}});
    CHECK(b["total"] == 8510339072ULL);
}

TEST_CASE("bad input: each message names the field and what is accepted") {
    Json e = error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 0}});
    CHECK(e["field"] == "input");
    CHECK(e["code"] == "field_out_of_range");
    CHECK(e["params"]["min"] == "1");
    CHECK(e["params"]["max"] == "9,007,199,254,740,991");

    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", -3}})["code"] == "field_negative");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 1.5}})["code"] == "field_not_integer");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "abc"}})["code"] == "field_unreadable_quantity");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", -3}})["field"] == "input");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 1.5}})["field"] == "input");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "abc"}})["field"] == "input");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"batch", 0}})["field"] == "batch");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 4}, {"head_tokens", 5}})["field"] == "head_tokens");
    CHECK(error_of({{"op", "forward"}, {"model", "gpt-9"}})["field"] == "model");
    CHECK(error_of({{"op", "forward"}, {"model", "gpt-9"}})["code"] == "model_unknown");
    CHECK(error_of({{"op", "forward"}, {"model", "gpt-9"}})["params"]["id"] == "gpt-9");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"imput", 4}})["code"] == "field_unknown");
    CHECK(error_of({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "tpu"}, {"context", 8}})["code"] == "gpu_unknown");
    CHECK(error_of({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "h200"}})["code"] == "field_integer_missing");
    CHECK(error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8}, {"kv_dtype", "fp4"}})["code"] == "dtype_unknown");
    CHECK(error_of({{"model", "qwen3-8b"}})["code"] == "op_missing");
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"imput", 4}})["field"] == "imput");
    CHECK(error_of({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "tpu"}, {"context", 8}})["field"] == "gpu");
    CHECK(error_of({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "h200"}})["field"] == "context");
    CHECK(error_of({{"op", "request"}, {"model", "qwen3-8b"}, {"generated", 0}})["field"] == "generated");
    CHECK(error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 8}, {"kv_dtype", "fp4"}})["field"] == "kv_dtype");
    CHECK(error_of({{"op", "fly"}})["field"] == "op");
    CHECK(error_of({{"model", "qwen3-8b"}})["field"] == "op");

    Json not_json = Json::parse(tally::api::evaluate("{\"op\": "));
    CHECK_FALSE(not_json["ok"].get<bool>());
    CHECK(not_json["error"]["field"].is_null());
    CHECK(not_json["error"]["code"] == "request_invalid_json");
    Json array = Json::parse(tally::api::evaluate("[1,2]"));
    CHECK_FALSE(array["ok"].get<bool>());
}

TEST_CASE("overflow is an error, not a wrapped number") {
    Json e = error_of({{"op", "forward"},
                       {"model", "qwen3-8b"},
                       {"batch", 9007199254740991ULL},
                       {"context", 9007199254740991ULL},
                       {"input", 9007199254740991ULL}});
    CHECK(e["field"].is_null());
    CHECK(e["code"] == "result_overflow");
}

TEST_CASE("big integers may arrive as digit strings") {
    Json f = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "8192"}});
    CHECK(f["total"] == 133594323353600ULL);
    // A 1M-token prefill passes 2^53 FLOPs and travels as a decimal string.
    Json big = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 1048576}});
    CHECK(big["total"].is_string());
    CHECK(big["total"] == dec(tally::forward(model("qwen3-8b"), tally::CallShape{1, 0, 1048576, 1}).total.num()));
    CHECK(error_of({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", "99999999999999999999999"}})["field"] == "input");
}

TEST_CASE("lengths past the released context are computed and flagged") {
    Json f = result({{"op", "forward"}, {"model", "qwen3-8b"}, {"context", 1048575}, {"input", 1}});
    REQUIRE(f["notes"].size() == 1);
    CHECK(f["notes"][0].get<std::string>().find("外推") != std::string::npos);
    CHECK(result({{"op", "forward"}, {"model", "qwen3-8b"}, {"input", 8192}})["notes"].empty());
}

TEST_CASE("mla_path re-runs an MLA model on the other cache path") {
    Json compact = result({{"op", "kv"}, {"model", "kimi-k3"}, {"tokens", 1}});
    Json expanded = result({{"op", "kv"}, {"model", "kimi-k3"}, {"tokens", 1}, {"mla_path", "expanded"}});
    CHECK(compact["bytes_per_token"] == 27648);
    CHECK(expanded["bytes_per_token"] == 1474560);
    CHECK(error_of({{"op", "kv"}, {"model", "kimi-k3"}, {"tokens", 1}, {"mla_path", "wide"}})["field"] == "mla_path");
    CHECK(error_of({{"op", "kv"}, {"model", "qwen3-8b"}, {"tokens", 1}, {"mla_path", "expanded"}})["field"] == "mla_path");
    CHECK(error_of({{"op", "routing"}, {"model", "kimi-k3"}, {"mla_path", "expanded"}})["field"] == "mla_path");
}

TEST_CASE("params carries the architecture of Table 2-A and each tensor's size per copy") {
    Json q = result({{"op", "params"}, {"model", "qwen3-8b"}});
    CHECK(q["architecture"]["layers"] == 36);
    CHECK(q["architecture"]["hidden"] == 4096);
    CHECK(q["architecture"]["moe"].is_null());
    CHECK(q["architecture"]["groups"][0]["attention"] == "gqa");
    CHECK(q["architecture"]["groups"][0]["ffn"]["intermediate"] == 12288);
    CHECK(json_item_named(q["items"], "q_proj")["per_copy"] == 16777216);
    CHECK(json_item_named(q["items"], "k_proj")["per_copy"] == 4194304);
    Json k = result({{"op", "params"}, {"model", "kimi-k3"}});
    CHECK(k["architecture"]["layers"] == 93);
    CHECK(k["architecture"]["moe"]["experts"] == 896);
    CHECK(k["architecture"]["moe"]["top_k"] == 16);
    CHECK(k["architecture"]["moe"]["expert_width"] == 3584);
    CHECK(k["architecture"]["moe_layers"] == 92);
    Json v = result({{"op", "params"}, {"model", "qwen3.6-35b-a3b"}});
    CHECK(v["architecture"]["moe"]["experts"] == 256);
    CHECK(v["architecture"]["moe"]["expert_width"] == 2048);
}
