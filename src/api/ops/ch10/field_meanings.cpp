// What chapter 10's own request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
// Fields whose names earlier chapters already define (model, tokens, gpu,
// peak_tflops, efficiency, cards, days, gradients, …) keep those meanings.
#include "api/ops/ch10/ops.hpp"

namespace tally::api {

namespace {

constexpr const char* kDecimal = "a positive decimal ≤ 10^12, at most 6 decimals";

constexpr FieldMeaning kMeanings[] = {
    {"params", "N, the parameter count, instead of a model (`zero_state`)", "1 … 2^53 − 1"},
    {"sequence", "tokens per training sequence (8192)", "1 … 16,777,216"},
    {"days", "days of training the compute floor has (`compute_floor`)", kDecimal},
    {"micro_batches", "m, micro-batches per optimizer step in the pipeline", "1 … 256"},
    {"matrix_rows", "rows of the gradient matrix (12288)", "1 … 16,777,216"},
    {"matrix_columns", "columns of the gradient matrix (4096)", "1 … 16,777,216"},
    {"cpu_gb_per_second", "the CPU's memory bandwidth, GB/s (one 4th-gen Xeon with 8 × DDR5-4800: 307.2)", kDecimal},
    {"gpu_gb_per_second", "the GPU's memory bandwidth, GB/s, instead of the catalog's `gpu`", kDecimal},
    {"members", "ranks in the ring all-reduce", "2 … 1,048,576"},
    {"startup_ms", "fixed ms each all-reduce costs before its bytes flow", "0 or a positive decimal"},
    {"buckets", "equal buckets the gradient is split into", "1 … 1,024"},
    {"gap_ms", "ms of compute a reduce should fit into", kDecimal},
    {"base_step_seconds", "seconds per step on the base card count", kDecimal},
    {"step_seconds", "seconds per step on `cards` cards", kDecimal},
    {"cards_list", "card counts to compare", "1 … 16 whole numbers"},
    {"mean_seconds", "μ, mean compute seconds per step on one card", kDecimal},
    {"fixed_seconds", "seconds per step outside the cards' compute (exposed communication and input wait)", "0 or a positive decimal"},
    {"sigma_percent", "σ as a percent of μ", kDecimal},
    {"efficiency_percent", "per-card compute efficiency, percent of the dense peak (the chapter's 40, from Llama 3's 38–43 % MFU)", "above 0, at most 100"},
    {"gradient_bytes", "bytes of the gradient the all-reduce carries (one Qwen3-235B expert in FP32: 72 MiB)", ""},
    {"train_tokens", "D, effective training tokens (100 billion)", ""},
    {"generation_per_second", "r_g, trajectories generated per second", kDecimal},
    {"verification_per_second", "r_v, trajectories verified per second", kDecimal},
    {"learning_per_second", "r_l, trajectories the learner consumes per second", kDecimal},
    {"keep_percent", "q, percent of trajectories kept for learning", "above 0, at most 100"},
    {"generation_seconds", "seconds to generate one batch", kDecimal},
    {"learning_seconds", "seconds to learn from one batch", kDecimal},
    {"sync_seconds", "seconds to send the new weights to the generators", "0 or a positive decimal"},
    {"stale_keep_percent", "percent of an overlapped (one version stale) batch still usable", "above 0, at most 100"},
    {"train_gib", "GiB the training state holds on the card", kDecimal},
    {"kv_gib", "GiB of the generation's KV pool", "0 or a positive decimal"},
    {"shared_gib", "GiB both roles keep (runtime, buffers)", "0 or a positive decimal"},
    {"moe_layers", "MoE layers whose routing is recorded", "1 … 1,024"},
    {"top_k", "experts each token is routed to", "1 … 1,024"},
    {"id_bytes", "bytes per stored expert id (uint16: 2, int32: 4)", "1 … 8"},
    {"snapshot_gb", "GB of one snapshot (the teaching 112 GB, not the 14N = 115 GB checkpoint)", kDecimal},
    {"captures_seconds", "training times at which snapshots are captured", "1 … 64 positive decimals (20, 40)"},
    {"copy_seconds", "seconds the step pauses to copy each snapshot", "0 or a positive decimal"},
    {"failure_seconds", "training time at which the job fails", kDecimal},
    {"shards", "d, cards the training state is sharded over (`zero_state`)", "1 … 1,048,576"},
    {"stage", "ZeRO stage: 0 shards nothing, 1 the optimizer state, 2 also the gradients, 3 also the weights", "0, 1, 2, 3"},
    {"live_gib", "GiB of activations, full-module weights and workspace alive at once, added to the state", "0 or a positive decimal"},
    {"usable_gib", "GiB each card can use (the chapter's RTX 4090: 22)", kDecimal},
    {"sequences", "sequences per optimizer step (`training_deadline`: 384)", "1 … 16,777,216"},
    {"cards_per_host", "cards in one host (8)", "1 … 1,024"},
    {"link_gb_per_second", "one-way GB/s of the link each card's collectives cross (PCIe 4.0 x16: 32; one 200 Gb/s NIC: 25)",
     kDecimal},
    {"input_wait_seconds", "average seconds a step waits for input data", "0 or a positive decimal"},
    {"checkpoint_bytes_per_param", "bytes per parameter a checkpoint keeps (BF16 weights, FP32 master, Adam m and v: 14)",
     "1 … 64"},
    {"checkpoint_bytes", "bytes of one checkpoint, instead of the model's parameters × bytes per parameter", ""},
    {"checkpoint_gb_per_second", "GB/s at which a checkpoint is written (DGX SuperPOD \"Good\" tier: 7)", kDecimal},
    {"interval_seconds", "τ, seconds of useful training between two saves", kDecimal},
    {"intervals_seconds", "save intervals τ to compare, seconds", "1 … 64 positive decimals (300, 900, 1800)"},
    {"job_mtbf_hours", "hours between interruptions of the reference job (Meta's 1,024-card jobs: 7.9)", kDecimal},
    {"mtbf_cards", "cards of that reference job; interruptions grow in proportion to the card count", "1 … 1,048,576"},
    {"recovery_seconds", "r, seconds to restart and reload after an interruption", "0 or a positive decimal"},
    {"spike_every_days", "average days between loss spikes that force a rollback (added to the interruption rate)", kDecimal},
    {"extra_per_day", "further whole-job interruptions per day (added to the interruption rate)", kDecimal},
    {"deadline_days", "days until the run must be done", kDecimal},
    {"reserve_days", "days of the deadline kept for start-up, evaluation and planned stops", "0 or a decimal below deadline_days"},
    {"stages", "p, pipeline stages", "2 … 64"},
    {"schedule", "pipeline order: fill-drain (all forwards, then all backwards) or 1f1b", "fill-drain, 1f1b"},
    {"forward_ms", "T_F, ms one stage takes for one micro-batch's forward", kDecimal},
    {"backward_ms", "ms one stage takes for one micro-batch's whole backward", kDecimal},
    {"weight_grad_ms", "T_W, the weight-gradient part of the backward, ms (the rest is T_B)", "0 or a positive decimal"},
    {"link_ms", "ms one activation or gradient takes between neighbouring stages", "0 or a positive decimal"},
    {"update_ms", "ms of the parameter update after the last gradient", "0 or a positive decimal"},
    {"virtual_stages", "v, model chunks per card in interleaved 1F1B", "1 … 64"},
    {"load_groups", "experts grouped by load: [{experts, load}], load in dispatches per expert",
     "1 … 64 objects; default 64 experts at 768 and 64 at 256"},
    {"capacity_factors", "capacity factors c to compare", "1 … 32 positive decimals"},
    {"batch_tokens", "B, tokens per optimizer step", ""},
    {"noise_tokens", "B_noise, the gradient noise scale in tokens", ""},
    {"base_cards", "cards of the base run that `multiples` scale", "1 … 1,048,576"},
    {"step_seconds", "seconds per step held fixed under weak scaling", kDecimal},
    {"compute_seconds", "seconds of compute per step on the base cards (strong scaling divides it)", kDecimal},
    {"fixed_seconds", "seconds per step that do not shrink with more cards", "0 or a positive decimal"},
    {"multiples", "k, multiples of the base batch (weak) or cards (strong)", "1 … 32 positive decimals"},
};

}  // namespace

DeclList<FieldMeaning> ch10_field_meanings() { return kMeanings; }

}  // namespace tally::api
