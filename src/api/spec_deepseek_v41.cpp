// Spec parsing for DeepSeek V4.1 Flash parts: csa2, single_pass_mhc, engram.
//
// A csa2 attention object describes one group of identical layers:
//   {"kind": "csa2", "mode": "swa" | "full" | "reindex" | "reuse",
//    "heads", "head_dim", "q_rank", "output_groups", "output_rank", "window",
//    "cache_ratio", "top_k"                      (all but swa),
//    "index_heads", "index_head_dim"             (full, reindex),
//    "candidate_pool": {"blocks", "block_size"}  (the full layer that builds it; every reindex layer),
//    "production": {"main", "index", "window"}   (entry formats: {"bits", "group_size", "scale_bytes"};
//                                                 main and index only on full),
//    "source"}
#include <array>
#include <string>
#include <vector>

#include "spec_families.hpp"
#include "word_list.hpp"

namespace tally::api {

namespace {

const char* const kModes[] = {"swa", "full", "reindex", "reuse"};

EntryFormat parse_format(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    r.only({"bits", "group_size", "scale_bytes"});
    EntryFormat f;
    f.given = true;
    f.bits = static_cast<u64>(r.integer("bits", 1, 64));
    f.group_size = static_cast<u64>(r.integer_or("group_size", 0, 0, kMaxWidth));
    f.scale_bytes = static_cast<u64>(r.integer_or("scale_bytes", 0, 0, 16));
    if ((f.group_size == 0) != (f.scale_bytes == 0)) {
        throw FieldError(r.at("scale_bytes"), msg::spec_scale_needs_group, {{"field", r.at("scale_bytes")}});
    }
    return f;
}

void parse_production(const ObjectReader& parent, Csa2Attention& a) {
    if (!parent.has("production")) return;
    ObjectReader r(parent.get("production"), parent.at("production"));
    if (a.owns_cache()) {
        r.only({"main", "index", "window"});
    } else {
        // Only a Full layer stores global entries; the others store a window.
        r.only({"window"});
    }
    if (r.has("main")) a.main_format = parse_format(r.get("main"), r.at("main"));
    if (r.has("index")) a.index_format = parse_format(r.get("index"), r.at("index"));
    if (r.has("window")) a.window_format = parse_format(r.get("window"), r.at("window"));
}

// Layers read caches built by earlier layers, so the groups of a csa2 model
// are checked in the order they are listed: a Reuse or Reindex group needs
// an earlier Full group owning a cache of its ratio, a Reindex group an
// earlier Full group that builds the candidate pool.  parse_model parses
// the groups of one model in order; the model is recognised by the path
// ("<model>.groups[i].attention"), and group 0 starts afresh.
//
// The record outlives the request, so it holds no heap memory: the WASM
// module reclaims everything a request allocates (src/wasm/request_arena.hpp).
constexpr std::size_t kMaxCacheRatios = 64;

struct Seen {
    u64 model_hash = 0;           // FNV-1a of the model's path
    unsigned long long last = 0;  // index of the last group checked
    std::array<u64, kMaxCacheRatios> owner_ratios{};
    std::size_t owner_count = 0;
    bool pool = false;
    u64 pool_ratio = 0;
    u64 pool_blocks = 0;
    u64 pool_block_size = 0;
    unsigned long long pool_group = 0;  // index of the group that built the pool
};

u64 fnv1a(const std::string& text) {
    u64 h = 1469598103934665603ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

// Returns the checked model's record, or nullptr when the path is not a
// group's attention (a lone object parsed outside a model).  `model` is set
// to the model's path.
Seen* seen_for(const std::string& attention_path, std::string& model) {
    static Seen seen;  // parsing is single-threaded (catalog load, one request at a time)
    const std::string tail = "].attention";
    const auto open = attention_path.rfind(".groups[");
    if (open == std::string::npos || attention_path.size() < tail.size() ||
        attention_path.compare(attention_path.size() - tail.size(), tail.size(), tail) != 0) {
        return nullptr;
    }
    model = attention_path.substr(0, open);
    const std::string index = attention_path.substr(open + 8, attention_path.size() - tail.size() - open - 8);
    if (index.empty() || index.size() > 9 || index.find_first_not_of("0123456789") != std::string::npos) return nullptr;
    const unsigned long long i = std::stoull(index);
    // A new model, or the same path parsed again from an earlier group.
    const u64 hash = fnv1a(model);
    if (seen.model_hash != hash || i == 0 || i <= seen.last) seen = Seen{hash};
    seen.last = i;
    return &seen;
}

std::string pool_path(const std::string& model, const Seen& seen) {
    return model + ".groups[" + std::to_string(seen.pool_group) + "].attention.candidate_pool";
}

void check_against_earlier_groups(const ObjectReader& r, const Csa2Attention& a) {
    const std::string kind_path = r.at("kind");  // "<attention path>.kind"
    if (kind_path.size() <= 5) return;
    std::string model;
    Seen* seen = seen_for(kind_path.substr(0, kind_path.size() - 5), model);
    if (seen == nullptr) return;
    const std::string ratio = group_thousands(a.cache_ratio);
    if (a.mode == Csa2Mode::Reindex) {
        if (!seen->pool) {
            throw FieldError(r.at("mode"), msg::spec_reindex_without_pool, {{"field", r.at("mode")}});
        }
        if (a.pool_blocks != seen->pool_blocks || a.pool_block_size != seen->pool_block_size) {
            throw FieldError(r.at("candidate_pool"), msg::spec_pool_mismatch,
                             {{"field", r.at("candidate_pool")},
                              {"pool_path", pool_path(model, *seen)},
                              {"pool_blocks", group_thousands(seen->pool_blocks)},
                              {"pool_block_size", group_thousands(seen->pool_block_size)}});
        }
        if (a.cache_ratio != seen->pool_ratio) {
            throw FieldError(
                r.at("cache_ratio"), msg::spec_pool_ratio_mismatch,
                {{"field", r.at("cache_ratio")}, {"ratio", ratio}, {"pool_ratio", group_thousands(seen->pool_ratio)}});
        }
    }
    if (a.mode == Csa2Mode::Reuse) {
        bool owner = false;
        for (std::size_t k = 0; k < seen->owner_count; ++k) owner = owner || seen->owner_ratios[k] == a.cache_ratio;
        if (!owner) {
            throw FieldError(r.at("cache_ratio"), msg::spec_reuse_without_full,
                             {{"field", r.at("cache_ratio")}, {"ratio", ratio}});
        }
    }
    if (a.mode == Csa2Mode::Full) {
        if (a.builds_pool()) {
            if (seen->pool) {
                throw FieldError(r.at("candidate_pool"), msg::spec_pool_repeated,
                                 {{"field", r.at("candidate_pool")}, {"pool_path", pool_path(model, *seen)}});
            }
            seen->pool = true;
            seen->pool_ratio = a.cache_ratio;
            seen->pool_blocks = a.pool_blocks;
            seen->pool_block_size = a.pool_block_size;
            seen->pool_group = seen->last;
        }
        bool known = false;
        for (std::size_t k = 0; k < seen->owner_count; ++k) known = known || seen->owner_ratios[k] == a.cache_ratio;
        if (!known) {
            if (seen->owner_count == kMaxCacheRatios) {
                throw FieldError(r.at("cache_ratio"), msg::spec_too_many_cache_ratios,
                                 {{"max", std::to_string(kMaxCacheRatios)}});
            }
            seen->owner_ratios[seen->owner_count++] = a.cache_ratio;
        }
    }
}

Csa2Attention parse_csa2(const ObjectReader& r) {
    Csa2Attention a;
    const std::string mode = r.text("mode");
    if (mode == "swa") {
        r.only({"kind", "mode", "heads", "head_dim", "q_rank", "output_groups", "output_rank", "window", "production", "source"});
        a.mode = Csa2Mode::SwaOnly;
    } else if (mode == "full") {
        r.only({"kind", "mode", "heads", "head_dim", "q_rank", "output_groups", "output_rank", "window", "cache_ratio", "top_k",
                "index_heads", "index_head_dim", "candidate_pool", "production", "source"});
        a.mode = Csa2Mode::Full;
    } else if (mode == "reindex") {
        r.only({"kind", "mode", "heads", "head_dim", "q_rank", "output_groups", "output_rank", "window", "cache_ratio", "top_k",
                "index_heads", "index_head_dim", "candidate_pool", "production", "source"});
        a.mode = Csa2Mode::Reindex;
    } else if (mode == "reuse") {
        r.only({"kind", "mode", "heads", "head_dim", "q_rank", "output_groups", "output_rank", "window", "cache_ratio", "top_k",
                "production", "source"});
        a.mode = Csa2Mode::Reuse;
    } else {
        throw FieldError(r.at("mode"), msg::spec_mode_unknown,
                         {{"field", r.at("mode")}, {"mode", mode}, {"available", word_list(kModes)}});
    }
    r.text_or("source", "");
    a.heads = static_cast<u64>(r.integer("heads", 1, kMaxHeads));
    a.head_dim = static_cast<u64>(r.integer("head_dim", 1, kMaxWidth));
    a.q_rank = static_cast<u64>(r.integer("q_rank", 1, kMaxWidth));
    a.output_groups = static_cast<u64>(r.integer("output_groups", 1, kMaxHeads));
    a.output_rank = static_cast<u64>(r.integer("output_rank", 1, kMaxWidth));
    a.window = static_cast<u64>(r.integer("window", 1, kMaxWidth));
    if (mul(a.heads, a.head_dim) % a.output_groups != 0) {
        throw FieldError(r.at("output_groups"), msg::spec_output_groups_indivisible, {{"field", r.at("output_groups")}});
    }
    if (a.mode != Csa2Mode::SwaOnly) {
        a.cache_ratio = static_cast<u64>(r.integer("cache_ratio", 1, kMaxWidth));
        a.top_k = static_cast<u64>(r.integer("top_k", 1, kMaxWidth));
    }
    if (a.runs_indexer()) {
        a.index_heads = static_cast<u64>(r.integer("index_heads", 1, kMaxHeads));
        a.index_head_dim = static_cast<u64>(r.integer("index_head_dim", 1, kMaxWidth));
    }
    if (a.mode == Csa2Mode::Reindex && !r.has("candidate_pool")) {
        throw FieldError(r.at("candidate_pool"), msg::spec_candidate_pool_missing, {{"field", r.at("candidate_pool")}});
    }
    if (r.has("candidate_pool")) {
        ObjectReader p(r.get("candidate_pool"), r.at("candidate_pool"));
        p.only({"blocks", "block_size"});
        a.pool_blocks = static_cast<u64>(p.integer("blocks", 1, kMaxWidth));
        a.pool_block_size = static_cast<u64>(p.integer("block_size", 1, kMaxWidth));
        if (a.mode == Csa2Mode::Reindex && a.top_k > a.pool_entries()) {
            throw FieldError(r.at("top_k"), msg::spec_pool_top_k_too_large,
                             {{"field", r.at("top_k")}, {"entries", group_thousands(a.pool_entries())}});
        }
    }
    parse_production(r, a);
    check_against_earlier_groups(r, a);
    return a;
}

}  // namespace

bool parse_deepseek_v41_attention(const std::string& kind, const ObjectReader& r, Attention& out) {
    if (kind != "csa2") return false;
    out = parse_csa2(r);
    return true;
}

Connection parse_single_pass_mhc_connection(const ObjectReader& r) {
    r.only({"kind", "streams", "source"});
    r.text_or("source", "");
    SinglePassMhcConnection c;
    c.streams = static_cast<u64>(r.integer("streams", 1, 64));
    return c;
}

EngramBranch parse_engram(const Json& j, const std::string& path) {
    ObjectReader r(j, path);
    r.only({"buckets", "bucket_dim", "keys", "table_rows", "lookup_params", "token_history_bytes", "source"});
    r.text_or("source", "");
    EngramBranch e;
    e.enabled = true;
    e.buckets = static_cast<u64>(r.integer("buckets", 1, kMaxHeads));
    e.bucket_dim = static_cast<u64>(r.integer("bucket_dim", 1, kMaxWidth));
    e.keys = static_cast<u64>(r.integer("keys", 1, kMaxHeads));
    e.table_rows = static_cast<u64>(r.integer_or("table_rows", 0, 0, u128{1} << 40));
    e.lookup_params = static_cast<u64>(r.integer_or("lookup_params", 0, 0, u128{1} << 48));
    e.token_history_bytes = static_cast<u64>(r.integer_or("token_history_bytes", 0, 0, 16));
    if (e.table_rows != 0 && e.lookup_params != 0) {
        throw FieldError(r.at("lookup_params"), msg::spec_engram_size_twice, {{"field", r.at("lookup_params")}});
    }
    if (e.lookup_width() > kMaxWidth) {
        throw FieldError(r.at("buckets"), msg::spec_buckets_too_wide,
                         {{"field", r.at("buckets")}, {"max_width", group_thousands(kMaxWidth)}});
    }
    return e;
}

}  // namespace tally::api
