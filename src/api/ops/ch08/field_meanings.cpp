// What chapter 8's request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
// Fields whose names other chapters already document with the same meaning
// (model, gpu, input, generated, requests, batch, context, tokens,
// bandwidth, peak_tflops, compute_efficiency) are not repeated here.
#include "api/ops/ch08/ops.hpp"

namespace tally::api {

namespace {

constexpr FieldMeaning kMeanings[] = {
    {"acceptance", "a, chance a draft position is accepted once every earlier one was (the same at every position)",
     "a decimal in [0, 1], with `draft`; or `acceptances`"},
    {"acceptances", "a_1 … a_m, one acceptance per draft position", "a list of 1 … 64 decimals in [0, 1]"},
    {"draft", "m, draft tokens per round", "0 … 64; with `acceptances` it must equal their count"},
    {"round_ms", "one verify round (`speculative`), one decode round (`batch_plan`, `decode_read`: the measured one), ms",
     "a positive decimal (26.3)"},
    {"per_draft_ms", "time added per charged draft position, ms", "a decimal ≥ 0; default 0"},
    {"query_ms", "time added once per round: a draft look-up or one parallel draft forward, ms", "a decimal ≥ 0; default 0"},
    {"draft_group", "draft positions are charged in whole groups of this size", "default 1"},
    {"from_draft", "a shorter draft length: `marginal` compares going from it to `draft`", "below the draft length"},
    {"block", "positions one KV block holds", "default 16"},
    {"shared_prefix", "P, common prefix positions stored once for every request (whole blocks of it)",
     "below `input`; default 0"},
    {"budget_gib", "memory for the KV and auxiliary buffers, GiB", "a positive decimal; default 12"},
    {"extra_mib", "memory held besides the KV (a draft model: 3188), MiB", "a decimal ≥ 0; default 0"},
    {"kv_format", "how the KV is stored: BF16, or GGML's q8_0 / q4_0 (32 values and a 2-byte scale per block)",
     "bf16, q8_0, q4_0; default bf16"},
    {"parts", "the step's work: objects {new, history}, new positions after history cached ones", "1 … 1,024 objects"},
    {"base_ms", "fixed time of every engine step, ms", "a decimal ≥ 0; default 26.223442 (efficiency.json's fit)"},
    {"per_token_us", "time per new position, μs", "a decimal ≥ 0; default 30.4111"},
    {"per_pair_ns", "time per causal query–key pair, ns", "a decimal ≥ 0; default 3"},
    {"hit", "p, chance the prefix is used again", "a decimal in [0, 1]; default 0.5"},
    {"copies", "prefixes of this kind kept", "default 1"},
    {"rival_tokens", "positions of the rival prefix kind the cache could keep instead", ""},
    {"rival_copies", "rival prefixes kept in the same space", "default 1"},
    {"rival_hit", "p of each rival prefix", "a decimal in [0, 1]; default `hit`"},
    {"link_gbps", "host link bandwidth in one direction, GB/s (PCIe 5.0 x16: 64, GH200 C2C: 450)",
     "a positive decimal; default the `gpu`'s PCIe"},
    {"layers", "FFN layers kept in host memory", ""},
    {"buffers", "prefetch buffers on the device, one FFN layer each", "1 … `layers`; default 1"},
    {"decode_steps", "decode steps, each copying every offloaded layer once", "default 255"},
    {"copy_budget_seconds", "time allowed for all the copies, s (gives the link they need)", "a positive decimal"},
    {"queue_seconds", "waiting before the prefill starts, s", "a decimal ≥ 0; default 0"},
    {"prefill_seconds", "measured prefill of the whole batch, s", "a positive decimal; or `compute_efficiency`"},
    {"ttft_before_ms", "first-token time without the draft model, ms (scales the prefill)", "with `ttft_after_ms`"},
    {"ttft_after_ms", "first-token time with the draft model, ms", "with `ttft_before_ms`"},
    {"per_round", "t, tokens each request outputs per round", "default 1"},
    {"deadline_seconds", "deadline for the whole batch, s", "a positive decimal; default 7"},
    {"power_w", "power limit, W (energy per result is at most GPU-s × W)", "a positive decimal; default the `gpu`'s TDP"},
    {"rank", "r, rank of the LoRA update", "default 16"},
    {"targets", "which attention projections of each layer the adapter updates: letters of q, k, v, o", "default qv"},
    {"adapters", "LoRA adapters kept at once", "default 1"},
    {"lengths", "positions of each sequence to page", "1 … 64 integers"},
    {"page_tokens", "P, slots (positions) one KV page holds", "default 16"},
    {"arrivals", "requests as they arrive: objects {arrive_ms, input, generated}, in order of arrival",
     "1 … 16 objects; arrive_ms a decimal ≥ 0 (default 0), input 1 … 65,536, generated 1 … 1,024"},
    {"policy",
     "how the scheduler admits: fixed (a new group once the last has finished), continuous (whenever a place is free), "
     "chunked (continuous, prefills cut into `chunk`s within `token_budget`)",
     "fixed, continuous, chunked; default continuous"},
    {"max_running", "requests running at once", "default 2"},
    {"chunk", "`chunked`: the most prefill positions of one request per iteration", "64 … 65,536; default 2048"},
    {"token_budget", "`chunked`: the most new positions per iteration, decodes first", "64 … 65,536; default 4096"},
    {"target_p", "p, the target model's distribution over the symbols", "a list of 1 … 64 decimals in [0, 1] summing to 1"},
    {"draft_q", "q, the draft's distribution over the same symbols", "as `target_p`, the same length"},
    {"target_share", "p(A) of two symbols A and B: the target's distribution (p(A), 1 − p(A))",
     "a decimal in [0, 1]; instead of `target_p`"},
    {"draft_share", "q(A) of two symbols A and B: the draft's distribution (q(A), 1 − q(A))",
     "a decimal in [0, 1]; instead of `draft_q`"},
    {"measured", "two measured rounds {read_bytes, round_ms} bracketing this round's read", "exactly 2 objects"},
};

}  // namespace

DeclList<FieldMeaning> ch08_field_meanings() { return kMeanings; }

}  // namespace tally::api
