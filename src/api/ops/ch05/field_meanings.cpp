// What chapter 5's request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's; a
// name listed by several chapters keeps the last one's text, so a field
// chapter 5 shares with earlier chapters says both meanings here).
#include "api/ops/ch05/ops.hpp"

namespace tally::api {

namespace {

constexpr const char* kDecimal = "a positive decimal ≤ 10^9, at most 6 decimals";
constexpr const char* kDecimalOrZero = "a decimal from 0 to 10^9, at most 6 decimals";

constexpr FieldMeaning kMeanings[] = {
    {"rows",
     "`projection`, `link_time` (chapter 4), `gemm_tile_traffic`: M, rows of the input; `split_reduction`: rows reduced; "
     "`bank_conflicts`: rows of the matrix in shared memory; `training_budget` (chapter 3): models {id, params, tokens}",
     "an integer; 1 … 64 objects in `training_budget`"},
    {"compute_us",
     "`double_buffer` (chapter 4): t_c, μs to compute one block; `graph_replay`: the kernels' own device time per call, μs",
     kDecimal},
    {"values", "`percentile` (chapter 3): observations; `online_softmax`: the value each score weighs", "non-negative decimals"},
    {"width", "`vision` (chapter 3): W_img, image width in pixels; `split_reduction`: values per row", "an integer"},
    {"calls",
     "`lifecycle_cost` (chapter 3): calls at which to read each model's cost line; `shape_mix`: calls of each shape; `amortize`: "
     "calls sharing the preparation",
     "integers"},
    {"length", "`replay` (chapter 2): positions on the timeline; `attention_materialized`, `flash_tile`: L, sequence length", ""},
    {"elements", "`quant_bytes` (chapter 4): n, values of the tensor; `fusion_traffic`: elements of every tensor of the chain",
     ""},
    {"segments", "`host_pipeline`: n, segments the host prepares and the device runs; `split_reduction`: pieces of each row", ""},
    {"host_us", "h, μs the host spends preparing one segment", kDecimal},
    {"device_us", "d, μs the device spends running one segment", kDecimal},
    {"host_wait_us", "μs a call without the graph waits for the host to submit its kernels", kDecimalOrZero},
    {"graph_prep_us", "μs to prepare one graph replay", kDecimalOrZero},
    {"input_bytes", "V, bytes of input copied into the graph's fixed buffers", ""},
    {"tile_m", "m, rows of the output tile", ""},
    {"tile_n", "n, columns of the output tile", ""},
    {"tile_k", "k, the K step each block loads at once", ""},
    {"in_bytes", "bytes per input value (BF16: 2)", ""},
    {"acc_bytes", "bytes per accumulator value (FP32: 4)", ""},
    {"out_bytes", "bytes per output value (BF16: 2)", ""},
    {"buffers", "copies of each input slice a block keeps (2: double buffering)", ""},
    {"smem_per_sm", "shared memory of one SM in bytes; default the gpu's (content/hardware)", "an integer (233472 on H100)"},
    {"reserve_bytes", "bytes the runtime reserves per resident block (1 KiB)", ""},
    {"block_limit", "the most shared memory one block may use, bytes (RTX PRO 6000: 99 KB = 101,376); 0: no separate cap", ""},
    {"threads", "threads of one block", ""},
    {"registers_per_thread", "32-bit registers each thread uses", ""},
    {"smem_bytes", "shared memory one block uses, bytes (before the reserve)", ""},
    {"sm_threads", "thread slots of one SM (compute capability 9.0: 2,048)", ""},
    {"sm_registers", "32-bit registers of one SM (compute capability 9.0: 65,536)", ""},
    {"sm_blocks", "most blocks one SM holds (compute capability 9.0: 32)", ""},
    {"sms", "the device's SM count; default the gpu's", ""},
    {"warps", "`latency_hiding`: warps resident on one SM; `mma_count`: warps sharing the tile", ""},
    {"loads_per_warp", "loads each warp keeps outstanding", ""},
    {"bytes_per_load", "bytes each thread's load brings", ""},
    {"warps_per_block", "warps of one block (to turn warps needed into blocks)", ""},
    {"mma_m", "rows of one matrix instruction's output", ""},
    {"mma_n", "columns of one matrix instruction's output", ""},
    {"mma_k", "depth of one matrix instruction", ""},
    {"copy_bytes", "bytes one K step copies into shared memory", ""},
    {"block_flops", "FLOPs of one K step of the tile", ""},
    {"cols", "columns of the matrix in shared memory, 4-byte words", ""},
    {"banks", "shared-memory banks, each serving one 4-byte word per round", ""},
    {"pad_words", "words added at the end of each row (layout pad; default 1)", ""},
    {"layout", "how rows are stored: plain, pad (padded rows) or xor (column c of row r at c ⊕ r)", "plain, pad, xor"},
    {"stages", "the chain's elementwise operators, in order",
     "1 … 10 objects {inputs: [bytes per element], output: bytes per element}"},
    {"cuts", "operators (from 1) after which a kernel ends; default after every one", "integers from 1 to stages − 1"},
    {"splits", "`reduction_order`: segment counts to compare (each divides the row)",
     "1 … 16 integers; default 1, 2, 4, 8, 16, 32"},
    {"merge_segments", "`reduction_order`: the split whose partial sums are added in every order", "1 … 8"},
    {"rounding", "`reduction_order`: how the row bf16(sin(i + 1)) is converted to BF16 (the book's Figure 5-13: truncate)",
     "truncate, nearest"},
    {"q_bytes", "`quant_fusion_traffic`: bytes per quantised input value (FP8: 1)", ""},
    {"w_bytes", "`quant_fusion_traffic`: bytes per weight (FP8: 1)", ""},
    {"rows_per_block", "`persistent_tiles`: tokens per data block", ""},
    {"activation_bytes", "`persistent_tiles`: bytes the activation reads and writes per element (BF16 in and out: 4)", ""},
    {"launch_us", "`persistent_tiles`: μs per kernel launch", "a positive decimal; default 5"},
    {"schedule_us", "`persistent_tiles`: μs each task spends being scheduled", "a decimal ≥ 0; default 0.5"},
    {"notify_us", "`persistent_tiles`: μs each task spends signalling completion", "a decimal ≥ 0; default 0.2"},
    {"layers",
     "`dependency_chain`: layers in the dependency chain; `request_hotspot`: model layers, each running the operator once per "
     "step",
     ""},
    {"input_tokens", "`request_hotspot`: P, the request's input tokens (the prefill's rows)", ""},
    {"output_tokens", "`request_hotspot`: G, output tokens: one prefill and G − 1 decode steps", ""},
    {"prefill_old_ms", "`request_hotspot`: the operator's measured prefill time before the change, ms", kDecimal},
    {"prefill_new_ms", "`request_hotspot`: the same after the change, ms", kDecimal},
    {"decode_old_ms", "`request_hotspot`: the operator's measured decode time before the change, ms", kDecimal},
    {"decode_new_ms", "`request_hotspot`: the same after the change, ms", kDecimal},
    {"trace_ms", "`request_hotspot`: the measured trace the operator's time is part of, ms (adds its share)", kDecimal},
    {"slot_bytes", "`relayout_buffer`: bytes of one queued block", ""},
    {"queued", "`relayout_buffer`: blocks the producer wants queued", ""},
    {"relayout_bytes", "`relayout_buffer`: bytes of the relayout area", ""},
    {"resident", "`relayout_buffer`: blocks sharing one SM", ""},
    {"head_dim", "d, the head dimension", ""},
    {"score_bytes", "bytes per score and probability (FP32: 4)", ""},
    {"kv_rows", "b, rows of each K/V block", ""},
    {"prefetch_slots", "extra K/V slots for prefetching the next block", ""},
    {"weights", "each score s as its exponential e^s, so every step stays exact", "positive decimals"},
    {"block", "scores taken per online-softmax step", ""},
    {"block_maxima", "the largest magnitude in each block of the row", "positive decimals"},
    {"element", "the value to quantise; default its block's largest", kDecimalOrZero},
    {"element_block", "the block (from 1) that holds `element`", ""},
    {"old_us", "μs per call of each shape with the old implementation", "positive decimals"},
    {"new_us", "μs per call of each shape with the new implementation", "positive decimals"},
    {"counts", "calls with each row count of `rows` (shape_strategies)", "integers"},
    {"buckets", "row counts compiled ahead, ascending; a call is padded to the smallest that holds it", "integers"},
    {"flops_per_row", "FLOPs each row costs (Qwen3-8B FFN: 6·4096·12288)", ""},
    {"tflops", "throughput of the general, bucketed and specialised programs, TFLOP/s", "three positive decimals"},
    {"prepare_ms",
     "`shape_strategies`: one-off preparation of the general, bucketed and specialised programs, ms; `amortize`: the one-off "
     "preparation (compiling, allocating), ms",
     "decimals ≥ 0 (three in `shape_strategies`)"},
    {"run_ms", "`amortize`: time of one call after the preparation, ms", kDecimal},
    {"groups", "r, groups of calls the preparation is spread over", ""},
    // Chapter 3's ops, widened for chapter 5's examples (issue 41).
    {"time_unit", "`amdahl`: the unit of total and part, for the displays (Example 5-2 is in μs)", "s (default), ms, us"},
    {"extra_gpu_seconds", "`break_even_tasks`: ΔC0 in GPU-seconds, instead of extra_gpu_hours (10 minutes: 600)",
     "a non-negative decimal"},
    {"tasks_per_second", "`break_even_tasks`: calls per second, to time reaching the break-even (adds break_even_wall_seconds)",
     "a positive decimal"},
};

}  // namespace

DeclList<FieldMeaning> ch05_field_meanings() { return kMeanings; }

}  // namespace tally::api
