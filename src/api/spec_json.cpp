#include "spec_json.hpp"

#include <algorithm>

#include "core/answer.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/stable_order.hpp"
#include "errors.hpp"
#include "object_reader.hpp"
#include "spec_families.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

GqaAttention parse_gqa(const ObjectReader& r, const std::string& kind) {
    r.only(
        {"kind", "q_heads", "kv_heads", "head_dim", "qk_norm", "qkv_bias", "o_bias", "output_gate", "eager_rectangle", "window"});
    GqaAttention a;
    a.q_heads = static_cast<u64>(r.integer("q_heads", 1, kMaxHeads));
    a.kv_heads = static_cast<u64>(r.integer("kv_heads", 1, kMaxHeads));
    a.head_dim = static_cast<u64>(r.integer("head_dim", 1, kMaxWidth));
    a.qk_norm = r.flag_or("qk_norm", false);
    a.qkv_bias = r.flag_or("qkv_bias", false);
    a.output_gate = r.flag_or("output_gate", false);
    a.eager_rectangle = r.flag_or("eager_rectangle", false);
    a.o_bias = r.flag_or("o_bias", false);
    a.window = static_cast<u64>(r.integer_or("window", 0, 0, kMaxWindow));
    if (a.window != 0 && a.eager_rectangle) {
        throw FieldError(r.at("window"), msg::spec_window_with_rectangle, {{"field", r.at("window")}});
    }
    if (a.q_heads % a.kv_heads != 0) {
        throw FieldError(r.at("kv_heads"), msg::spec_kv_heads_indivisible, {{"field", r.at("kv_heads")}});
    }
    if (kind == "mha" && a.kv_heads != a.q_heads) {
        throw FieldError(r.at("kv_heads"), msg::spec_mha_kv_heads, {{"field", r.at("kv_heads")}});
    }
    if (kind == "mqa" && a.kv_heads != 1) {
        throw FieldError(r.at("kv_heads"), msg::spec_mqa_kv_heads, {{"field", r.at("kv_heads")}});
    }
    return a;
}

GatedDeltaNet parse_gated_deltanet(const ObjectReader& r) {
    r.only({"kind", "qk_heads", "v_heads", "key_dim", "value_dim", "conv_kernel", "chunk"});
    GatedDeltaNet g;
    g.qk_heads = static_cast<u64>(r.integer("qk_heads", 1, kMaxHeads));
    g.v_heads = static_cast<u64>(r.integer("v_heads", 1, kMaxHeads));
    g.key_dim = static_cast<u64>(r.integer("key_dim", 1, kMaxWidth));
    g.value_dim = static_cast<u64>(r.integer("value_dim", 1, kMaxWidth));
    g.conv_kernel = static_cast<u64>(r.integer_or("conv_kernel", 4, 1, 64));
    g.chunk = static_cast<u64>(r.integer_or("chunk", 64, 1, 4096));
    if (g.v_heads % g.qk_heads != 0) {
        throw FieldError(r.at("qk_heads"), msg::spec_qk_heads_indivisible, {{"field", r.at("qk_heads")}});
    }
    return g;
}

Attention parse_attention(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    const std::string kind = r.text("kind");
    if (kind == "gqa" || kind == "mha" || kind == "mqa") return parse_gqa(r, kind);
    if (kind == "gated_deltanet") return parse_gated_deltanet(r);
    Attention family;
    if (parse_kimi_attention(kind, r, family) || parse_deepseek_v4_attention(kind, r, family) ||
        parse_deepseek_v41_attention(kind, r, family)) {
        return family;
    }
    throw FieldError(r.at("kind"), msg::spec_attention_unknown,
                     {{"field", r.at("kind")}, {"kind", kind}, {"available", attention_kinds()}});
}

