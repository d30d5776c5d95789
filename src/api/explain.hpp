// "How was this computed?": for the totals and derived fields of a result,
// the formula in symbols and the same formula with the request's numbers,
// built from the values the core has just used (never recomputed elsewhere).
//
// Opt-in per request ("explain": true): the op then adds
//   "how": { "<path>": {"formula": "…", "substituted": "… = value"}, … }
// where <path> is the path, from the object holding "how", of the field a
// page shows: "display", "groups.attention", "items[id=kv].display".
// Line items already carry their own formula and substituted strings.
#pragma once

#include <string>
#include <vector>

#include "core/capacity.hpp"
#include "core/forward.hpp"
#include "core/params.hpp"
#include "core/request.hpp"
#include "core/routing.hpp"
#include "core/state.hpp"
#include "json_out.hpp"

namespace tally::api {

// {"formula": f, "substituted": s}
Json how_entry(const std::string& formula, const std::string& substituted);

// An exact quantity as readable digits: "147,456", "3,514.25".
std::string number_text(const Ratio& r);

// Table 2-D's stages as JSON rows (always sent for an encoder/decoder model).
Json stages_json(const std::vector<ForwardStage>& stages);

struct ParamsFacts {
    const std::vector<WeightTensor>& tensors;
    const Dtype& dtype;
    u128 total = 0;
    Ratio bytes;
    u128 selected = 0;
    Ratio selected_bytes;
};
Json explain_params(const ModelSpec& m, const ParamsFacts& p);
// The formulas of one weight tensor's per_copy and params (Example 2-1).
Json explain_tensor(const WeightTensor& t);

Json explain_forward(const ForwardResult& fr, const CallShape& c);
Json explain_state(const StateResult& s);
// The kv op: per-token history × N, plus sliding-window rows.
Json explain_kv(const StateResult& s, u128 tokens, const Ratio& total);
Json explain_request(const RequestResult& rr, const RequestShape& s, const Ratio& per_token);
Json explain_crossover(const CrossoverResult& c, u128 context);
Json explain_capacity(const CapacityResult& c, u128 context);
Json explain_param_budget(const ParamBudgetResult& b, u128 requests, const Ratio& device, u128 workspace);
Json explain_routing(const RoutingInput& in, const RoutingResult& rr, u128 moe_layers);

// Exercise 2-1's chains (op dependency_chain): L×T nodes, L+T−1 for an RNN, L for a Transformer.
Json explain_dependency_chain(u128 layers, u128 tokens);
// A turn's decode steps and final context (op turn, Figure 2-35).
Json explain_turn(u128 total_input, u128 generated, u128 decode_steps);

// The hierarchical candidate pool at one length (op candidate_pool, Figure 2-22).
struct PoolFacts {
    u128 tokens, ratio, entries, block_size, pool_blocks, pool_entries, entry_blocks, blocks, candidates, top_k, selected;
};
Json explain_candidate_pool(const PoolFacts& p);

// One row of the compare op.
struct CompareFacts {
    const RequestShape& shape;
    u128 params = 0;
    Ratio weights;
    Ratio prefill, decode;
    Ratio state, decode_read;
    const RequestResult& request;
};
Json explain_compare_row(const CompareFacts& f);

}  // namespace tally::api
