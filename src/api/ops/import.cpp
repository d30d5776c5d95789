// The import_hf_config op: a Hugging Face config.json read into a spec, plus its
// one-screen summary computed by the other ops on the imported spec.
#include "all_ops.hpp"

#include "api/hf_import.hpp"

namespace tally::api {

namespace {

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
        const Json c = kCapacityOp.run({{"op", "capacity"}, {"model", spec}, {"gpu", gpu["id"]}, {"context", kImportSummaryContext}});
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

}  // namespace

const OpDef kImportHfConfigOp = {"import_hf_config", op_import_with_summary};

}  // namespace tally::api