Ffn parse_ffn(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    const std::string kind = r.text("kind");
    if (kind == "dense") {
        r.only({"kind", "intermediate"});
        DenseFfn f;
        f.intermediate = static_cast<u64>(r.integer("intermediate", 1, kMaxWidth));
        return f;
    }
    if (kind == "moe") {
        r.only({"kind", "experts", "top_k", "expert_intermediate", "shared_intermediate", "shared_gate", "latent", "hash_routing",
                "router_bias", "latent_norm", "source"});
        r.text_or("source", "");
        MoeFfn f;
        f.experts = static_cast<u64>(r.integer("experts", 1, kMaxExperts));
        f.top_k = static_cast<u64>(r.integer("top_k", 1, kMaxExperts));
        f.expert_intermediate = static_cast<u64>(r.integer("expert_intermediate", 1, kMaxWidth));
        f.shared_intermediate = static_cast<u64>(r.integer_or("shared_intermediate", 0, 0, kMaxWidth));
        f.shared_gate = r.flag_or("shared_gate", false);
        f.latent = static_cast<u64>(r.integer_or("latent", 0, 0, kMaxWidth));
        f.hash_routing = r.flag_or("hash_routing", false);
        f.router_bias = r.flag_or("router_bias", false);
        f.latent_norm = r.flag_or("latent_norm", false);
        if (f.latent_norm && f.latent == 0) {
            throw FieldError(r.at("latent_norm"), msg::spec_latent_norm_needs_latent, {{"field", r.at("latent_norm")}});
        }
        if (f.top_k > f.experts) {
            throw FieldError(r.at("top_k"), msg::spec_top_k_too_large, {{"field", r.at("top_k")}});
        }
        if (f.shared_gate && f.shared_intermediate == 0) {
            throw FieldError(r.at("shared_gate"), msg::spec_shared_gate_needs_shared, {{"field", r.at("shared_gate")}});
        }
        return f;
    }
    throw FieldError(r.at("kind"), msg::spec_ffn_unknown, {{"field", r.at("kind")}, {"kind", kind}});
}

// A group's layer positions: one distinct id per layer, ascending (so a
// typo shows as an order error, not as a silently different figure).
std::vector<u64> parse_layer_ids(const Json& j, const std::string& path, u64 layers) {
    if (!j.is_array() || j.size() != layers) {
        throw FieldError(path, msg::spec_layers_not_list, {{"field", path}, {"layers", std::to_string(layers)}});
    }
    std::vector<u64> ids;
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        if (!j[i].is_number_unsigned() || j[i].get<std::uint64_t>() >= kMaxLayers) {
            throw FieldError(at, msg::spec_layer_number_invalid, {{"field", at}});
        }
        const u64 id = j[i].get<std::uint64_t>();
        if (!ids.empty() && id <= ids.back()) throw FieldError(at, msg::spec_layer_numbers_unordered, {{"field", at}});
        ids.push_back(id);
    }
    return ids;
}

// Layer ids name positions in one stack: each below the layer count, none twice.
void check_layer_ids_unique(const ModelSpec& m, u64 layers, const std::string& path) {
    std::vector<u64> all;
    for (const auto& g : m.groups) all.insert(all.end(), g.layer_ids.begin(), g.layer_ids.end());
    sort_integers(all);
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i] >= layers) {
            throw FieldError(path, msg::spec_layer_number_too_large,
                             {{"field", path}, {"layer", std::to_string(all[i])}, {"layers", std::to_string(layers)}});
        }
        if (i > 0 && all[i] == all[i - 1])
            throw FieldError(path, msg::spec_layer_number_repeated, {{"field", path}, {"layer", std::to_string(all[i])}});
    }
}

// {"params", "label", "source"}: vector parameters a checkpoint's tensor
// inventory holds beyond those the mechanisms derive.
void parse_checkpoint_vectors(const ObjectReader& parent, ModelSpec& m) {
    ObjectReader r(parent.get("checkpoint_vectors"), parent.at("checkpoint_vectors"));
    r.only({"params", "label", "source"});
    m.checkpoint_vectors = static_cast<u64>(r.integer("params", 1, u128{1} << 40));
    m.checkpoint_vectors_label = r.text_or("label", render(msg::label_checkpoint_vectors));
    r.text_or("source", "");
}

}  // namespace

