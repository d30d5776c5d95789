// Spec parsing for DeepSeek V4-Flash parts: v4_window, v4_csa, v4_hca, mhc,
// mhc_head, mtp.
#include "spec_families.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxRatio = u128{1} << 20;
constexpr u128 kMaxOverlap = 16;
constexpr u128 kMaxStreams = 64;
constexpr u128 kMaxEntryBytes = u128{1} << 20;

bool is_v4_kind(const std::string& kind) { return kind == "v4_window" || kind == "v4_csa" || kind == "v4_hca"; }

// Keys a kind must not carry, with the reason named in the message.
void reject(const ObjectReader& r, std::initializer_list<const char*> keys, const std::string& why) {
    for (const char* k : keys) {
        if (r.has(k)) throw FieldError(r.at(k), msg::spec_field_not_applicable, {{"field", r.at(k)}, {"why", why}});
    }
}

// "production": the released cache formats (§2.3.6).
void parse_production(const ObjectReader& outer, V4Attention& a) {
    ObjectReader r(outer.get("production"), outer.at("production"));
    r.only({"entry_bytes", "index_bits", "index_group", "index_scale_bytes"});
    a.production_entry_bytes = static_cast<u64>(r.integer("entry_bytes", 1, kMaxEntryBytes));
    if (!a.indexed()) {
        reject(r, {"index_bits", "index_group", "index_scale_bytes"}, render(msg::why_no_indexer));
        return;
    }
    a.production_index_bits = static_cast<u64>(r.integer("index_bits", 1, 64));
    a.production_index_group = static_cast<u64>(r.integer_or("index_group", 0, 0, kMaxWidth));
    a.production_index_scale_bytes = static_cast<u64>(r.integer_or("index_scale_bytes", 0, 0, 16));
    if ((a.production_index_group == 0) != (a.production_index_scale_bytes == 0)) {
        throw FieldError(r.at("index_scale_bytes"), msg::spec_index_scale_needs_group, {{"field", r.at("index_scale_bytes")}});
    }
}

// `production` is required in the trunk: the production state layout needs it.
V4Attention parse_v4(const std::string& kind, const ObjectReader& r, bool need_production) {
    const bool csa = kind == "v4_csa", hca = kind == "v4_hca";
    if (kind == "v4_window") {
        reject(r, {"ratio", "overlap", "top_k", "index_heads", "index_head_dim"}, render(msg::why_window_only));
    }
    if (hca) {
        reject(r, {"top_k", "index_heads", "index_head_dim"}, render(msg::why_hca_reads_all));
    }
    r.only({"kind", "heads", "head_dim", "q_latent", "out_groups", "out_rank", "window", "ratio", "overlap", "top_k",
            "index_heads", "index_head_dim", "production"});
    V4Attention a;
    a.kind = csa ? V4Attention::Kind::Csa : hca ? V4Attention::Kind::Hca : V4Attention::Kind::Window;
    a.heads = static_cast<u64>(r.integer("heads", 1, kMaxHeads));
    a.head_dim = static_cast<u64>(r.integer("head_dim", 1, kMaxWidth));
    a.q_latent = static_cast<u64>(r.integer("q_latent", 1, kMaxWidth));
    a.out_groups = static_cast<u64>(r.integer("out_groups", 1, kMaxHeads));
    a.out_rank = static_cast<u64>(r.integer("out_rank", 1, kMaxWidth));
    a.window = static_cast<u64>(r.integer("window", 1, kMaxWidth));
    if (a.heads * a.head_dim > kMaxWidth * 16) {
        throw FieldError(r.at("heads"), msg::spec_heads_too_wide, {{"field", r.at("heads")}});
    }
    if (a.heads % a.out_groups != 0) {
        throw FieldError(r.at("out_groups"), msg::spec_out_groups_indivisible, {{"field", r.at("out_groups")}});
    }
    if (csa || hca) {
        a.ratio = static_cast<u64>(r.integer("ratio", 1, kMaxRatio));
        a.overlap = static_cast<u64>(r.integer_or("overlap", 1, 1, kMaxOverlap));
    }
    if (csa) {
        a.top_k = static_cast<u64>(r.integer("top_k", 1, kMaxWidth));
        a.index_heads = static_cast<u64>(r.integer("index_heads", 1, kMaxHeads));
        a.index_head_dim = static_cast<u64>(r.integer("index_head_dim", 1, kMaxWidth));
    }
    if (need_production || r.has("production")) {
        if (!r.has("production")) {
            throw FieldError(r.at("production"), msg::spec_production_missing, {{"field", r.at("production")}});
        }
        parse_production(r, a);
    }
    return a;
}

