// libFuzzer target for the whole entry, tally::api::evaluate(): each input is
// a request as a page or the CLI would send it (scripts/fuzz.sh evaluate).
// Every input must be answered with a JSON object carrying `ok`, and a
// refusal must carry a non-empty message; never a crash, hang, ASan or UBSan
// report.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "api/api.hpp"
#include "api/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string request(reinterpret_cast<const char*>(data), size);
    const auto response = tally::json::Value::parse(tally::api::evaluate(request), nullptr, false);
    if (response.is_discarded() || !response.is_object() || !response.contains("ok")) std::abort();
    if (!response["ok"].is_boolean()) std::abort();
    if (!response["ok"].get<bool>()) {
        const auto& error = response["error"];
        if (!error["message"].is_string() || error["message"].get<std::string>().empty()) std::abort();
    }
    return 0;
}
