// Hugging Face config.json → Tally spec.
//
// Each supported model_type is a row of kFamilies: what the family's config
// fields mean (defaults as in transformers' config classes, biases, norms,
// which layers slide and which are MoE).  The importer describes every layer,
// groups identical layers, writes the spec as JSON and then parses it back
// with the same parser as content/models, so the spec it returns is exactly
// what the other ops will read.
#include "hf_import.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "catalog.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/params.hpp"
#include "core/state.hpp"
#include "fields.hpp"
#include "hf_config_reader.hpp"
#include "json_errors.hpp"
#include "object_reader.hpp"
#include "spec_json.hpp"
#include "word_list.hpp"

namespace tally::api {

const char* const kHfModelTypes[12] = {"llama",     "mistral",     "mixtral",     "qwen2", "qwen2_moe", "qwen3",
                                       "qwen3_moe", "deepseek_v2", "deepseek_v3", "gemma", "gemma2",    "phi3"};

namespace {

enum class Windows {
    None,         // full attention everywhere (llama, gemma)
    AllLayers,    // sliding_window, when given, applies to every layer (mistral, mixtral, phi3)
    UpperLayers,  // use_sliding_window: layers from max_window_layers on slide (qwen2/qwen3 families)
    EvenLayers,   // layers 0, 2, 4, … slide (gemma2)
};

enum class Moe {
    None,
    Mixtral,   // num_local_experts, every layer
    Qwen,      // num_experts, decoder_sparse_step, mlp_only_layers (+ shared expert for qwen2_moe)
    DeepSeek,  // n_routed_experts, first_k_dense_replace, moe_layer_freq, n_shared_experts
};

struct Family {
    const char* model_type;
    const char* label;
    bool mla;              // DeepSeek's multi-head latent attention instead of GQA
    bool tied_default;     // tie_word_embeddings when the config omits it
    u64 head_dim_default;  // 0: hidden_size / num_attention_heads
    bool qkv_bias;         // Q/K/V biases always present (qwen2, qwen2_moe)
    bool attention_bias;   // reads attention_bias (biases on Q, K, V and O)
    bool qk_norm;          // per-head RMSNorm on Q and K (qwen3)
    bool post_norms;       // four norms per layer (gemma2)
    bool geglu;            // GELU-gated FFN: same three matrices as SwiGLU
    Windows windows;
    Moe moe;
    bool shared_expert;  // qwen2_moe's gated shared expert
};

// Defaults follow transformers' configuration classes.
const Family kFamilies[] = {
    {"llama", "Llama", false, false, 0, false, true, false, false, false, Windows::None, Moe::None, false},
    {"mistral", "Mistral", false, false, 0, false, false, false, false, false, Windows::AllLayers, Moe::None, false},
    {"mixtral", "Mixtral", false, false, 0, false, false, false, false, false, Windows::AllLayers, Moe::Mixtral, false},
    {"qwen2", "Qwen2", false, false, 0, true, false, false, false, false, Windows::UpperLayers, Moe::None, false},
    {"qwen2_moe", "Qwen2-MoE", false, false, 0, true, false, false, false, false, Windows::UpperLayers, Moe::Qwen, true},
    {"qwen3", "Qwen3", false, false, 128, false, true, true, false, false, Windows::UpperLayers, Moe::None, false},
    {"qwen3_moe", "Qwen3-MoE", false, false, 0, false, true, true, false, false, Windows::UpperLayers, Moe::Qwen, false},
    {"deepseek_v2", "DeepSeek-V2", true, false, 0, false, false, false, false, false, Windows::None, Moe::DeepSeek, false},
    {"deepseek_v3", "DeepSeek-V3", true, false, 0, false, false, false, false, false, Windows::None, Moe::DeepSeek, false},
    {"gemma", "Gemma", false, true, 256, false, true, false, false, true, Windows::None, Moe::None, false},
    {"gemma2", "Gemma 2", false, true, 256, false, true, false, true, true, Windows::EvenLayers, Moe::None, false},
    {"phi3", "Phi-3", false, false, 0, false, false, false, false, false, Windows::AllLayers, Moe::None, false},
};

std::string supported_list() { return word_list(kHfModelTypes); }

const Family& family_of(const ConfigReader& c) {
    const std::string type = c.text("model_type");
    for (const auto& f : kFamilies) {
        if (type == f.model_type) return f;
    }
    throw FieldError(ConfigReader::at("model_type"), msg::config_model_type_unsupported,
                     {{"model_type", quoted_value(type)}, {"supported", supported_list()}});
}

// The parts of a config every family shares.
struct Trunk {
    u64 hidden = 0, layers = 0, vocab = 0, heads = 0, kv_heads = 0, head_dim = 0;
    bool tied = false;
    u64 released_context = 0;
};

Trunk read_trunk(const ConfigReader& c, const Family& f) {
    Trunk t;
    t.hidden = static_cast<u64>(c.integer("hidden_size", 1, kMaxWidth));
    t.layers = static_cast<u64>(c.integer("num_hidden_layers", 1, kMaxLayers));
    t.vocab = static_cast<u64>(c.integer("vocab_size", 1, kMaxWidth));
    t.heads = static_cast<u64>(c.integer("num_attention_heads", 1, kMaxHeads));
    t.kv_heads = static_cast<u64>(c.integer_or("num_key_value_heads", t.heads, 1, kMaxHeads));
    t.tied = c.flag_or("tie_word_embeddings", f.tied_default);
    t.released_context = static_cast<u64>(c.integer_or("max_position_embeddings", 0, 0, u128{1} << 40));
    if (f.mla) return t;  // MLA has its own per-head widths
    if (t.heads % t.kv_heads != 0) {
        throw FieldError(ConfigReader::at("num_key_value_heads"), msg::config_kv_heads_indivisible,
                         {{"kv_heads", group_thousands(t.kv_heads)}, {"heads", group_thousands(t.heads)}});
    }
    if (c.given("head_dim")) {
        t.head_dim = static_cast<u64>(c.integer("head_dim", 1, kMaxWidth));
    } else if (f.head_dim_default != 0) {
        t.head_dim = f.head_dim_default;
    } else {
        // Only when the config gives no head_dim does transformers use hidden / heads.
        if (t.hidden % t.heads != 0) {
            throw FieldError(ConfigReader::at("num_attention_heads"), msg::config_head_dim_needed,
                             {{"heads", group_thousands(t.heads)}, {"hidden", group_thousands(t.hidden)}});
        }
        t.head_dim = t.hidden / t.heads;
    }
    if (mul(t.heads, t.head_dim) > kMaxWidth) {
        throw FieldError(ConfigReader::at("head_dim"), msg::config_attention_too_wide,
                         {{"max_width", group_thousands(kMaxWidth)}});
    }
    return t;
}

// One layer's shape: its window (0 = full attention) and whether it is MoE.
struct LayerKind {
    u64 window = 0;
    bool moe = false;
    bool operator<(const LayerKind& o) const { return window != o.window ? window < o.window : moe < o.moe; }
    bool operator==(const LayerKind& o) const { return window == o.window && moe == o.moe; }
};

u64 sliding_window_of(const ConfigReader& c) { return static_cast<u64>(c.integer("sliding_window", 1, kMaxWindow)); }

// Windows from the explicit per-layer list newer configs carry.
std::vector<u64> windows_from_layer_types(const ConfigReader& c, u64 layers) {
    const Json& types = c.array("layer_types");
    if (types.size() != layers) {
        throw FieldError(ConfigReader::at("layer_types"), msg::config_layer_types_count,
                         {{"count", std::to_string(types.size())}, {"layers", std::to_string(layers)}});
    }
    std::vector<u64> out;
    for (size_t i = 0; i < types.size(); ++i) {
        const std::string where = "config.layer_types[" + std::to_string(i) + "]";
        const std::string type = types[i].is_string() ? types[i].get<std::string>() : "";
        if (type == "full_attention") {
            out.push_back(0);
        } else if (type == "sliding_attention") {
            out.push_back(sliding_window_of(c));
        } else {
            throw FieldError(where, msg::config_layer_type_unknown,
                             {{"field", where}, {"received", ConfigReader::received(types[i])}});
        }
    }
    return out;
}

std::vector<u64> layer_windows(const ConfigReader& c, const Family& f, u64 layers) {
    std::vector<u64> w(layers, 0);
    if (f.windows == Windows::None) return w;
    if (c.given("layer_types")) return windows_from_layer_types(c, layers);
    switch (f.windows) {
        case Windows::AllLayers:
            if (c.given("sliding_window")) std::fill(w.begin(), w.end(), sliding_window_of(c));
            break;
        case Windows::UpperLayers:
            if (c.flag_or("use_sliding_window", false)) {
                const u64 first = static_cast<u64>(c.integer_or("max_window_layers", layers, 0, kMaxLayers));
                const u64 window = sliding_window_of(c);
                for (u64 i = first; i < layers; ++i) w[i] = window;
            }
            break;
        case Windows::EvenLayers:
            if (c.given("sliding_window")) {
                const u64 window = sliding_window_of(c);
                for (u64 i = 0; i < layers; i += 2) w[i] = window;
            }
            break;
        case Windows::None: break;
    }
    return w;
}

// The routed-expert FFN and which layers use it.
struct MoeShape {
    u64 experts = 0, top_k = 0, expert_intermediate = 0, shared_intermediate = 0;
    bool shared_gate = false, router_bias = false;
    std::vector<char> is_moe;  // not vector<bool>: its bit packing is 2 KB of the browser module's code
};

u64 experts_and_top_k(const ConfigReader& c, const std::string& experts_key, MoeShape& m) {
    m.experts = static_cast<u64>(c.integer(experts_key, 1, kMaxExperts));
    m.top_k = static_cast<u64>(c.integer("num_experts_per_tok", 1, kMaxExperts));
    if (m.top_k > m.experts) {
        throw FieldError(
            ConfigReader::at("num_experts_per_tok"), msg::config_top_k_too_large,
            {{"top_k", group_thousands(m.top_k)}, {"experts_key", experts_key}, {"experts", group_thousands(m.experts)}});
    }
    return m.experts;
}

std::set<u64> mlp_only_layers(const ConfigReader& c, u64 layers) {
    std::set<u64> out;
    if (!c.given("mlp_only_layers")) return out;
    const Json& list = c.array("mlp_only_layers");
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string where = "config.mlp_only_layers[" + std::to_string(i) + "]";
        out.insert(static_cast<u64>(ConfigReader::integer_value(list[i], where, 0, layers - 1)));
    }
    return out;
}

MoeShape read_moe(const ConfigReader& c, const Family& f, u64 layers) {
    MoeShape m;
    m.is_moe.assign(layers, 0);
    switch (f.moe) {
        case Moe::None: return m;
        case Moe::Mixtral:
            experts_and_top_k(c, "num_local_experts", m);
            m.expert_intermediate = static_cast<u64>(c.integer("intermediate_size", 1, kMaxWidth));
            m.is_moe.assign(layers, 1);
            return m;
        case Moe::Qwen: {
            if (!c.given("num_experts")) return m;  // a dense checkpoint of a MoE family
            experts_and_top_k(c, "num_experts", m);
            m.expert_intermediate = static_cast<u64>(c.integer("moe_intermediate_size", 1, kMaxWidth));
            if (f.shared_expert) {
                m.shared_intermediate = static_cast<u64>(c.integer("shared_expert_intermediate_size", 0, kMaxWidth));
                m.shared_gate = m.shared_intermediate != 0;
            }
            const u64 step = static_cast<u64>(c.integer_or("decoder_sparse_step", 1, 1, kMaxLayers));
            const std::set<u64> dense = mlp_only_layers(c, layers);
            for (u64 i = 0; i < layers; ++i) m.is_moe[i] = dense.count(i) == 0 && (i + 1) % step == 0;
            return m;
        }
        case Moe::DeepSeek: {
            if (!c.given("n_routed_experts")) return m;  // DeepSeek-V2 allows a dense model
            experts_and_top_k(c, "n_routed_experts", m);
            m.expert_intermediate = static_cast<u64>(c.integer("moe_intermediate_size", 1, kMaxWidth));
            const u64 shared = static_cast<u64>(c.integer_or("n_shared_experts", 0, 0, kMaxExperts));
            if (mul(shared, m.expert_intermediate) > kMaxWidth) {
                throw FieldError(ConfigReader::at("n_shared_experts"), msg::config_shared_experts_too_wide,
                                 {{"max_width", group_thousands(kMaxWidth)}});
            }
            m.shared_intermediate = shared * m.expert_intermediate;  // shared experts run as one wider FFN
            // V3's aux-loss-free routing keeps a per-expert score bias.
            const std::string method =
                c.text_or("topk_method", f.model_type == std::string("deepseek_v3") ? "noaux_tc" : "greedy");
            m.router_bias = method == "noaux_tc";
            const u64 first_dense = static_cast<u64>(c.integer_or("first_k_dense_replace", 0, 0, layers));
            const u64 freq = static_cast<u64>(c.integer_or("moe_layer_freq", 1, 1, kMaxLayers));
            for (u64 i = first_dense; i < layers; ++i) m.is_moe[i] = i % freq == 0;
            return m;
        }
    }
    return m;
}

Json attention_json(const ConfigReader& c, const Family& f, const Trunk& t, u64 window) {
    if (f.mla) {
        const u64 q_rank = static_cast<u64>(c.integer_or("q_lora_rank", 0, 1, kMaxWidth));
        const u64 kv_rank = static_cast<u64>(c.integer("kv_lora_rank", 1, kMaxWidth));
        const u64 rope = static_cast<u64>(c.integer("qk_rope_head_dim", 1, kMaxWidth));
        const u64 nope = static_cast<u64>(c.integer("qk_nope_head_dim", 1, kMaxWidth));
        const u64 v = static_cast<u64>(c.integer("v_head_dim", 1, kMaxWidth));
        const u128 q_width = mul(t.heads, add(nope, rope)), kv_width = mul(t.heads, add(nope, v));
        if (q_width > kMaxWidth || kv_width > kMaxWidth) {
            throw FieldError(ConfigReader::at("num_attention_heads"), msg::config_mla_too_wide,
                             {{"max_width", group_thousands(kMaxWidth)}});
        }
        // Low-rank factors narrower than what they expand to, or they compress nothing.
        if (kv_rank >= kv_width) {
            throw FieldError(ConfigReader::at("kv_lora_rank"), msg::config_kv_lora_rank_too_large,
                             {{"kv_rank", group_thousands(kv_rank)}, {"kv_width", group_thousands(kv_width)}});
        }
        if (q_rank != 0 && q_rank >= q_width) {
            throw FieldError(ConfigReader::at("q_lora_rank"), msg::config_q_lora_rank_too_large,
                             {{"q_rank", group_thousands(q_rank)}, {"q_width", group_thousands(q_width)}});
        }
        return {{"kind", "mla"},       {"heads", t.heads}, {"q_lora_rank", q_rank}, {"kv_lora_rank", kv_rank}, {"rope_dim", rope},
                {"qk_nope_dim", nope}, {"v_head_dim", v},  {"latent_norms", true},  {"path", "compact"}};
    }
    const bool bias = f.attention_bias && c.flag_or("attention_bias", false);
    Json a = {{"kind", "gqa"},          {"q_heads", t.heads},   {"kv_heads", t.kv_heads},
              {"head_dim", t.head_dim}, {"qk_norm", f.qk_norm}, {"qkv_bias", f.qkv_bias || bias},
              {"o_bias", bias}};
    if (window != 0) a["window"] = window;
    return a;
}

Json ffn_json(const ConfigReader& c, const MoeShape& m, bool moe) {
    if (!moe) return {{"kind", "dense"}, {"intermediate", static_cast<u64>(c.integer("intermediate_size", 1, kMaxWidth))}};
    Json f = {{"kind", "moe"}, {"experts", m.experts}, {"top_k", m.top_k}, {"expert_intermediate", m.expert_intermediate}};
    if (m.shared_intermediate != 0) f["shared_intermediate"] = m.shared_intermediate;
    if (m.shared_gate) f["shared_gate"] = true;
    if (m.router_bias) f["router_bias"] = true;
    return f;
}

std::string group_name(const Family& f, const LayerKind& k) {
    return render(msg::hf_group_name,
                  {{"attention", f.mla ? "MLA" : "GQA"},
                   {"window", k.window != 0 ? render(msg::group_window_suffix, {{"window", group_thousands(k.window)}}) : ""},
                   {"ffn", k.moe     ? "MoE"
                           : f.geglu ? "GeGLU"
                                     : "SwiGLU"}});
}

// "Qwen/Qwen3-8B" → "qwen3-8b": lower case, [a-z0-9.-] only.
std::string slug(const std::string& s) {
    std::string base = s.substr(s.find_last_of('/') == std::string::npos ? 0 : s.find_last_of('/') + 1);
    std::string out;
    for (unsigned char ch : base) {
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<unsigned char>(ch - 'A' + 'a');
        const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '-';
        out += keep ? static_cast<char>(ch) : '-';
        if (out.size() >= 64) break;
    }
    return out;
}

// Which stored format the checkpoint uses.  FP8 checkpoints (DeepSeek-V3)
// declare torch_dtype bfloat16 and a quantization_config.
struct Checkpoint {
    std::string torch_dtype;   // "bfloat16", "float16", "float32", "" (not given)
    std::string weight_dtype;  // Tally's id with the same bits per weight
    std::string quantization;  // quant_method when the config declares one
};

Checkpoint checkpoint_of(const ConfigReader& c) {
    Checkpoint k;
    const std::string key = c.given("torch_dtype") ? "torch_dtype" : "dtype";  // newer configs write "dtype"
    k.torch_dtype = c.text_or(key, "");
    if (k.torch_dtype == "bfloat16" || k.torch_dtype == "float16" || k.torch_dtype.empty()) {
        k.weight_dtype = "bf16";  // FP16 has BF16's 16 bits per weight
    } else if (k.torch_dtype == "float32") {
        k.weight_dtype = "fp32";
    } else {
        throw FieldError(ConfigReader::at(key), msg::config_dtype_unsupported, {{"key", key}, {"torch_dtype", k.torch_dtype}});
    }
    if (c.given("quantization_config")) {
        const Json& q = c.get("quantization_config");
        if (q.is_object() && q.contains("quant_method") && q["quant_method"].is_string()) {
            k.quantization = q["quant_method"].get<std::string>();
        }
        if (k.quantization == "fp8") k.weight_dtype = "fp8";
    }
    return k;
}

// Parameters of DeepSeek-V3's MTP layers as the checkpoint stores them: per
// layer, a full decoder layer of the MoE kind, the embedding and vocabulary
// head copies, the two input norms (enorm, hnorm), the 2d → d projection
// (eh_proj) and the head's norm.
u128 mtp_params(const ModelSpec& main, const LayerGroup& last, u64 count) {
    if (count == 0) return 0;
    ModelSpec one = main;
    one.tie_embeddings = false;
    one.groups = {last};
    one.groups[0].layers = 1;
    // total_params(one) = embedding + layer + final norm (the head's norm) + head.
    const u128 per_layer = add(total_params(one), add(mul(2, main.hidden), mul(2, main.hidden, main.hidden)));
    return mul(count, per_layer);
}

// A config.json is a few KiB; 1 MiB leaves room for long layer_types lists.
constexpr std::size_t kMaxConfigText = 1 << 20;
// A model's name, from the request's `name` or the config's _name_or_path.
constexpr std::size_t kMaxNameBytes = 200;

// 1-based line of a byte offset, for parse errors a reader can find.
std::size_t line_of(const std::string& text, std::size_t offset) {
    const std::size_t end = std::min(offset, text.size());
    return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
}

Json import_config(const Json& config, const std::string& name_override) {
    const ConfigReader c(config);
    const Family& f = family_of(c);
    const Trunk t = read_trunk(c, f);
    if (f.model_type == std::string("llama") && c.flag_or("mlp_bias", false)) {
        throw FieldError(ConfigReader::at("mlp_bias"), msg::config_mlp_bias_unsupported);
    }
    if (f.mla && c.flag_or("attention_bias", false)) {
        throw FieldError(ConfigReader::at("attention_bias"), msg::config_attention_bias_mla_unsupported);
    }
    const std::vector<u64> windows = layer_windows(c, f, t.layers);
    const MoeShape moe = read_moe(c, f, t.layers);

    // Identical layers form one group, in order of first appearance.
    std::vector<std::pair<LayerKind, u64>> groups;
    for (u64 i = 0; i < t.layers; ++i) {
        const LayerKind k{windows[i], moe.is_moe[i] != 0};
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == k; });
        if (it == groups.end()) {
            groups.push_back({k, 1});
        } else {
            ++it->second;
        }
    }

    const std::string path = c.text_or("_name_or_path", "");
    // The same cap as the request's `name`, which it stands in for.
    if (path.size() > kMaxNameBytes) {
        throw FieldError(ConfigReader::at("_name_or_path"), msg::config_name_too_long,
                         {{"field", ConfigReader::at("_name_or_path")},
                          {"max_bytes", std::to_string(kMaxNameBytes)},
                          {"bytes", group_thousands(path.size())}});
    }
    // A checkpoint path names the model by its last segment ("/data/…/Meta-Llama-3.1-70B"
    // and "meta-llama/Meta-Llama-3.1-70B" both read "Meta-Llama-3.1-70B"), as the id does.
    const std::string last = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const std::string name = !name_override.empty() ? name_override
                             : !last.empty()        ? last
                                                    : render(msg::import_name_from_config, {{"family", f.label}});
    // The id comes from the name the reader or the checkpoint gives, else the family.
    std::string id = slug(!name_override.empty() ? name_override : path);
    if (id.find_first_not_of('-') == std::string::npos) id = slug(f.model_type);
    Json spec;
    spec["id"] = "hf-" + id;
    spec["name"] = name;
    spec["source"] = render(msg::import_source, {{"model_type", f.model_type}});
    spec["hidden"] = t.hidden;
    spec["vocab"] = t.vocab;
    spec["tie_embeddings"] = t.tied;
    if (t.released_context != 0) spec["released_context"] = t.released_context;
    spec["groups"] = Json::array();
    for (const auto& [kind, count] : groups) {
        Json g;
        g["name"] = group_name(f, kind);
        g["layers"] = count;
        if (f.post_norms) g["post_norms"] = true;
        g["attention"] = attention_json(c, f, t, kind.window);
        g["ffn"] = ffn_json(c, moe, kind.moe);
        spec["groups"].push_back(g);
    }

    // The spec is read back by the parser every op uses: what we return is
    // exactly what the ops compute with.
    const ModelSpec m = parse_model(spec, "spec");
    const u128 params = total_params(m);
    const u64 mtp_layers = static_cast<u64>(c.integer_or("num_nextn_predict_layers", 0, 0, 64));
    const u128 mtp = mtp_layers == 0 ? 0 : mtp_params(m, m.groups.back(), mtp_layers);
    // Every layer holds position 1: the bytes one position costs while it is
    // inside every window (the compact latent for MLA).
    const StateResult one = state(m, 1, StateOptions{find_dtype("kv_dtype", "bf16")});
    const Checkpoint ck = checkpoint_of(c);
    const Ratio stored = weight_bytes(m, find_dtype("weight_dtype", ck.weight_dtype));

    Json notes = Json::array();
    if (f.geglu) notes.push_back(render(msg::note_geglu));
    if (mtp_layers != 0) {
        notes.push_back(render(msg::note_mtp_layers, {{"layers", std::to_string(mtp_layers)}, {"params", group_thousands(mtp)}}));
    }
    if (std::any_of(windows.begin(), windows.end(), [](u64 w) { return w != 0; })) {
        notes.push_back(render(msg::note_window_layers));
    }
    if (!ck.quantization.empty() && ck.quantization != "fp8") {
        notes.push_back(render(msg::note_quantized, {{"method", ck.quantization},
                                                     {"dtype", ck.torch_dtype.empty() ? std::string("BF16") : ck.torch_dtype}}));
    }
    if (ck.torch_dtype.empty()) notes.push_back(render(msg::note_no_torch_dtype));

    Json r;
    r["model_type"] = f.model_type;
    r["spec"] = spec;
    r["params"] = exact_json(params);
    r["params_display"] =
        render(msg::display_value_aside, {{"value", group_thousands(params)}, {"aside", count_zh_text(Ratio(params))}});
    r["mtp_params"] = exact_json(mtp);
    r["mtp_params_display"] =
        render(msg::display_value_aside, {{"value", group_thousands(mtp)}, {"aside", count_zh_text(Ratio(mtp))}});
    r["mtp_layers"] = mtp_layers;
    r["kv_bytes_per_token"] = exact_json(one.total);
    r["kv_bytes_per_token_display"] = bytes_binary_text(one.total);
    r["checkpoint_dtype"] = ck.torch_dtype.empty() ? Json(nullptr) : Json(ck.torch_dtype);
    r["weight_dtype"] = ck.weight_dtype;
    r["checkpoint_bytes"] = exact_json(stored);
    r["checkpoint_display"] = bytes_decimal_text(stored);
    r["notes"] = notes;
    // What a share link carries: only the keys this import read, with the
    // reader's label as _name_or_path (which gives the same id and name).
    Json shared = c.minimal();
    if (!name_override.empty()) shared["_name_or_path"] = name_override;
    r["shared_config_text"] = shared.dump();
    return r;
}

}  // namespace

