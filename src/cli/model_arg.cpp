// See model_arg.hpp. Which of the three a file is, is decided by its keys;
// the core validates whatever is sent (a spec's errors name its JSON path).
#include "model_arg.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "api/api.hpp"
#include "core/messages.hpp"

namespace tally::cli {

using Json = api::Json;

bool names_a_file(const std::string& value) {
    const std::string ext = ".json";
    const bool json_suffix = value.size() > ext.size() && value.compare(value.size() - ext.size(), ext.size(), ext) == 0;
    return json_suffix || value.find('/') != std::string::npos || value.find('\\') != std::string::npos;
}

Json model_from_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(render(msg::cli_file_unreadable, {{"path", path}}));
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const Json parsed = Json::parse(text, nullptr, false);
    // A Tally spec lists layer groups; `tally import --format json` wraps one in "spec".
    if (parsed.is_object() && parsed.contains("groups")) return parsed;
    if (parsed.is_object() && parsed.contains("spec") && parsed.contains("shared_config_text")) return parsed["spec"];
    // Anything else is read as a Hugging Face config, as is: the op says where it
    // stops being JSON or which field it refuses.
    Json request;
    request["op"] = "import_hf_config";
    request["config_text"] = text;
    const Json response = Json::parse(api::evaluate(request.dump()));
    if (!response.value("ok", false)) {
        // The op's message names the config field (config.model_type …) itself.
        throw std::runtime_error(
            render(msg::cli_file_refused, {{"path", path}, {"message", response["error"]["message"].get<std::string>()}}));
    }
    return response["result"]["spec"];
}

}  // namespace tally::cli
