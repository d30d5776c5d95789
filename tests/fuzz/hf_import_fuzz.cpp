// libFuzzer target for the config.json importer.  Each input is taken as the
// text of a config.json and sent through evaluate() exactly as a page or the
// CLI would send it; when the import succeeds, the spec it returns is run
// through a cheap op as well.  The bytes are also sent as `config_text`.  evaluate() must answer every input with a
// JSON object carrying `ok`, never crash, hang or trip ASan/UBSan.
//
// Built and run by scripts/fuzz-import.sh (clang, -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "api/api.hpp"

namespace {

using Json = nlohmann::ordered_json;

Json checked(const std::string& request) {
    const Json response = Json::parse(tally::api::evaluate(request), nullptr, false);
    if (response.is_discarded() || !response.is_object() || !response.contains("ok")) std::abort();
    return response;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    // The config goes in as raw JSON text inside the request, so malformed
    // configs exercise the request parser and well-formed ones the importer.
    const Json response = checked("{\"op\":\"import_hf_config\",\"config\":" + text + "}");
    if (response.value("ok", false)) {
        const Json& spec = response["result"]["spec"];
        checked(Json{{"op", "kv"}, {"model", spec}, {"tokens", 8192}}.dump());
        checked(Json{{"op", "forward"}, {"model", spec}, {"context", 8192}}.dump());
    }
    // The same bytes as `config_text`, the way the import dialog sends a pasted
    // or uploaded file: the core parses the text itself and reports line/byte.
    // Bytes that are not UTF-8 cannot be a JSON string: they go in replaced
    // (nlohmann's dump would throw on them, and the harness, not the core,
    // would crash).  The raw bytes are tried above as `config`.
    const Json as_text{{"op", "import_hf_config"}, {"config_text", text}};
    checked(as_text.dump(-1, ' ', false, Json::error_handler_t::replace));
    return 0;
}
