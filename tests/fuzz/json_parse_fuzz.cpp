// libFuzzer target for the JSON parser (src/api/json), inputs up to 1 MiB
// (scripts/fuzz.sh json_parse).  Every input is parsed; a refusal must say
// which rule it broke, and an accepted document must dump to text that
// parses back to an equal value and dumps to the same text again.  Keys of
// every object must be found through the index.  Any crash, hang, ASan or
// UBSan report is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "api/json.hpp"

namespace {

using tally::json::ParseError;
using tally::json::ParseProblem;
using tally::json::Value;

// Each key of each object is found at its own place (the index agrees with
// the order of the members).
void keys_are_found(const Value& v) {
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (&v.at(it.key()) != &*it) std::abort();
        }
    }
    if (v.is_object() || v.is_array()) {
        for (const Value& child : v) keys_are_found(child);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ParseError error;
    const Value v = Value::parse(text, error);
    if (v.is_discarded()) {
        if (error.problem == ParseProblem::None || error.offset > size) std::abort();
        if (error.problem == ParseProblem::DuplicateKey && text.find('"') == std::string_view::npos) std::abort();
        return 0;
    }
    if (error.problem != ParseProblem::None) std::abort();
    keys_are_found(v);
    const std::string once = v.dump();
    const Value again = Value::parse(once, nullptr, false);
    if (again.is_discarded() || !(again == v) || again.dump() != once) std::abort();
    if (Value::parse(v.dump(2), nullptr, false) != v) std::abort();
    return 0;
}