MhcConnection parse_mhc(const ObjectReader& r) {
    r.only({"kind", "streams", "sublayers"});
    MhcConnection c;
    c.streams = static_cast<u64>(r.integer("streams", 1, kMaxStreams));
    c.sublayers = static_cast<u64>(r.integer_or("sublayers", 2, 1, 8));
    return c;
}

MhcHead parse_head(const ObjectReader& r) {
    r.only({"kind", "streams"});
    MhcHead h;
    h.streams = static_cast<u64>(r.integer("streams", 1, kMaxStreams));
    return h;
}

}  // namespace

bool parse_deepseek_v4_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    if (!is_v4_kind(kind)) return false;
    out = parse_v4(kind, r, true);
    return true;
}

Connection parse_mhc_connection(const ObjectReader& r) { return parse_mhc(r); }

ModelPart parse_mhc_head(const ObjectReader& r) { return parse_head(r); }

ModelPart parse_mtp(const ObjectReader& r) {
    r.only({"kind", "embed_proj", "hidden_proj", "attention", "ffn", "connection", "head"});
    MtpBlock b;
    b.embed_proj = r.flag_or("embed_proj", true);
    const std::string hidden = r.text_or("hidden_proj", "per_stream");
    if (hidden != "per_stream" && hidden != "once") {
        throw FieldError(r.at("hidden_proj"), msg::spec_hidden_proj_unknown, {{"field", r.at("hidden_proj")}, {"value", hidden}});
    }
    b.hidden_proj_per_stream = hidden == "per_stream";

    ObjectReader a(r.get("attention"), r.at("attention"));
    const std::string kind = a.text("kind");
    if (!is_v4_kind(kind)) {
        throw FieldError(a.at("kind"), msg::spec_mtp_attention_unknown, {{"field", a.at("kind")}, {"kind", kind}});
    }
    b.attention = parse_v4(kind, a, false);

    ObjectReader f(r.get("ffn"), r.at("ffn"));
    f.only({"kind", "experts", "top_k", "expert_intermediate", "shared_intermediate"});
    if (f.has("kind") && f.text("kind") != "moe") {
        throw FieldError(f.at("kind"), msg::spec_mtp_ffn_moe_only, {{"field", f.at("kind")}});
    }
    b.experts = static_cast<u64>(f.integer("experts", 1, kMaxExperts));
    b.top_k = static_cast<u64>(f.integer("top_k", 1, kMaxExperts));
    b.expert_intermediate = static_cast<u64>(f.integer("expert_intermediate", 1, kMaxWidth));
    b.shared_intermediate = static_cast<u64>(f.integer_or("shared_intermediate", 0, 0, kMaxWidth));
    if (b.top_k > b.experts) {
        throw FieldError(f.at("top_k"), msg::spec_top_k_too_large, {{"field", f.at("top_k")}});
    }

    ObjectReader c(r.get("connection"), r.at("connection"));
    if (c.text("kind") != "mhc") throw FieldError(c.at("kind"), msg::spec_mtp_connection_mhc_only, {{"field", c.at("kind")}});
    b.connection = parse_mhc(c);
    ObjectReader h(r.get("head"), r.at("head"));
    if (h.text("kind") != "mhc_head") throw FieldError(h.at("kind"), msg::spec_mtp_head_only, {{"field", h.at("kind")}});
    b.head = parse_head(h);
    if (b.head.streams != b.connection.streams) {
        throw FieldError(h.at("streams"), msg::spec_head_streams_mismatch,
                         {{"field", h.at("streams")}, {"streams_field", c.at("streams")}});
    }
    return b;
}

}  // namespace tally::api
