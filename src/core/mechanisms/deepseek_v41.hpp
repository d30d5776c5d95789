// DeepSeek V4.1 Flash mechanisms: CSA2, Single-Pass mHC, Engram.
//
// Counting (docs/derivations/deepseek-v4.1-flash.md, COUNTING.md): a query
// with visible count v = t + 1 (itself included) attends min(v, window)
// local entries plus min(⌊v/r⌋, top_k) global ones; a Full layer's indexer
// scans ⌊v/r⌋ entries and a Reindex layer min(⌊v/r⌋, pool) on the causal
// (CED) path, while the reference path scans the rectangle P·⌊(S+P)/r⌋
// before masking.  A CED decoder call (effective_call: input = min(P, W),
// global_input = P) that replays only the prompt tail sees only the replayed
// window entries.  Line ids carry the group's role ("enc_", "dec_") so the
// stages of Table 2-D stay apart on both paths.
#pragma once

#include "common.hpp"
#include "deepseek_v41_sums.hpp"

namespace tally::mech {

void add_tensors(const Csa2Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const Csa2Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const Csa2Attention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);
Ratio decode_shrink(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);
Ratio decode_growth_on(const Csa2Attention& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers);
Ratio decode_shrink_on(const Csa2Attention& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers);

void add_tensors(const SinglePassMhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const SinglePassMhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const SinglePassMhcConnection& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o,
               StateResult& out);
Ratio decode_growth(const SinglePassMhcConnection& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

void add_tensors(const EngramBranch& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out);
void add_forward(const EngramBranch& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out);
void add_state(const EngramBranch& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out);
Ratio decode_growth(const EngramBranch& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers);

namespace v41 {

// The candidate pool the decoder's first Full layer builds for one query
// facing `entries` global entries: entries are scored, grouped in blocks of
// pool_block_size, the best pool_blocks blocks kept (section 2.3.6's example:
// 131,072 entries → 16,384 blocks → 2,048 kept → 16,384 candidates).
struct CandidatePool {
    u128 blocks = 0;
    u128 kept_blocks = 0;
    u128 candidates = 0;
    u128 selected = 0;  // top-k each Reindex layer then picks inside the pool
};
CandidatePool candidate_pool(const Csa2Attention& builder, u128 entries);

// Bytes of one stored entry of `values` numbers in a production format.
Ratio entry_bytes(const EntryFormat& f, u64 values);

// Σ_{j<n} [F(H+j) − F(H)] over every CSA2 group of the model (B requests,
// CED counting), split into what grows and what shrinks: a ratio-r owner
// writes index keys only on steps where r divides v, so a decode step's
// FLOPs are not monotone in S and the sum can be negative.  decode_growth()
// returns plus − minus and raises NegativeResult when that is negative,
// because the generic n·F(H) + Σ growth carries no negative term.
struct DecodeGrowth {
    Ratio plus;
    Ratio minus;
};
// On the reference path a Reindex layer's index scan is not capped by the
// candidate pool (see scan_count), which matters past pool_entries entries.
DecodeGrowth decode_growth_parts(const ModelSpec& m, u128 batch, u128 H, u128 n, bool reference = false);

}  // namespace v41

}  // namespace tally::mech
