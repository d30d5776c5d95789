// Table 2-D: one forward call of a model with an encoder/decoder split
// (DeepSeek V4.1's CED) grouped by stage.  Lines are tallied per layer group
// before forward() merges equal rows across groups, so the 40-layer MoE rows
// of the reference path fall into the encoder and decoder stages exactly.
#pragma once

#include <string>
#include <vector>

#include "items.hpp"
#include "spec.hpp"

namespace tally {

struct ForwardStage {
    std::string id;     // "encoder", "decoder_kv", "decoder_rest", "head", "total"
    std::string label;  // zh-Hant row label
    Items parts;        // the lines summed into this stage, one per line id
    Ratio value;
};

class StageTally {
  public:
    // Empty (and every add a no-op) for a model without encoder/decoder roles.
    explicit StageTally(const ModelSpec& m);
    bool active() const { return active_; }
    void add(const LayerGroup& g, const LineItem& item);
    void add_head(const LineItem& head);
    // The stages in the book's order, with "total" last; a line outside
    // every stage (none today) would land in an "other" stage before it.
    std::vector<ForwardStage> finish(const Ratio& total) const;

  private:
    bool active_ = false;
    ForwardStage encoder_, decoder_kv_, decoder_rest_, head_;
};

}  // namespace tally