ModelSpec parse_model(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    r.only({"id", "name", "source", "partial", "hidden", "vocab", "tie_embeddings", "released_context", "ced_replay_window",
            "checkpoint_vectors", "groups", "parts"});
    ModelSpec m;
    m.id = r.text("id");
    m.name = r.text_or("name", m.id);
    m.source = r.text_or("source", "");
    m.partial = r.text_or("partial", "");
    // A partial model may leave out what the sources do not give.
    const bool whole = m.partial.empty();
    m.hidden = static_cast<u64>(whole ? r.integer("hidden", 1, kMaxWidth) : r.integer_or("hidden", 0, 0, kMaxWidth));
    m.vocab = static_cast<u64>(whole ? r.integer("vocab", 1, kMaxWidth) : r.integer_or("vocab", 0, 0, kMaxWidth));
    m.tie_embeddings = r.flag_or("tie_embeddings", false);
    m.released_context = static_cast<u64>(r.integer_or("released_context", 0, 0, u128{1} << 40));
    m.ced_replay_window = static_cast<u64>(r.integer_or("ced_replay_window", 0, 0, u128{1} << 20));
    if (r.has("checkpoint_vectors")) parse_checkpoint_vectors(r, m);
    const Json& groups = r.get("groups");
    if (!groups.is_array() || groups.empty()) {
        throw FieldError(r.at("groups"), msg::spec_groups_empty, {{"field", r.at("groups")}});
    }
    u128 layers = 0;
    for (size_t i = 0; i < groups.size(); ++i) {
        const std::string gp = r.at("groups") + "[" + std::to_string(i) + "]";
        ObjectReader g(groups[i], gp);
        g.only({"name", "layers", "role", "attention", "ffn", "connection", "engram", "post_norms", "layer_ids"});
        LayerGroup lg;
        lg.name = g.text_or("name", "");
        lg.layers = static_cast<u64>(g.integer("layers", 1, kMaxLayers));
        lg.attention = parse_attention(g.get("attention"), g.at("attention"));
        if (whole || g.has("ffn")) lg.ffn = parse_ffn(g.get("ffn"), g.at("ffn"));
        lg.post_norms = g.flag_or("post_norms", false);
        lg.role = g.text_or("role", "");
        if (!lg.role.empty() && lg.role != "encoder" && lg.role != "decoder") {
            throw FieldError(g.at("role"), msg::spec_role_unknown, {{"field", g.at("role")}});
        }
        if (g.has("connection")) lg.connection = parse_connection(g.get("connection"), g.at("connection"));
        if (g.has("engram")) lg.engram = parse_engram(g.get("engram"), g.at("engram"));
        if (g.has("layer_ids")) lg.layer_ids = parse_layer_ids(g.get("layer_ids"), g.at("layer_ids"), lg.layers);
        layers += lg.layers;
        m.groups.push_back(lg);
    }
    if (layers > kMaxLayers) throw FieldError(r.at("groups"), msg::spec_too_many_layers, {{"field", r.at("groups")}});
    check_layer_ids_unique(m, static_cast<u64>(layers), r.at("groups"));
    if (r.has("parts")) {
        const Json& parts = r.get("parts");
        if (!parts.is_array()) throw FieldError(r.at("parts"), msg::spec_parts_not_list, {{"field", r.at("parts")}});
        for (size_t i = 0; i < parts.size(); ++i) {
            m.parts.push_back(parse_part(parts[i], r.at("parts") + "[" + std::to_string(i) + "]"));
        }
    }
    return m;
}

