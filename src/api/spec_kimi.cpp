// Spec parsing for Kimi K3 / DeepSeek-V3 parts: mla, kda, attn_res.
#include "spec_families.hpp"

namespace tally::api {

bool parse_kimi_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    (void)r;
    (void)out;
    if (kind != "mla" && kind != "kda") return false;
    throw FieldError(r.at("kind"), r.at("kind") + "「" + kind + "」尚未實作");
}

Connection parse_attn_res_connection(const ObjectReader& r) {
    throw FieldError(r.at("kind"), r.at("kind") + "「attn_res」尚未實作");
}

}  // namespace tally::api
