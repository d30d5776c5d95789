// The words of the content the core compiles in (model group names, a
// partial model's note, storage-format names, model-set names) come in the
// request's language: zh-Hant as content/ writes them, English from
// content/i18n/en/, zh-Hans by toHans() (api/catalog_words.hpp).  The
// numbers are the same in every language.
#include <doctest/doctest.h>

#include "api/catalog_words.hpp"
#include "core/lang.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

Json in_lang(Json request, const char* lang) {
    request["lang"] = lang;
    return request;
}

// The `name` of the entry of `list` whose id is `id`.
std::string name_of(const Json& list, const std::string& id) { return json_item_named(list, id)["name"].get<std::string>(); }

// Every key of an object but `name`, `partial` and `display` (the words).
Json numbers_of(const Json& entries) {
    Json out = Json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {  // by index: the JSON oracle iterates by copy
        const Json& e = entries[i];
        Json kept = Json::object();
        for (auto it = e.begin(); it != e.end(); ++it) {
            if (it.key() != "name" && it.key() != "partial" && it.key() != "display") kept[it.key()] = it.value();
        }
        out.push_back(kept);
    }
    return out;
}

}  // namespace

TEST_CASE("catalog words: a storage format's name in each language") {
    const Json hant = result({{"op", "catalog"}});
    const Json hans = result(in_lang({{"op", "catalog"}}, "zh-Hans"));
    const Json en = result(in_lang({{"op", "catalog"}}, "en"));
    CHECK(name_of(hant["dtypes"], "fp8") == "FP8（逐張量 scale，不計）");
    CHECK(name_of(hans["dtypes"], "fp8") == "FP8（逐张量 scale，不计）");
    CHECK(name_of(en["dtypes"], "fp8") == "FP8 (per-tensor scale, not counted)");
    CHECK(name_of(en["dtypes"], "int4") == "INT4 (one FP16 scale per 128 values)");
    CHECK(name_of(en["dtypes"], "bf16") == "BF16");  // no words: the same everywhere
    // The same formats, models and GPUs in the same order, with the same numbers.
    for (const char* list : {"models", "gpus", "dtypes"}) {
        CAPTURE(list);
        CHECK(numbers_of(en[list]).dump() == numbers_of(hant[list]).dump());
        CHECK(numbers_of(hans[list]).dump() == numbers_of(hant[list]).dump());
    }
}

TEST_CASE("catalog words: a GPU's name and memory, and the list of GPUs an unknown one is told, in each language") {
    for (const char* lang : {"zh-Hant", "zh-Hans", "en"}) {
        CAPTURE(lang);
        const Json gpus = result(in_lang({{"op", "catalog"}}, lang))["gpus"];
        CHECK(name_of(gpus, "h200") == "H200");
        CHECK(json_item_named(gpus, "rtx-4090")["display"] == "24 GB");
    }
    const Json hant = error_of({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "h1000"}, {"context", 8192}});
    const Json en = error_of(in_lang({{"op", "capacity"}, {"model", "qwen3-8b"}, {"gpu", "h1000"}, {"context", 8192}}, "en"));
    // Every device of content/hardware/, small to large memory (file order within a size).
    CHECK(hant["params"]["available"] ==
          "rtx-3090、rtx-4090、ascend-910、rtx-5090、v100-sxm2、rtx-6000-ada、a100-80g、h100-sxm、rtx-pro-6000、ascend-"
          "910c、ascend-950pr、m1-ultra、m4-max、h200、ascend-950dt、b200、m2-ultra、m3-ultra、m3-ultra-512g");
    CHECK(en["params"]["available"] ==
          "rtx-3090, rtx-4090, ascend-910, rtx-5090, v100-sxm2, rtx-6000-ada, a100-80g, h100-sxm, rtx-pro-6000, ascend-910c, "
          "ascend-950pr, m1-ultra, m4-max, h200, ascend-950dt, b200, m2-ultra, m3-ultra, m3-ultra-512g");
}

TEST_CASE("catalog words: a model's layer groups in each language, with the same parameter counts") {
    const Json request = {{"op", "params"}, {"model", "deepseek-v3"}};
    const Json hant = result(request);
    const Json hans = result(in_lang(request, "zh-Hans"));
    const Json en = result(in_lang(request, "en"));
    CHECK(hant["architecture"]["groups"][0]["name"] == "MLA＋稠密 FFN（前三層）");
    CHECK(hans["architecture"]["groups"][0]["name"] == "MLA＋稠密 FFN（前三层）");
    CHECK(en["architecture"]["groups"][0]["name"] == "MLA + dense FFN (first three layers)");
    CHECK(en["total"] == hant["total"]);
    CHECK(hans["total"] == hant["total"]);
    CHECK(en["groups"].dump() == hant["groups"].dump());
}

TEST_CASE("catalog words: a partial model's note, a label the catalog names and a set's name, in English") {
    const Json partial = error_of(in_lang({{"op", "forward"}, {"model", "qwen3.5-397b-a17b"}, {"input", 8192}}, "en"));
    CHECK(partial["code"] == "model_partial");
    CHECK(partial["params"]["missing"] ==
          "This chapter gives only Qwen3.5-397B-A17B's full attention KV and its fixed recurrent state; parameters, FFN and "
          "compute are outside its scope");
    const Json hans = error_of(in_lang({{"op", "forward"}, {"model", "qwen3.5-397b-a17b"}, {"input", 8192}}, "zh-Hans"));
    CHECK(hans["params"]["missing"].get<std::string>().rfind("本章只给出 Qwen3.5-397B-A17B 的完整注意力 KV", 0) == 0);
    CHECK(result(in_lang({{"op", "compare"}}, "en"))["name"] == "The five models of Chapter 2");
    CHECK(result({{"op", "compare"}})["name"] == "第 2 章的五個模型");
    CHECK(model("deepseek-v4.1-flash").checkpoint_vectors_label == "其他向量（RMSNorm 之外；檢查點張量清單）");
    const LangScope english(Lang::en);
    CHECK(model("deepseek-v4.1-flash").checkpoint_vectors_label == "Other vectors (besides RMSNorm; checkpoint tensor list)");
    CHECK(dtype("int8").name == "INT8 (one FP16 scale per 128 values)");
}

TEST_CASE("catalog words: the tables answer only for a text they have, and never for zh-Hant") {
    CHECK(api::catalog_word(Lang::zh_Hant, "GQA＋SwiGLU") == nullptr);
    REQUIRE(api::catalog_word(Lang::en, "GQA＋SwiGLU") != nullptr);
    CHECK(std::string(api::catalog_word(Lang::en, "GQA＋SwiGLU")) == "GQA + SwiGLU");
    CHECK(std::string(api::catalog_word(Lang::zh_Hans, "線性注意力")) == "线性注意力");
    CHECK(api::catalog_word(Lang::en, "not a catalog text") == nullptr);
    CHECK(api::catalog_words_ready(Lang::en));
}
