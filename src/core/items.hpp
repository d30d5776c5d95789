// Results are line items, not bare totals: one structure renders the live
// tables, the stacked bars, the worked solutions and the CLI's Markdown.
#pragma once

#include <string>
#include <vector>

#include "exact.hpp"

namespace tally {

struct LineItem {
    std::string id;           // stable key, e.g. "q_proj"
    std::string label;        // zh-Hant row label
    std::string section;      // grouping, e.g. "attention"
    std::string shape;        // rows × width in → out, symbolic
    std::string weight;       // weight matrix, "in × out"
    std::string formula;      // symbolic per-call formula
    std::string substituted;  // the formula with the reader's numbers
    u128 layers = 1;          // how many times the call runs in the model
    Ratio per_call;           // value of one call
    Ratio value;              // per_call × layers
    bool interaction = false; // attention/index work over attended positions (Table 2-E)
};

using Items = std::vector<LineItem>;

// Rows of the same id, per-call value and formula are one row run in more
// layers (Qwen3.6's MoE rows run in all 40 layers, a window row covers every
// layer that keeps one).  A different row under an id already taken keeps
// its place with `clash_suffix` appended to its id.
inline void merge_item(Items& all, LineItem item, const std::string& clash_suffix) {
    for (auto& existing : all) {
        if (existing.id == item.id && existing.per_call == item.per_call && existing.formula == item.formula) {
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

}  // namespace tally
