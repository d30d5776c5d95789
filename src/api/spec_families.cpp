#include "spec_families.hpp"

#include "word_list.hpp"

namespace tally::api {

std::string attention_kinds() {
    return word_list({"gqa", "mha", "mqa", "gated_deltanet", "mla", "kda", "v4_window", "v4_csa", "v4_hca", "csa2"});
}

// Connections and parts are dispatched here by kind; the family files
// provide the parsers they call.
Connection parse_mhc_connection(const ObjectReader& r);
Connection parse_single_pass_mhc_connection(const ObjectReader& r);
Connection parse_attn_res_connection(const ObjectReader& r);
ModelPart parse_mhc_head(const ObjectReader& r);
ModelPart parse_mtp(const ObjectReader& r);

Connection parse_connection(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    const std::string kind = r.text("kind");
    if (kind == "residual") return PlainResidual{};
    if (kind == "mhc") return parse_mhc_connection(r);
    if (kind == "single_pass_mhc") return parse_single_pass_mhc_connection(r);
    if (kind == "attn_res") return parse_attn_res_connection(r);
    throw FieldError(r.at("kind"), msg::spec_connection_unknown, {{"field", r.at("kind")}, {"kind", kind}});
}

ModelPart parse_part(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    const std::string kind = r.text("kind");
    if (kind == "mhc_head") return parse_mhc_head(r);
    if (kind == "mtp") return parse_mtp(r);
    throw FieldError(r.at("kind"), msg::spec_part_unknown, {{"field", r.at("kind")}, {"kind", kind}});
}

}  // namespace tally::api