namespace {

// A hardware rate or power: positive exact decimal text ("989.4"), at most
// 10^9 of its unit with six decimals, so products over it stay in 128 bits.
Ratio hardware_decimal(const ObjectReader& r, const std::string& key, const Ratio& unit) {
    const Json& v = r.get(key);
    Ratio value;
    const bool text = v.is_string() && parse_expected_decimal(v.get<std::string>(), value);
    if (!text || value == Ratio(0) || Ratio(1000000000) < value || 1000000 % value.den() != 0) {
        throw FieldError(r.at(key), msg::spec_not_decimal, {{"field", r.at(key)}});
    }
    return value * unit;
}

std::optional<Ratio> hardware_decimal_or(const ObjectReader& r, const std::string& key, const Ratio& unit) {
    if (!r.has(key)) return std::nullopt;
    return hardware_decimal(r, key, unit);
}

constexpr const char* kPeakFormats[] = {"bf16", "fp16", "fp16_fp16_accumulate", "fp8", "fp4", "fp32"};

void parse_gpu_rates(const ObjectReader& top, Gpu& g) {
    if (top.has("memory_bandwidth")) {
        ObjectReader r(top.get("memory_bandwidth"), top.at("memory_bandwidth"));
        r.only({"gb_per_second"});
        g.memory_bandwidth = hardware_decimal(r, "gb_per_second", kGiga);
    }
    if (top.has("dense_tflops")) {
        ObjectReader r(top.get("dense_tflops"), top.at("dense_tflops"));
        r.only({"bf16", "fp16", "fp16_fp16_accumulate", "fp8", "fp4", "fp32"});
        for (const char* format : kPeakFormats) {
            if (r.has(format)) g.dense_peaks.emplace_back(format, hardware_decimal(r, format, kTera));
        }
    }
    if (top.has("tdp")) {
        ObjectReader r(top.get("tdp"), top.at("tdp"));
        r.only({"watts"});
        g.tdp_watts = hardware_decimal(r, "watts", Ratio(1));
    }
    if (top.has("links")) {
        ObjectReader r(top.get("links"), top.at("links"));
        r.only({"nvlink_gb_per_second", "pcie_gb_per_second", "die_link_gb_per_second"});
        g.nvlink = hardware_decimal_or(r, "nvlink_gb_per_second", kGiga);
        g.pcie = hardware_decimal_or(r, "pcie_gb_per_second", kGiga);
        g.die_link = hardware_decimal_or(r, "die_link_gb_per_second", kGiga);
    }
}

void parse_gpu_build(const ObjectReader& top, Gpu& g) {
    if (top.has("sm")) {
        ObjectReader r(top.get("sm"), top.at("sm"));
        r.only({"count", "shared_memory_bytes"});
        g.sm_count = r.integer_or("count", 0, 1, 1 << 20);
        g.shared_memory_per_sm = r.integer_or("shared_memory_bytes", 0, 1, u128{1} << 40);
    }
    if (top.has("package")) {
        ObjectReader r(top.get("package"), top.at("package"));
        r.only({"dies", "hbm_stacks", "stack_bytes"});
        g.dies = r.integer("dies", 1, 1024);
        g.hbm_stacks = r.integer_or("hbm_stacks", 0, 1, 1024);
        g.stack_bytes = r.integer_or("stack_bytes", 0, 1, u128{1} << 50);
    }
}

}  // namespace

// One reader for every device file: the memory is required, each other
// group optional, every rate an exact decimal (content/schemas/hardware.schema.json).
Gpu parse_gpu(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    r.only({"id", "name", "aliases", "memory_bytes", "memory_bandwidth", "dense_tflops", "tdp", "links", "sm", "package"});
    Gpu g;
    g.id = r.text("id");
    g.name = r.text_or("name", g.id);
    if (r.has("aliases")) {
        const Json& list = r.get("aliases");
        if (!list.is_array()) throw FieldError(r.at("aliases"), msg::spec_not_text, {{"field", r.at("aliases")}});
        for (size_t i = 0; i < list.size(); ++i) {
            if (!list[i].is_string() || list[i].get<std::string>().empty()) {
                throw FieldError(r.at("aliases"), msg::spec_not_text, {{"field", r.at("aliases")}});
            }
            g.aliases.push_back(list[i].get<std::string>());
        }
    }
    g.memory_bytes = r.integer("memory_bytes", 1, u128{1} << 60);
    parse_gpu_rates(r, g);
    parse_gpu_build(r, g);
    return g;
}

Dtype parse_dtype(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    Dtype d;
    d.id = r.text("id");
    d.name = r.text_or("name", d.id);
    d.bits = static_cast<u64>(r.integer("bits", 1, 64));
    d.group_size = static_cast<u64>(r.integer_or("group_size", 0, 0, 1 << 20));
    d.scale_bytes = static_cast<u64>(r.integer_or("scale_bytes", 0, 0, 16));
    d.linear_only = r.flag_or("linear_only", false);
    if ((d.group_size == 0) != (d.scale_bytes == 0)) {
        throw FieldError(r.at("scale_bytes"), msg::spec_scale_needs_group, {{"field", r.at("scale_bytes")}});
    }
    return d;
}

}  // namespace tally::api
