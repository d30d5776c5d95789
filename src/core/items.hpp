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

}  // namespace tally
