// Spec parsing for DeepSeek V4-Flash parts: v4_window, v4_csa, v4_hca, mhc,
// mhc_head, mtp.
#include "spec_families.hpp"

namespace tally::api {

bool parse_deepseek_v4_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    (void)out;
    if (kind != "v4_window" && kind != "v4_csa" && kind != "v4_hca") return false;
    throw FieldError(r.at("kind"), r.at("kind") + "「" + kind + "」尚未實作");
}

Connection parse_mhc_connection(const ObjectReader& r) {
    throw FieldError(r.at("kind"), r.at("kind") + "「mhc」尚未實作");
}

ModelPart parse_mhc_head(const ObjectReader& r) {
    throw FieldError(r.at("kind"), r.at("kind") + "「mhc_head」尚未實作");
}

ModelPart parse_mtp(const ObjectReader& r) {
    throw FieldError(r.at("kind"), r.at("kind") + "「mtp」尚未實作");
}

}  // namespace tally::api
