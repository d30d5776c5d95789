// The import_hf_config op: a Hugging Face config.json read into a spec, plus its
// one-screen summary computed by the other ops on the imported spec.
#include "all_ops.hpp"
#include "api/ops/ch02/ops.hpp"  // the summary counts requests per GPU with capacity

#include "api/hf_import.hpp"

namespace tally::api {

namespace {

// Read by op_import_hf_config (api/hf_import.cpp), which names the same three.
constexpr FieldDecl kImportFields[] = {
    field::of_kind("config", FieldKind::Object),
    field::of_kind("config_text", FieldKind::Text),
    field::of_kind("name", FieldKind::Text),
};

// import_hf_config plus its one-screen summary, computed by the ops
// themselves on the imported spec: an 8K prefill, one decode step at 8K, and
// how many 8K requests fit on each catalog GPU (BF16 weights and KV, the
// default workspace). `tally import` and the page's import dialog show it.
constexpr std::uint64_t kImportSummaryContext = 8192;

Json op_import_with_summary(const Json& req) {
    Json r = op_import_hf_config(req);
    const Json spec = r["spec"];  // a copy: r grows below
    const Json prefill = kForwardOp.run({{"op", "forward"}, {"model", spec}, {"input", kImportSummaryContext}});
    const Json decode = kForwardOp.run({{"op", "forward"}, {"model", spec}, {"context", kImportSummaryContext}});
    Json s;
    s["context"] = kImportSummaryContext;
    s["prefill_flops"] = prefill["total"];
    s["prefill_display"] = prefill["display"];
    s["decode_flops"] = decode["total"];
    s["decode_display"] = decode["display"];
    s["capacity"] = Json::array();
    const Json gpus = kCatalogOp.run({{"op", "catalog"}})["gpus"];  // named: never range-for over a temporary's member
    for (const auto& gpu : gpus) {
        const Json c =
            kCapacityOp.run({{"op", "capacity"}, {"model", spec}, {"gpu", gpu["id"]}, {"context", kImportSummaryContext}});
        s["capacity"].push_back({{"gpu", gpu["id"]},
                                 {"name", gpu["name"]},
                                 {"memory_display", gpu["display"]},
                                 {"requests", c["requests"]},
                                 {"display", c["display"]},
                                 {"shortfall_bytes", c["shortfall_bytes"]}});
    }
    r["summary"] = s;
    return r;
}

constexpr ResultDecl kImportResult[] = {
    result::text("model_type"),
    result::object("spec"),
    result::exact("params"),
    result::display("params_display"),
    result::exact("mtp_params"),
    result::display("mtp_params_display"),
    result::exact("mtp_layers"),
    result::exact("kv_bytes_per_token"),
    result::display("kv_bytes_per_token_display"),
    result::nullable(result::text("checkpoint_dtype")),
    result::text("weight_dtype"),
    result::exact("checkpoint_bytes"),
    result::display("checkpoint_display"),
    result::text("shared_config_text"),
    result::object("summary"),
    result::notes(),
};
constexpr const char* kImportSamples[] = {
    R"({"op":"import_hf_config","config":{"model_type":"llama","hidden_size":4096,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":8,"vocab_size":128256,"intermediate_size":14336,"torch_dtype":"bfloat16"}})",
};

}  // namespace

const OpDef kImportHfConfigOp = {"import_hf_config", op_import_with_summary, kImportFields, kImportResult, kImportSamples};

}  // namespace tally::api
