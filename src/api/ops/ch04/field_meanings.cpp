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
    {"peak_scale", "`projection`: the device's matrix peak times this whole factor (a what-if: 2 doubles P)",
     "1 … 16, default 1"},
    {"bandwidth_scale", "`projection`: the device's memory bandwidth times this whole factor (a what-if: 2 doubles R)",
     "1 … 16, default 1"},
    {"outputs", "N, values per output row", ""},
    {"dtype", "storage format of every value moved (weights, inputs, outputs, link messages)",
     "a catalog format without per-group scales: bf16, fp32, fp8"},
    {"latency_ns", "L, ns from issuing a memory transaction to its data arriving",
     "a positive decimal ≤ 10^9, at most 6 decimals (500)"},
    {"transaction_bytes", "s, bytes one memory transaction brings", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"in_flight", "N_o, memory transactions outstanding at once (adds the bandwidth they reach)", ""},
    {"bytes",
     "V, bytes of the message (`link_time`), of the data read (`little_bandwidth`, adds the read time) or uploaded "
     "(`host_upload`)",
     ""},
    {"blocks", "n, blocks loaded and computed one after another", ""},
    {"load_us", "t_l, μs to load one block", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"compute_us", "t_c, μs to compute one block", "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"alpha_us", "α, fixed μs each transfer costs before its bytes flow", "a positive decimal ≤ 10^9, at most 6 decimals (2)"},
    {"link_bandwidth",
     "R, the link's bandwidth in one direction, GB/s (NVLink on H100: 450; `host_upload`: the host link, default the gpu's PCIe)",
     "a positive decimal ≤ 10^9, at most 6 decimals"},
    {"row_width", "values per row of a message of `rows` rows (the hidden size, 4096)", ""},
    {"pj_per_byte", "energy to read one byte (weights, and KV unless `kv_pj_per_byte`), pJ",
     "a positive decimal; default 31.76 (HBM2, 3.97 pJ/bit)"},
    {"kv_pj_per_byte", "energy to read one byte of KV, pJ", "a positive decimal; default `pj_per_byte`"},
    {"pj_per_flop", "energy per FLOP, pJ", "a positive decimal; default 0.75 (an FP16 multiply-add of 1.5 pJ)"},
    {"pin_gbps", "r, data rate of one HBM pin, Gb/s", "a positive decimal (9.6)"},
    {"pins", "data pins of one HBM stack", "default 1024"},
    {"stacks", "HBM stacks of the device", "default 1"},
    {"slots", "input slots (on-chip buffers) a tile's chunks rotate through", ""},
    {"chunks",
     "`slot_pipeline`: chunks of one tile's operands, computed in order; chapter 3's `audio_timeline`: audio chunks on the "
     "timeline",
     ""},
    {"transfer_ticks", "ticks one chunk occupies the interface", "default 64 (16 KiB at 256 B per tick)"},
    {"latency_ticks", "ticks from a transfer's end to its data being usable", "default 128"},
    {"compute_ticks", "ticks the matrix unit computes one chunk", "default 128"},
    {"chunk_bytes", "bytes of one chunk (what one slot holds)", "default 16384"},
    {"elements", "n, values of the tensor", ""},
    {"bits", "b, bits per value", ""},
    {"group", "g, values sharing one scale; 0 for none", "default 32 (MX formats)"},
    {"scale_bytes", "s, bytes of one scale; 0 for none", "default 1"},
    {"tile_rows",
     "m_t: rows of the matrix unit's tile (`tile_padding`) or of one expert's tile (`expert_padding`); rows of the "
     "sub-tile read (`strided_tile`)",
     "default 16 (`strided_tile`: 128)"},
    {"tile_cols", "values in one row of the sub-tile (`strided_tile`)", "default 128; at most `matrix_cols`"},
    {"matrix_cols", "values in one row of the whole row-major matrix: the stride between the sub-tile's rows", "default 4096"},
    {"tile_outputs", "n_t, output columns of the tile", "default 16"},
    {"tile_inputs", "k_t, input values of the tile", "default 16"},
    {"top_k", "k, experts each token is sent to", ""},
    {"experts", "E, routed experts of the layer", "default 256; at least `top_k`"},
    {"fixed_cost", "F₀, one-off cost of the specialised design", "a positive decimal"},
    {"saving_per_million", "Δc, cost saved per million tokens (F₀'s currency)", "a positive decimal"},
    {"machines", "D, machines serving", "default 1"},
    {"tokens_per_second", "q: tokens per second per machine (`specialization_breakeven`) or per request (`rom_split`)",
     "a positive decimal"},
    {"utilisation", "u, the share of time the machines serve", "a decimal in (0, 1]; default 1"},
    {"life_years", "L, service life in years of 365 days", "a positive decimal; default 1"},
    {"stack_bytes", "bytes of one HBM stack", "default 24000000000 (24 GB, HBM3E 8-high)"},
    {"prefill_tokens", "positions of the prefill whose matrix time `device_budget` bounds", "default 4096"},
    {"devices", "catalog GPU ids (or aliases) to compare", "a list of 1 … 64 ids; default Figure 4-36's eleven"},
    {"tdp_watts", "the device's power limit, W (overrides the catalog's TDP)", "a positive decimal"},
    {"e_over_b", "energy per FLOP of the design over the budget b", "a positive decimal; default 1.5"},
    {"from", "`device_compare`: the card compared from (a catalog id or alias)", "`catalog`'s gpus"},
    {"to", "`device_compare`: the card compared to", "`catalog`'s gpus"},
    {"v_before", "supply voltage before, V", "a positive decimal (0.85)"},
    {"v_after", "supply voltage after, V", "a positive decimal (0.55)"},
    {"clock_ratio", "clock after over clock before", "a positive decimal (0.37)"},
    {"power_ratio", "power of the new design over the old", "a positive decimal, with `area_ratio`"},
    {"area_ratio", "area of the new design over the old", "a positive decimal, with `power_ratio`"},
    {"uses", "R, times the uploaded data is read on the device", "default 1"},
    {"chip_bytes", "on-chip SRAM of one chip, bytes", "default 230686720 (220 MiB, Groq TSP)"},
    {"query_rows", "q, query rows of one attention tile", "default 128"},
    {"key_rows", "k, key (and value) rows of one attention tile", "default 128"},
    {"head_dim", "d, values per head", "default 128"},
    {"matrix_flops_per_cycle", "the matrix unit's FLOPs per cycle", "a positive decimal; default 8192 (one B200 SM)"},
    {"exps_per_cycle", "exponentials per cycle", "a positive decimal; default 16"},
    {"smem_bytes_per_cycle", "shared-memory bytes per cycle", "a positive decimal; default 128"},
    {"matrix_speedup", "times faster the matrix unit is made", "default 1"},
    {"exp_speedup", "times faster the exponential unit is made", "default 1"},
    {"smem_speedup", "times faster the shared-memory interface is made", "default 1"},
    {"input_height", "H, rows of the convolution's input feature map (`im2col_traffic`)", "default 56"},
    {"input_width", "W, columns of the input feature map", "default 56"},
    {"in_channels", "C_in, input channels", "default 64"},
    {"kernel_size", "k, side of the square convolution kernel (stride 1, same padding)", "default 3"},
    {"out_channels", "C_out, output channels", "default 64"},
    {"vector_bytes", "bytes the vector unit processes per instruction", "default 256 (Ascend 910)"},
    {"handoffs", "hand-offs between the matrix and the vector unit per tile (scores, then probabilities)", "default 2"},
    {"deadline_us", "μs within which the hand-offs must finish (the matrix unit's time for the tile)",
     "a positive decimal; default 1.024 (1,024 cycles at 1 GHz)"},
    {"port_bandwidth", "GB/s of the outer interface (a shared cache) available to one core",
     "a positive decimal; default 94 (Ascend 910's LLC per core)"},
    {"bytes_per_die", "V, bytes each die holds and the phase reads (`die_locality`)", ""},
    {"exchange_bytes", "X, inputs and results crossing the die link when the work stays where the weights are", "default 0"},
    {"local_bandwidth", "one die's memory bandwidth, GB/s", "a positive decimal; default the gpu's bandwidth over its dies"},
    {"die_link_bandwidth", "the link between the dies, GB/s in one direction",
     "a positive decimal; default the gpu's die link (Ascend 910C: 270)"},
};

}  // namespace

DeclList<FieldMeaning> ch04_field_meanings() { return kMeanings; }

}  // namespace tally::api
