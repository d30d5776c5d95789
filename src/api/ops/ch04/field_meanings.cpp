// What chapter 4's request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
// `bandwidth` and `peak_tflops` keep chapter 3's meaning (one card's memory
// bandwidth, its dense BF16 peak), which chapter 4's ops share.
#include "api/ops/ch04/ops.hpp"

namespace tally::api {

namespace {

constexpr FieldMeaning kMeanings[] = {
    // A field name means one thing across the book's docs (the last chapter
    // to list it wins), and chapter 3 already uses `rows` for a list of
    // models: this entry says both.
    {"rows",
     "`projection`, `link_time`: M, rows of the input (batch × tokens); `training_budget` (chapter 3): "
     "models {id, params, tokens}",
     "1 … 64 objects in `training_budget`"},
    {"inputs", "K, values per input row: the weight matrix is K × N", ""},
    {"outputs", "N, values per output row", ""},
    {"dtype", "storage format of every value moved (weights, inputs, outputs, link messages)",
     "a catalog format without per-group scales: bf16, fp32, fp8"},
    {"latency_ns", "L, ns from issuing a memory transaction to its data arriving",
     "a positive decimal ≤ 10^9, at most 6 decimals (500)"},
    {"transaction_bytes", "s, bytes one memory transaction brings", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"in_flight", "N_o, memory transactions outstanding at once (adds the bandwidth they reach)", ""},
    {"bytes", "V, bytes of the message (`link_time`) or of the data read (`little_bandwidth`, adds the read time)", ""},
    {"blocks", "n, blocks loaded and computed one after another", ""},
    {"load_us", "t_l, μs to load one block", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"compute_us", "t_c, μs to compute one block", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"alpha_us", "α, fixed μs each transfer costs before its bytes flow", "a positive decimal ≤ 10^9, at most 6 decimals (2)"},
    {"link_bandwidth", "R, the link's bandwidth in one direction, GB/s (NVLink on H100: 450)",
     "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"row_width", "values per row of a message of `rows` rows (the hidden size, 4096)", ""},
};

}  // namespace

DeclList<FieldMeaning> ch04_field_meanings() { return kMeanings; }

}  // namespace tally::api
