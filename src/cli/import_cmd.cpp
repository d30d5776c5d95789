// `tally import path/to/config.json [--format md|json]`: imports a Hugging
// Face config.json with the import_hf_config op and prints the spec and a
// one-screen summary.  Every number comes from an op; this file only asks and
// prints.
#include "import_cmd.hpp"

#include <fstream>
#include <iostream>
#include <sstream>


#include "api/api.hpp"
#include "api/json_out.hpp"

namespace tally::cli {

namespace {

using Json = api::Json;

constexpr std::uint64_t kSummaryContext = 8192;  // the chapter's 8K

int fail(const std::string& message) {
    std::cerr << "tally import: " << message << "\n";
    return 2;
}

// One op call; an error becomes an exception carrying the op's message.
Json ask(const Json& request) {
    const Json response = Json::parse(api::evaluate(request.dump()));
    if (!response.value("ok", false)) {
        const Json& error = response["error"];
        std::string where = error["field"].is_string() ? error["field"].get<std::string>() + "：" : "";
        throw std::runtime_error(where + error["message"].get<std::string>());
    }
    return response["result"];
}

std::string text(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// The summary's numbers: 8K prefill, one decode step at 8K, and how many 8K
// requests fit on each catalog GPU (BF16 weights and KV, 2 GiB workspace).
Json summary_of(const Json& imported) {
    const Json& spec = imported["spec"];
    Json s;
    s["params"] = imported["params"];
    s["params_display"] = imported["params_display"];
    s["mtp_params"] = imported["mtp_params"];
    s["mtp_params_display"] = imported["mtp_params_display"];
    s["kv_bytes_per_token"] = imported["kv_bytes_per_token"];
    s["kv_bytes_per_token_display"] = imported["kv_bytes_per_token_display"];
    const Json prefill = ask({{"op", "forward"}, {"model", spec}, {"input", kSummaryContext}});
    s["prefill_8k_flops"] = prefill["total"];
    s["prefill_8k_display"] = prefill["display"];
    const Json decode = ask({{"op", "forward"}, {"model", spec}, {"context", kSummaryContext}});
    s["decode_8k_flops"] = decode["total"];
    s["decode_8k_display"] = decode["display"];
    s["capacity_8k"] = Json::array();
    const Json catalog = ask({{"op", "catalog"}});  // named: never range-for over a temporary's member
    for (const auto& gpu : catalog["gpus"]) {
        const Json c = ask({{"op", "capacity"}, {"model", spec}, {"gpu", gpu["id"]}, {"context", kSummaryContext}});
        s["capacity_8k"].push_back({{"gpu", gpu["id"]},
                                    {"name", gpu["name"]},
                                    {"memory_display", gpu["display"]},
                                    {"requests", c["requests"]},
                                    {"display", c["display"]},
                                    {"shortfall_bytes", c["shortfall_bytes"]}});
    }
    return s;
}

void print_markdown(const Json& imported, const Json& s) {
    const Json& spec = imported["spec"];
    std::cout << "## 匯入 " << text(spec["name"]) << "（model_type " << text(imported["model_type"]) << "）\n\n";
    std::cout << "- 參數（主模型）：" << text(s["params_display"]) << "\n";
    if (imported["mtp_layers"] != 0) std::cout << "- MTP 層參數（另計）：" << text(s["mtp_params_display"]) << "\n";
    std::cout << "- 每 token KV（BF16）：" << text(s["kv_bytes_per_token_display"]) << "（"
              << text(s["kv_bytes_per_token"]) << " B）\n";
    std::cout << "- 8K 預填（P = 8,192）：" << text(s["prefill_8k_display"]) << "\n";
    std::cout << "- 8K 解碼一步（S = 8,192）：" << text(s["decode_8k_display"]) << "\n";
    std::cout << "- 檢查點：" << text(imported["checkpoint_display"]) << "（" << text(imported["weight_dtype"]) << "）\n";
    std::cout << "\n| GPU | 記憶體 | 8K 請求數（BF16 權重與 KV、2 GiB 工作區） |\n|---|---:|---:|\n";
    for (const auto& row : s["capacity_8k"]) {
        std::cout << "| " << text(row["name"]) << " | " << text(row["memory_display"]) << " | " << text(row["display"])
                  << " |\n";
    }
    for (const auto& note : imported["notes"]) std::cout << "\n> " << text(note) << "\n";
    std::cout << "\n### 規格（可作為任何操作的 model）\n\n```json\n" << spec.dump(2, ' ', false) << "\n```\n";
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
    std::string path, format = "md";
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--format") {
            if (i + 1 >= args.size()) return fail("--format 缺少值（md 或 json）");
            format = args[++i];
            if (format != "md" && format != "json") return fail("--format 只接受 md 或 json，收到「" + format + "」");
        } else if (path.empty() && args[i].rfind("--", 0) != 0) {
            path = args[i];
        } else {
            return fail("無法理解的參數「" + args[i] + "」；用法：tally import path/to/config.json [--format md|json]");
        }
    }
    if (path.empty()) return fail("缺少 config.json 的路徑；用法：tally import path/to/config.json [--format md|json]");

    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("無法讀取檔案「" + path + "」");
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::size_t error_at = 0;
    const Json config = Json::parse(buffer.str(), error_at);
    if (config.is_discarded()) {
        return fail(path + " 不是有效的 JSON（第 " + std::to_string(error_at + 1) + " 個位元組附近）");
    }

    try {
        const Json imported = ask({{"op", "import_hf_config"}, {"config", config}});
        const Json summary = summary_of(imported);
        if (format == "json") {
            std::cout << Json{{"import", imported}, {"summary", summary}}.dump(2, ' ', false) << "\n";
        } else {
            print_markdown(imported, summary);
        }
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    return 0;
}

}  // namespace tally::cli
