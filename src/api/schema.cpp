#include "schema.hpp"

#include "ops/all_ops.hpp"
#include "ops/request_readers.hpp"

namespace tally::api {

namespace {

// What each request field means, for the docs (the messages' own words are
// describe_field's).  Only the native CLI prints these: the web module never
// links schema_json(), so none of this text ships to readers.
struct FieldMeaning {
    const char* field;
    const char* meaning;
    const char* accepted;
};
constexpr FieldMeaning kFieldMeanings[] = {
    {"lang", "the language of the response's words (messages, labels, explanations); numbers are the same in every language",
     "`zh-Hant`, `zh-Hans`, `en`"},
    {"model",
     "model id (`catalog` lists them), or an inline spec object in the format of `content/models/*.json` (errors name the path "
     "inside it, e.g. `model.groups[0].attention.kv_heads`); `kv_footprint` and `candidate_pool` take ids only",
     "`catalog`'s models (`qwen3.5-397b-a17b` is partial: `state`, `state_curve` and `kv` only), or a spec"},
    {"batch", "B, identical requests in the call", ""},
    {"context", "S, cached positions before the call; for `capacity`, `crossover` and `param_budget`, tokens stored per request",
     ""},
    {"input", "P, new positions per request", ""},
    {"generated", "G, returned tokens", ""},
    {"head_tokens", "m_out, rows through the vocabulary head", ""},
    {"tokens", "H, context tokens held (`dependency_chain`: positions in the chain)", ""},
    {"gpu", "GPU id", "`catalog`'s gpus"},
    {"workspace_bytes", "fixed reserve M_workspace (the default is 2 GiB)", ""},
    {"requests", "concurrent requests", ""},
    {"weight_dtype", "weight storage format", "`catalog`'s dtypes"},
    {"kv_dtype", "KV storage format", "`catalog`'s dtypes; KV uses the format's bits per value only"},
    {"execution", "execution path (when absent, the chapter's)", "`reference`, `ced`: only for DeepSeek V4.1 Flash"},
    {"layout", "state storage layout", "`reference` (the chapter's BF16 layout), `production` (the released mixed formats)"},
    {"mla_path", "MLA cache path (when absent, the model's: compact for Kimi K3, expanded for DeepSeek-V3)",
     "`compact`, `expanded`: only for models with MLA layers"},
    {"mtp_steps", "optional MTP blocks after the main model", ""},
    {"lengths", "context lengths, one curve point each", "1 … 4,096 integers, each 1 … 2^53 − 1"},
    {"displays", "include a display string for every value (a long series drawn as a chart needs only the values)",
     "`true`, `false`"},
    {"dispatch", "routing dispatch", "`uniform`, `concentrated`, `random` (expectation E·(1−(1−k/E)^B)), `explicit`"},
    {"tokens_per_expert", "t_e list for `explicit` dispatch", "non-negative integers adding up to B·k_top"},
    {"max_batch",
     "the batch axis reaches at least this far; it grows to the next power of two holding `batch` (and 2·B* for "
     "`crossover_curve`)",
     ""},
    {"dispatches", "the dispatches drawn, one curve each",
     "1 to 3 of `uniform`, `concentrated`, `random` (`explicit` describes one batch only)"},
    {"set", "model set", "ids in `content/model_sets.json`"},
    {"kv_heads",
     "re-run a GQA model with this many KV heads, query heads unchanged; exercise 2-4, and the \"query heads instead of KV "
     "heads\" value",
     "must divide the query heads; only for models with GQA layers"},
    {"pairs", "how GQA attention scores are counted (when absent, the model's: `causal`; Qwen3.6 counts its eager rectangle)",
     "`causal` (P·S + P(P+1)/2 per sequence), `square` (the whole B·P·(S+P) rectangle, masked slots too)"},
    {"score_heads", "which heads QKᵀ and AV are counted for on GQA layers (when absent, `query`)",
     "`query`, `kv` (one score per KV head: the wrong value of exercise 2-4(c), mistake `kv_heads_for_scores`)"},
    {"budget_bytes", "a state budget: adds the longest context it holds", ""},
    {"memory_unit",
     "how the card's stated memory is read: `GB` as vendors state it; `GiB` misreads the same number as binary (24 GB as 24 "
     "GiB), the wrong value of the `device_gb_as_gib` mistake of exercises 2-7 and 2-9(e)",
     "`GB`, `GiB`"},
    {"explain", "add `how`, the \"how was this computed?\" strings", "`true`, `false`"},
    // chapter 3's closed forms (ops/ch03_flow_*.cpp)
    {"windows", "time windows in order: `fluid_backlog` {seconds, arrival, service}, `workload_mix` {seconds, rates}",
     "1 … 1,440 objects; decimal strings (\"7471.2\"), seconds > 0, rates ≥ 0"},
    {"classes", "request classes {id, input, output}: tokens in and out per request", "1 … 16 objects"},
    {"service", "μ, decode steps served per second (adds the least time the run's decode steps take)", "a positive decimal"},
    {"values", "observations, for a nearest-rank percentile", "1 … 100,000 non-negative decimals"},
    {"count", "how many observations there are (the rank alone)", ""},
    {"p", "percentile level: the rank is ⌈p·n⌉", "a decimal in (0, 1]"},
    {"segments", "held state over time {bytes, seconds}", "1 … 4,096 objects of non-negative decimals"},
    {"rate", "λ, tasks entering the wait per second", "a non-negative decimal"},
    {"wait_seconds", "τ, seconds each task waits", "a non-negative decimal"},
    {"state_bytes", "M0, bytes a task holds while it waits for a tool", "a non-negative decimal"},
    {"cost", "c, cost of one attempt", "a positive decimal"},
    {"success", "p, success rate of one attempt", "a decimal in (0, 1]"},
    {"new_cost", "c2, cost of one attempt of the other method (adds `success_needed`)", "a positive decimal"},
    {"new_success", "p2, the other method's success rate (adds its cost per success)", "a decimal in (0, 1]"},
    {"decision_cost", "c_dec, the decision model's cost per request", "a positive decimal"},
    {"llm_cost", "c_LLM, cost per request handed to an LLM", "a positive decimal"},
    {"handoff", "e, share of requests handed to the LLM", "a decimal in [0, 1]"},
    {"stages", "stages in order {kind, seconds}: `model` or `tool`, one duration per branch that may run at once",
     "1 … 256 objects, 1 … 256 branches each"},
    {"total", "T, the whole task's seconds", "a positive decimal"},
    {"part", "f·T, seconds of the part sped up", "a positive decimal ≤ total"},
    {"speedup", "s, how many times faster the part runs", "a positive decimal"},
    {"prefix", "H0, tokens of the prefix the branches share", ""},
    {"tails", "h_i, tokens each branch adds after the prefix", "1 … 256 non-negative integers"},
    {"encoder_layers", "CED encoder layers every prompt token passes", ""},
    {"decoder_layers", "CED decoder layers the replayed window passes", ""},
    {"height", "H_img, image height in pixels after preprocessing",
     "a multiple of patch × merge (vision_tokens), of vae_stride × pack (media_work)"},
    {"width", "W_img, image width in pixels after preprocessing",
     "a multiple of patch × merge (vision_tokens), of vae_stride × pack (media_work)"},
    {"patch", "p_patch, side of a square patch in pixels", ""},
    {"merge", "r, patches merged along each side into one visual token", ""},
    {"feature_width", "width of the encoder's output per token (adds the encoder cache)", ""},
    {"feature_groups", "feature groups kept per token (final layer + DeepStack layers)", ""},
    {"value_bytes", "bytes per stored value (BF16: 2)", ""},
    {"kv_bytes_per_token", "the language model's KV bytes per token (adds visual and input KV)", "a positive decimal"},
    {"images", "images of the same shape in the request", ""},
    {"text_tokens", "text tokens beside the images (counted in the input KV)", ""},
    {"chunk_ms", "d, length of one audio chunk in ms", "a positive decimal"},
    {"chunks", "audio chunks on the timeline", ""},
    {"process_ms", "model processing per chunk, ms", "a non-negative decimal"},
    {"send_ms", "sending per chunk, ms", "a non-negative decimal"},
    {"network_ms", "usual network delay per chunk, ms", "a non-negative decimal"},
    {"late", "chunks with another network delay {chunk, network_ms} (chunk from 0)", "objects"},
    {"buffer_ms", "jitter buffer before the first play, ms", "a non-negative decimal"},
    {"sample_rate", "samples per second", ""},
    {"channels", "audio channels", ""},
    {"sample_bytes", "bytes per sample", ""},
    {"issued_ms", "moment the interrupt is issued, ms", "a non-negative decimal"},
    {"control_ms", "delay until the command reaches the device, ms", "a non-negative decimal"},
    {"poll_ms", "the device acts on commands every this many ms (from 0)", "a positive decimal"},
    {"arrival_ratio", "seconds of playable audio arriving per second", "a non-negative decimal"},
    {"codebooks", "codebooks of one audio frame; the slow path gives the first", ""},
    {"vae_stride", "pixels per latent along each side (the VAE's downsampling)", ""},
    {"pack", "latents packed along each side into one DiT position", ""},
    {"steps", "n_s, denoising steps", ""},
    {"branches", "n_b, DiT forwards per step (true CFG: 2)", ""},
    {"prebuffer_seconds", "audio already buffered when playback starts, s", "a non-negative decimal"},
    {"rows", "models {id, params, tokens}: N and D as decimal strings", "1 … 64 objects"},
    {"gpu_hours", "GPU-hours of the work", "a non-negative decimal"},
    {"gpus", "GPUs working at once for the whole run", ""},
    {"peak_from", "peak FLOP/s of the GPU whose hours are converted", "a positive decimal"},
    {"peak_to", "peak FLOP/s of the GPU they are expressed in", "a positive decimal"},
    {"extra_gpu_hours", "ΔC0, extra training GPU-hours of the smaller model", "a non-negative decimal"},
    {"saving_seconds", "Δc, GPU-seconds the smaller model saves per successful task", "a positive decimal"},
    {"tasks", "expected successful tasks (adds which model is cheaper and by how much)", ""},
    {"total_input", "the turn's whole prompt, cached prefix included", ""},
    {"cached", "positions of the prompt already cached", ""},
    {"edit_at", "position of an edit: the cache is reused up to it", ""},
    {"layers", "layers in the dependency chain", ""},
    {"answer", "the reader's answer, as typed", "text or a number"},
    {"expected", "the expected value: {value, unit, digits?, per?, mistakes?}", "an object"},
    {"text", "text a reader typed into a quantity field", "a string"},
    {"kind", "how that text is read", "`tokens`, `count`, `bytes`"},
    {"bytes_per_token", "a given per-token size instead of a model", "a positive decimal (445, 3514.25)"},
    {"baseline_bytes_per_token", "a per-token size to compare against (adds `ratio`)", "a positive decimal"},
    {"with_window", "add the model's local window per request", "`true`, `false`"},
    {"length", "positions on the replay timeline", ""},
    {"position", "the newest token's position", ""},
    {"window", "replay window size", ""},
    {"stride", "interval of the long-distance marks", ""},
    {"effort", "reasoning effort on the 1 … 100 scale", ""},
    {"config", "a Hugging Face config.json, as an object", "an object"},
    {"config_text", "the same config.json as text (what a reader pastes)", "up to 1 MiB"},
    {"name", "the imported model's name", "a string"},
    // Chapter 3 on chapter 2's model accounting (ops/ch03_model_*.cpp).
    {"labels", "P_label, positions per sequence with a loss (the default: all P)", ""},
    {"head", "which rows run the vocabulary head in training",
     "`full` (every row; masking the loss only), `compact` (labelled rows only)"},
    {"gradients", "gradient storage in the training state", "`fp32` (4 B per parameter), `bf16` (2 B)"},
    {"documents", "lengths of the documents packed into one sequence (block-diagonal causal mask)",
     "1 … 4,096 positive integers"},
    {"baseline", "another packing of documents to compare with (adds `baseline` and `increase_percent`)",
     "1 … 4,096 positive integers"},
    {"accumulation", "a, micro-batches accumulated before one update", ""},
    {"micro_batch", "B_μ, sequences per micro-batch", ""},
    {"bandwidth", "one card's memory bandwidth in GB/s (decimal GB, as vendors state it)", "a positive decimal (1792, 3350)"},
    {"efficiency", "share of the bandwidth a decode step reaches", "a decimal in (0, 1]; the default 1 is the physical bound"},
    {"cards", "identical cards, each running its own batch", ""},
    {"prompts", "prompts in one RL cycle", ""},
    {"answers", "answers generated per prompt", ""},
    {"keep", "samples the policy update keeps", "at most prompts × answers"},
    {"reference_passes", "reference-model forwards over every generated answer", ""},
    {"teacher_passes", "teacher-model forwards (same shape) over every generated answer", ""},
    {"update_epochs", "passes of the policy update over the kept samples", ""},
    {"replicas", "generation replicas that receive the new weights", ""},
    {"demo_usd", "what one decision request cost in the published demo, USD (the input tokens follow from it and the price)",
     "a positive decimal"},
    {"usd_per_million", "the decision model's price per million input tokens, USD", "a positive decimal"},
    {"questions", "questions read off one forward: rows through the vocabulary head", "at most `tokens`"},
    {"peak_tflops", "the card's dense BF16 peak, TFLOP/s", "a positive decimal (989.4 for H100 SXM)"},
    {"compute_efficiency", "share of the peak a prefill reaches", "a decimal in (0, 1]"},
    {"bandwidth_efficiency", "share of the bandwidth a decode step reaches", "a decimal in (0, 1]"},
    {"usd_per_gpu_hour", "rental price of one GPU-hour, USD", "a positive decimal"},
    {"decode_batch", "sequences that share one decode step (GPU-seconds are split among them)", ""},
    {"training_tokens", "D, tokens of a training run", ""},
    {"handoff_usd", "what one hand-off to the LLM costs, USD (the break-even hand-off share follows)", "a positive decimal"},
    // chapter 3's life cycle and compute-optimal split (ops/ch03_flow_lifecycle.cpp)
    {"models",
     "models {id, params, tokens}: N and the training tokens D it needs, as decimal strings; with `fit`, tokens may be left out "
     "and are derived",
     "1 … 64 objects"},
    {"fit",
     "a scaling_fit body (points, holdout_from, alphas, betas): the law that gives each model without tokens the D reaching "
     "target_loss",
     "an object"},
    {"target_loss", "the loss every model without tokens is trained to, read from `fit`",
     "a positive decimal (2.9 in Figure 3-29)"},
    {"prompt", "P, prompt tokens of one call", ""},
    {"output", "G, tokens generated by one call (G − 1 decode steps after the prefill)", ""},
    {"mfu", "share of the peak that training and serving both deliver", "a decimal in (0, 1] (0.4 for 40 %)"},
    {"alpha", "α, the loss exponent on parameters in L = E + A/N^α + B/D^β", "a positive decimal"},
    {"beta", "β, the loss exponent on training tokens", "a positive decimal"},
    {"budget_factor", "k, how many times larger the compute budget becomes", "a positive decimal"},
    // chapter 3's scaling-law fit (ops/ch03_flow_scaling.cpp)
    {"points", "training runs {id, params, tokens, loss}: N, D and the measured loss, as decimal strings", "1 … 64 objects"},
    {"holdout_from", "runs with at least this many parameters are held out of the fit and only checked (absent: none)",
     "a positive decimal (2000000000 in Example 3-5)"},
    {"alphas", "the grid of α tried", "1 … 32 positive decimals"},
    {"betas", "the grid of β tried", "1 … 32 positive decimals"},
    {"params_scale", "N0: N is measured as N/N0 in the law", "a positive decimal (10^9 by default)"},
    {"tokens_scale", "D0: D is measured as D/D0 in the law", "a positive decimal (10^10 by default)"},
};

const char* kind_name(FieldKind k) {
    switch (k) {
        case FieldKind::Integer: return "integer";
        case FieldKind::Decimal: return "decimal";
        case FieldKind::Text: return "text";
        case FieldKind::Flag: return "flag";
        case FieldKind::Model: return "model";
        case FieldKind::List: return "list";
        case FieldKind::Object: return "object";
    }
    return "";
}

const char* kind_name(ResultKind k) {
    switch (k) {
        case ResultKind::Exact: return "exact";
        case ResultKind::Ratio: return "ratio";
        case ResultKind::Display: return "display";
        case ResultKind::Text: return "text";
        case ResultKind::Flag: return "flag";
        case ResultKind::List: return "list";
        case ResultKind::ExactList: return "exact_list";
        case ResultKind::TextList: return "text_list";
        case ResultKind::ExactColumns: return "exact_columns";
        case ResultKind::DisplayColumns: return "display_columns";
        case ResultKind::Object: return "object";
        case ResultKind::How: return "how";
    }
    return "";
}

const char* presence_name(Presence p) {
    switch (p) {
        case Presence::Always: return "always";
        case Presence::Optional: return "optional";
        case Presence::Nullable: return "nullable";
        case Presence::Failure: return "failure";
    }
    return "";
}

Json field_json(const FieldDecl& d) {
    Json j;
    j["name"] = d.name;
    j["kind"] = kind_name(d.kind);
    if (d.kind == FieldKind::Integer) {
        j["min"] = exact_json(d.lo);
        j["max"] = d.limit != nullptr ? Json(d.limit) : exact_json(d.hi);
    }
    j["default"] = d.fallback != nullptr ? Json(d.fallback) : Json(nullptr);
    return j;
}

Json result_json(ResultList list) {
    Json out = Json::array();
    for (const ResultDecl& r : list) {
        Json j;
        j["key"] = r.key;
        j["kind"] = kind_name(r.kind);
        j["presence"] = presence_name(r.presence);
        if (r.kind == ResultKind::List) j["items"] = result_json(r.items);
        out.push_back(j);
    }
    return out;
}

bool explains(const OpDef& op) {
    for (const FieldDecl& d : op.fields) {
        if (std::string(d.name) == "explain") return true;
    }
    return false;
}

}  // namespace

Json schema_json() {
    Json ops = Json::array();
    for (const OpDef* op : all_ops()) {
        Json o;
        o["name"] = op->name;
        o["explains"] = explains(*op);
        o["fields"] = Json::array();
        for (const FieldDecl& d : op->fields) o["fields"].push_back(field_json(d));
        o["fields"].push_back(field_json(fields::kLang));  // every op's (evaluate() reads it)
        o["result"] = result_json(op->result);
        o["samples"] = Json::array();
        for (const char* sample : op->samples) o["samples"].push_back(Json::parse(sample));
        ops.push_back(o);
    }
    Json meanings = Json::array();
    for (const FieldMeaning& m : kFieldMeanings) {
        meanings.push_back({{"name", m.field}, {"meaning", m.meaning}, {"accepted", m.accepted}});
    }
    Json out;
    out["ops"] = ops;
    out["fields"] = meanings;
    return out;
}

}  // namespace tally::api
