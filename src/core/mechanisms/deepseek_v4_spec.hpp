// DeepSeek V4-Flash data: window / CSA / HCA attention, mHC connections,
// the mHC head mixing and the MTP block.
//
// The shapes are those of Table 2-4 and §2.3.3; docs/derivations/
// deepseek-v4-flash.md lists where each number comes from.
#pragma once

#include "../exact.hpp"

namespace tally {

// One attention layer of DeepSeek V4-Flash.  Every kind has the same
// projections (q low-rank, one shared KV record that is both key and value,
// grouped low-rank output) and a sliding window; the kinds differ in the
// long-term context they keep:
//   Window  only the window;
//   Csa     entries compressed `ratio`:1 with `overlap` neighbouring blocks,
//           a `top_k` selection from an indexer of `index_heads` × `index_head_dim`;
//   Hca     entries compressed `ratio`:1, no overlap, every completed entry read.
struct V4Attention {
    enum class Kind { Window, Csa, Hca };
    Kind kind = Kind::Window;

    u64 heads = 0;
    u64 head_dim = 0;    // one shared KV record of head_dim values per position / entry
    u64 q_latent = 0;    // q down-projection width (q low rank)
    u64 out_groups = 0;  // grouped output: each group maps heads·head_dim/out_groups → out_rank
    u64 out_rank = 0;
    u64 window = 0;  // sliding window, in positions (every kind)

    u64 ratio = 0;        // positions per compressed entry; 0 = none (Window)
    u64 overlap = 1;      // coff: blocks one entry summarises (CSA 2, HCA 1)
    u64 top_k = 0;        // compressed entries the main attention selects; 0 = all completed (HCA)
    u64 index_heads = 0;  // indexer (CSA only; 0 = none)
    u64 index_head_dim = 0;

    // The released ("production") cache formats of §2.3.6: main and window
    // entries of `production_entry_bytes` (FP8/BF16 mix), index entries in a
    // block format of `production_index_bits` per value plus one
    // `production_index_scale_bytes` scale per `production_index_group` values.
    u64 production_entry_bytes = 0;
    u64 production_index_bits = 0;
    u64 production_index_group = 0;
    u64 production_index_scale_bytes = 0;

    bool compressed() const { return ratio != 0; }
    bool indexed() const { return index_heads != 0; }
};

// mHC (§2.5.2): the residual stream widened to `streams` copies; each of a
// layer's two sublayers (attention, FFN) computes (2 + n)·n mixing logits
// (pre n, post n, comb n×n) from the flattened n·d state.
struct MhcConnection {
    u64 streams = 0;
    u64 sublayers = 2;
    u64 mix_width() const { return (2 + streams) * streams; }
};

// The final merge of the mHC streams before the vocabulary head: n logits
// from the flattened n·d state, on every row of the call (§2.5.2: the 555
// GFLOPs of an 8192-token prefill include it for all 8192 rows).
struct MhcHead {
    u64 streams = 0;
};

// The multi-token-prediction block (§2.5.3).  Its composition is not in the
// chapter; it follows the reference implementation (see the derivation §5):
// an embedding projection d×d, a hidden projection d×d on each mHC stream
// (or once), one window-only attention layer with its MoE, its mHC sublayers
// and its own head mixing, then the shared vocabulary head.  It runs only
// when a call asks for MTP steps; its weights are not in the trunk's counts.
struct MtpBlock {
    bool embed_proj = true;
    bool hidden_proj_per_stream = true;
    V4Attention attention;  // a Window kind
    u64 experts = 0;
    u64 top_k = 0;
    u64 expert_intermediate = 0;
    u64 shared_intermediate = 0;
    MhcConnection connection;
    MhcHead head;
};

}  // namespace tally
