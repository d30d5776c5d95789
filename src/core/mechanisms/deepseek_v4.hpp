// DeepSeek V4-Flash mechanisms: window / CSA / HCA attention, mHC, head mixing, MTP.
//
// Counting (COUNTING.md, docs/derivations/deepseek-v4-flash.md): the query at
// 1-based position t attends min(t, w) window positions, plus
// min(⌊t/r⌋, top_k) selected entries (CSA) or ⌊t/r⌋ entries (HCA), at
// 4·heads·head_dim FLOPs each; the CSA index scan is counted over the
// rectangle before masking, 2·index_heads·index_head_dim·B·T·⌊(S+T)/r⌋.
#pragma once

#include "common.hpp"
#include "deepseek_v4_sums.hpp"

namespace tally::mech {

void add_tensors(const V4Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const V4Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const V4Attention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const V4Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MhcConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MhcConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MhcHead& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MhcHead& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MhcHead& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MhcHead& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const MtpBlock& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const MtpBlock& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const MtpBlock& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const MtpBlock& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

namespace v4 {

// Positions / entries one query at position t touches in one layer of x.
// How each count grows with the length (state rows and state_curve).
Count window_count(const V4Attention& x);                // min(N, w)
Count selected_count(const V4Attention& x);              // min(⌊N/r⌋, top_k), or ⌊N/r⌋ without top-k
Count stored_count(const V4Attention& x);                // ⌊N/r⌋
u128 window_positions(const V4Attention& x, u128 t);     // min(t, w)
u128 selected_entries(const V4Attention& x, u128 t);     // min(⌊t/r⌋, top_k), or ⌊t/r⌋ without top-k; 0 for Window
u128 stored_entries(const V4Attention& x, u128 tokens);  // ⌊N/r⌋ completed entries; 0 for Window

// Σ over the queries t = S+1 … S+T of the above (closed forms, no loop).
u128 window_pairs(const V4Attention& x, u128 S, u128 T);
u128 selected_pairs(const V4Attention& x, u128 S, u128 T);
// Index entries the queries of a call (S, T) score: T·⌊(S+T)/r⌋, the
// rectangle before masking (COUNTING.md).
u128 index_scan_pairs(const V4Attention& x, u128 S, u128 T);

// Bytes of one cache entry in a layout ("reference" uses the history dtype).
Ratio main_entry_bytes(const V4Attention& x, const StateOptions& o);
Ratio index_entry_bytes(const V4Attention& x, const StateOptions& o);
// FP32 compressor buffers one layer holds (kv and score, (coff·r) × (coff·dim)
// for the main compressor and, with an indexer, for the index compressor).
u128 buffer_bytes(const V4Attention& x);

}  // namespace v4

}  // namespace tally::mech
