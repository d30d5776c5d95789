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
#include "core/messages.hpp"

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
        const std::string message = error["message"].get<std::string>();
        throw std::runtime_error(
            error["field"].is_string()
                ? render(msg::cli_field_prefix, {{"field", error["field"].get<std::string>()}, {"message", message}})
                : message);
    }
    return response["result"];
}

std::string text(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// The summary is the op's (`summary`: 8K prefill, one decode step at 8K, 8K
// requests per catalog GPU), the same one the page's import dialog shows.
void print_markdown(const Json& imported) {
    const Json& spec = imported["spec"];
    const Json& s = imported["summary"];
    std::cout << render(msg::import_md_title, {{"name", text(spec["name"])}, {"model_type", text(imported["model_type"])}})
              << "\n\n";
    std::cout << render(msg::import_md_params, {{"value", text(imported["params_display"])}}) << "\n";
    if (imported["mtp_layers"] != 0) {
        std::cout << render(msg::import_md_mtp_params, {{"value", text(imported["mtp_params_display"])}}) << "\n";
    }
    std::cout << render(msg::import_md_kv_per_token, {{"value", text(imported["kv_bytes_per_token_display"])},
                                                      {"bytes", text(imported["kv_bytes_per_token"])}})
              << "\n";
    std::cout << render(msg::import_md_prefill, {{"value", text(s["prefill_display"])}}) << "\n";
    std::cout << render(msg::import_md_decode, {{"value", text(s["decode_display"])}}) << "\n";
    std::cout << render(msg::import_md_checkpoint,
                        {{"value", text(imported["checkpoint_display"])}, {"dtype", text(imported["weight_dtype"])}})
              << "\n";
    std::cout << "\n" << render(msg::import_md_capacity_head) << "\n|---|---:|---:|\n";
    for (const auto& row : s["capacity"]) {
        std::cout << "| " << text(row["name"]) << " | " << text(row["memory_display"]) << " | " << text(row["display"]) << " |\n";
    }
    for (const auto& note : imported["notes"]) std::cout << "\n> " << text(note) << "\n";
    std::cout << "\n" << render(msg::import_md_spec_head) << "\n\n```json\n" << spec.dump(2) << "\n```\n";
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
    std::string path, format = "md";
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--format") {
            if (i + 1 >= args.size()) return fail(render(msg::cli_import_format_missing));
            format = args[++i];
            if (format != "md" && format != "json") return fail(render(msg::cli_format_unknown, {{"format", format}}));
        } else if (path.empty() && args[i].rfind("--", 0) != 0) {
            path = args[i];
        } else {
            return fail(render(msg::cli_import_argument_unknown, {{"argument", args[i]}}));
        }
    }
    if (path.empty()) return fail(render(msg::cli_import_path_missing));

    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(render(msg::cli_file_unreadable, {{"path", path}}));
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
