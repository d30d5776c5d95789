// Spec parsing for DeepSeek V4.1 Flash parts: csa2, single_pass_mhc, engram.
#include "spec_families.hpp"

namespace tally::api {

bool parse_deepseek_v41_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    (void)out;
    if (kind != "csa2") return false;
    throw FieldError(r.at("kind"), r.at("kind") + "「csa2」尚未實作");
}

Connection parse_single_pass_mhc_connection(const ObjectReader& r) {
    throw FieldError(r.at("kind"), r.at("kind") + "「single_pass_mhc」尚未實作");
}

EngramBranch parse_engram(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    throw FieldError(path, path + " 尚未實作");
}

}  // namespace tally::api
