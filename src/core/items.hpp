// Results are line items, not bare totals: one structure renders the live
// tables, the stacked bars, the worked solutions and the CLI's Markdown.
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"

namespace tally {

// How a state row grows with the stored length N.  A state row is
// per_count bytes × count(N) in each layer, so state_curve can evaluate the
// same rows at other lengths without rebuilding them.
struct Count {
    enum class Kind : unsigned char {
        Fixed,          // 1 (recurrent matrices, buffers)
        Tokens,         // N
        Window,         // min(N, a)
        Entries,        // ⌊N/a⌋ completed entries
        CappedEntries,  // min(⌊N/a⌋, b): top-k selections, candidate pools
        Completes,      // 1 when a divides N (an entry completes at this step)
    };
    Kind kind = Kind::Fixed;
    u128 a = 1;
    u128 b = 0;

    static Count fixed() { return {}; }
    static Count tokens() { return {Kind::Tokens, 1, 0}; }
    static Count window(u128 w) { return {Kind::Window, w, 0}; }
    static Count entries(u128 r) { return {Kind::Entries, r, 0}; }
    static Count capped_entries(u128 r, u128 cap) { return {Kind::CappedEntries, r, cap}; }
    static Count completes(u128 r) { return {Kind::Completes, r, 0}; }

    u128 at(u128 n) const {
        // 64-bit division when it suffices: 128-bit division is a slow
        // library call in WASM, and state_curve evaluates counts per length.
        if ((n >> 64) == 0 && (a >> 64) == 0 && (b >> 64) == 0) return at64(n);
        switch (kind) {
            case Kind::Fixed: return 1;
            case Kind::Tokens: return n;
            case Kind::Window: return n < a ? n : a;
            case Kind::Entries: return n / a;
            case Kind::CappedEntries: return n / a < b ? n / a : b;
            case Kind::Completes: return n % a == 0 ? 1 : 0;
        }
        return 0;
    }
    u128 at64(u128 n128) const {
        const std::uint64_t n = static_cast<std::uint64_t>(n128), x = static_cast<std::uint64_t>(a),
                            cap = static_cast<std::uint64_t>(b);
        switch (kind) {
            case Kind::Fixed: return 1;
            case Kind::Tokens: return n;
            case Kind::Window: return n < x ? n : x;
            case Kind::Entries: return n / x;
            case Kind::CappedEntries: return n / x < cap ? n / x : cap;
            case Kind::Completes: return n % x == 0 ? 1 : 0;
        }
        return 0;
    }
    bool operator==(const Count& o) const { return kind == o.kind && a == o.a && b == o.b; }
};

struct LineItem {
    std::string id;            // stable key, e.g. "q_proj"
    std::string label;         // zh-Hant row label
    std::string section;       // grouping, e.g. "attention"
    std::string shape;         // rows × width in → out, symbolic
    std::string weight;        // weight matrix, "in × out"
    std::string formula;       // symbolic per-call formula
    std::string substituted;   // the formula with the reader's numbers
    u128 layers = 1;           // how many times the call runs in the model
    Ratio per_call;            // value of one call
    Ratio value;               // per_call × layers
    bool interaction = false;  // attention/index work over attended positions (Table 2-E)
    // State rows only: per_call == per_count × count(N).
    Count count;
    Ratio per_count;
};

using Items = std::vector<LineItem>;

// Rows of the same id, per-call value and formula are one row run in more
// layers (Qwen3.6's MoE rows run in all 40 layers, a window row covers every
// layer that keeps one).  A different row under an id already taken keeps
// its place with `clash_suffix` appended to its id.
inline void merge_item(Items& all, LineItem item, const std::string& clash_suffix) {
    for (auto& existing : all) {
        if (existing.id == item.id && existing.per_call == item.per_call && existing.formula == item.formula &&
            existing.count == item.count && existing.per_count == item.per_count) {
            existing.layers = add(existing.layers, item.layers);
            existing.value = existing.value + item.value;
            return;
        }
    }
    for (const auto& existing : all) {
        if (existing.id == item.id) {
            item.id += clash_suffix;
            break;
        }
    }
    all.push_back(std::move(item));
}

// merge_item with the row's position as its clash suffix ("@7"): how the
// DeepSeek V4 families merge rows across layer groups.
inline void merge_into(Items& all, LineItem item) {
    const std::string suffix = "@" + std::to_string(all.size());
    merge_item(all, std::move(item), suffix);
}

}  // namespace tally
