// Spec parsing for Kimi K3 / DeepSeek-V3 parts: mla, kda, attn_res.
#include "spec_families.hpp"

namespace tally::api {

namespace {

MlaAttention parse_mla(const ObjectReader& r) {
    r.only({"kind", "heads", "q_lora_rank", "kv_lora_rank", "rope_dim", "rope", "qk_nope_dim", "v_head_dim", "output_gate",
            "latent_norms", "path", "source"});
    r.text_or("source", "");
    MlaAttention a;
    a.heads = static_cast<u64>(r.integer("heads", 1, kMaxHeads));
    a.q_lora_rank = static_cast<u64>(r.integer_or("q_lora_rank", 0, 0, kMaxWidth));
    a.kv_lora_rank = static_cast<u64>(r.integer("kv_lora_rank", 1, kMaxWidth));
    a.rope_dim = static_cast<u64>(r.integer_or("rope_dim", 0, 0, kMaxWidth));
    a.rope = r.flag_or("rope", true);
    a.qk_nope_dim = static_cast<u64>(r.integer("qk_nope_dim", 1, kMaxWidth));
    a.v_head_dim = static_cast<u64>(r.integer("v_head_dim", 1, kMaxWidth));
    a.output_gate = r.flag_or("output_gate", false);
    a.latent_norms = r.flag_or("latent_norms", false);
    const std::string path = r.text_or("path", "compact");
    if (path == "compact") {
        a.path = MlaPath::Compact;
    } else if (path == "expanded") {
        a.path = MlaPath::Expanded;
    } else {
        throw FieldError(r.at("path"), msg::spec_mla_path_unknown, {{"field", r.at("path")}, {"path", path}});
    }
    if (r.has("rope") && a.rope_dim == 0) {
        throw FieldError(r.at("rope"), msg::spec_rope_without_branch, {{"field", r.at("rope")}});
    }
    const u128 q_width = mul(a.heads, a.qk_head_dim()), kv_width = mul(a.heads, a.qk_nope_dim + a.v_head_dim);
    if (q_width > kMaxWidth || kv_width > kMaxWidth) {
        throw FieldError(r.at("heads"), msg::spec_mla_too_wide,
                         {{"field", r.at("heads")}, {"max_width", group_thousands(kMaxWidth)}});
    }
    // A latent at least as wide as what it expands to compresses nothing.
    if (a.kv_lora_rank >= kv_width) {
        throw FieldError(r.at("kv_lora_rank"), msg::spec_kv_lora_rank_too_large,
                         {{"field", r.at("kv_lora_rank")},
                          {"kv_lora_rank", group_thousands(a.kv_lora_rank)},
                          {"kv_width", group_thousands(kv_width)}});
    }
    if (a.q_lora_rank != 0 && a.q_lora_rank >= q_width) {
        throw FieldError(r.at("q_lora_rank"), msg::spec_q_lora_rank_too_large,
                         {{"field", r.at("q_lora_rank")},
                          {"q_lora_rank", group_thousands(a.q_lora_rank)},
                          {"q_width", group_thousands(q_width)}});
    }
    return a;
}

KdaAttention parse_kda(const ObjectReader& r) {
    r.only({"kind", "heads", "key_dim", "value_dim", "decay_rank", "conv_kernel", "chunk", "output_gate", "output_norm",
            "decay_vectors", "source"});
    r.text_or("source", "");
    KdaAttention k;
    k.heads = static_cast<u64>(r.integer("heads", 1, kMaxHeads));
    k.key_dim = static_cast<u64>(r.integer("key_dim", 1, kMaxWidth));
    k.value_dim = static_cast<u64>(r.integer("value_dim", 1, kMaxWidth));
    k.decay_rank = static_cast<u64>(r.integer("decay_rank", 1, kMaxWidth));
    k.conv_kernel = static_cast<u64>(r.integer_or("conv_kernel", 4, 1, 64));
    k.chunk = static_cast<u64>(r.integer_or("chunk", 64, 1, 4096));
    k.output_gate = r.flag_or("output_gate", true);
    k.output_norm = r.flag_or("output_norm", false);
    k.decay_vectors = r.flag_or("decay_vectors", false);
    const u128 key_width = mul(k.heads, k.key_dim), value_width = mul(k.heads, k.value_dim);
    if (key_width > kMaxWidth || value_width > kMaxWidth) {
        throw FieldError(r.at("heads"), msg::spec_kda_too_wide,
                         {{"field", r.at("heads")}, {"max_width", group_thousands(kMaxWidth)}});
    }
    // The decay is a low-rank factorization of a d → heads·key_dim map.
    if (k.decay_rank >= key_width) {
        throw FieldError(r.at("decay_rank"), msg::spec_decay_rank_too_large,
                         {{"field", r.at("decay_rank")},
                          {"decay_rank", group_thousands(k.decay_rank)},
                          {"key_width", group_thousands(key_width)}});
    }
    return k;
}

}  // namespace

bool parse_kimi_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    if (kind == "mla") {
        out = parse_mla(r);
        return true;
    }
    if (kind == "kda") {
        out = parse_kda(r);
        return true;
    }
    return false;
}

Connection parse_attn_res_connection(const ObjectReader& r) {
    r.only({"kind", "block_layers", "embedding_source", "key_norm", "layout_assumed", "source"});
    r.text_or("source", "");
    AttnResConnection a;
    a.block_layers = static_cast<u64>(r.integer("block_layers", 1, kMaxLayers));
    a.embedding_source = r.flag_or("embedding_source", true);
    a.key_norm = r.flag_or("key_norm", false);
    a.layout_assumed = r.flag_or("layout_assumed", false);
    return a;
}

}  // namespace tally::api
