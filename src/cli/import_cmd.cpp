// `tally import path/to/config.json [--format md|json]`: imports a Hugging
// Face config.json with the import_hf_config op and prints the spec and the
// op's one-screen summary.  Every number comes from the op; this file only
// asks and prints.
#include "import_cmd.hpp"

#include <fstream>
#include <iostream>
#include <sstream>


#include "api/api.hpp"
#include "api/json_out.hpp"

namespace tally::cli {

namespace {

using Json = api::Json;

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

// The summary is the op's (`summary`: 8K prefill, one decode step at 8K, 8K
// requests per catalog GPU), the same one the page's import dialog shows.
void print_markdown(const Json& imported) {
    const Json& spec = imported["spec"];
    const Json& s = imported["summary"];
    std::cout << "## 匯入 " << text(spec["name"]) << "（model_type " << text(imported["model_type"]) << "）\n\n";
    std::cout << "- 參數（主模型）：" << text(imported["params_display"]) << "\n";
    if (imported["mtp_layers"] != 0) std::cout << "- MTP 層參數（另計）：" << text(imported["mtp_params_display"]) << "\n";
    std::cout << "- 每 token KV（BF16）：" << text(imported["kv_bytes_per_token_display"]) << "（"
              << text(imported["kv_bytes_per_token"]) << " B）\n";
    std::cout << "- 8K 預填（P = 8,192）：" << text(s["prefill_display"]) << "\n";
    std::cout << "- 8K 解碼一步（S = 8,192）：" << text(s["decode_display"]) << "\n";
    std::cout << "- 檢查點：" << text(imported["checkpoint_display"]) << "（" << text(imported["weight_dtype"]) << "）\n";
    std::cout << "\n| GPU | 記憶體 | 8K 請求數（BF16 權重與 KV、2 GiB 工作區） |\n|---|---:|---:|\n";
    for (const auto& row : s["capacity"]) {
        std::cout << "| " << text(row["name"]) << " | " << text(row["memory_display"]) << " | " << text(row["display"])
                  << " |\n";
    }
    for (const auto& note : imported["notes"]) std::cout << "\n> " << text(note) << "\n";
    std::cout << "\n### 規格（可作為任何操作的 model）\n\n```json\n" << spec.dump(2) << "\n```\n";
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
    try {
        // The file's text as is: the op parses it and says where it stops being JSON.
        const Json imported = ask({{"op", "import_hf_config"}, {"config_text", buffer.str()}});
        if (format == "json") {
            std::cout << imported.dump(2) << "\n";
        } else {
            print_markdown(imported);
        }
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    return 0;
}

}  // namespace tally::cli
