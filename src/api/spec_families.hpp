// Parsers for the family-specific parts of a model spec.  Each family keeps
// its parser in its own file (spec_kimi.cpp, spec_deepseek_v4.cpp,
// spec_deepseek_v41.cpp); spec_json.cpp asks each in turn.
#pragma once

#include <string>

#include "core/spec.hpp"
#include "object_reader.hpp"

namespace tally::api {

// Every attention kind a spec may name, listed in the request's language for error messages.
std::string attention_kinds();

// Each returns true and fills `out` when `kind` belongs to its family.
bool parse_kimi_attention(const std::string& kind, const ObjectReader& r, Attention& out);
bool parse_deepseek_v4_attention(const std::string& kind, const ObjectReader& r, Attention& out);
bool parse_deepseek_v41_attention(const std::string& kind, const ObjectReader& r, Attention& out);

// "connection": {"kind": "mhc" | "single_pass_mhc" | "attn_res" | "residual", …}
Connection parse_connection(const Json& j, const std::string& path);

// "engram": {…} on V4.1's Engram layers.
EngramBranch parse_engram(const Json& j, const std::string& path);

// "parts": [{"kind": "mhc_head" | "mtp", …}]
ModelPart parse_part(const Json& j, const std::string& path);

}  // namespace tally::api