// `config_text` is the file's text as the reader pasted it: this parser keeps
// every integer exact and can say where the text stops being JSON.
static Json config_from_text(const RequestFields& f) {
    const Json& raw = f.raw("config_text");
    if (!raw.is_string()) throw FieldError("config_text", msg::config_text_not_string);
    std::string text = raw.get<std::string>();
    // Editors on Windows save config.json with a UTF-8 byte order mark; it is
    // not JSON, but it is not part of the config either.
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
    if (text.size() > kMaxConfigText) {
        throw FieldError("config_text", msg::config_text_too_long,
                         {{"bytes", group_thousands(text.size())}, {"max_bytes", group_thousands(kMaxConfigText)}});
    }
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw FieldError("config_text", msg::config_text_empty);
    }
    json::ParseError problem;
    Json config = Json::parse(text, problem);
    const std::size_t error_at = problem.offset;
    if (config.is_discarded()) {
        if (const auto rule = parse_rule(problem, "config.json")) {
            throw FieldError("config_text", msg::config_text_rule,
                             {{"rule", render(rule->id, rule->params)}, {"line", group_thousands(line_of(text, error_at))}});
        }
        throw FieldError("config_text", msg::config_text_invalid_json,
                         {{"line", group_thousands(line_of(text, error_at))}, {"byte", group_thousands(error_at + 1)}});
    }
    return config;
}

Json op_import_hf_config(const Json& request) {
    RequestFields f(request, {"config", "config_text", "name"});
    if (f.has("config") == f.has("config_text")) {
        throw FieldError("config", msg::config_source_needed);
    }
    const std::string name = f.text_or("name", "");
    if (name.size() > kMaxNameBytes) {
        throw FieldError("name", msg::import_name_too_long, {{"max_bytes", std::to_string(kMaxNameBytes)}});
    }
    if (f.has("config_text")) return import_config(config_from_text(f), name);
    return import_config(f.raw("config"), name);
}

}  // namespace tally::api
