// DeepSeek V4.1 Flash data: CSA2 attention (Full / Reindex / Reuse / SWA),
// Single-Pass mHC and the Engram branch.  Shapes come from Table 2-6 and
// section 2.3.6; docs/derivations/deepseek-v4.1-flash.md derives every
// printed number from them.
#pragma once

#include "../exact.hpp"

namespace tally {

// What a CSA2 layer does with the global cache (section 2.3.6):
//   SwaOnly  only the local sliding window (V4.1's layers 0 and 1);
//   Full     owns a global cache: projects global KV (and, at ratio > 1, a
//            compression gate), writes index keys, runs its own indexer and
//            selects top-k; the decoder's first Full layer also builds the
//            candidate pool;
//   Reindex  reads a shared cache and re-selects top-k with its own index
//            query, searching only the candidate pool;
//   Reuse    reads a shared cache and reuses the selection already made.
enum class Csa2Mode { SwaOnly, Full, Reindex, Reuse };

// How one stored cache entry of `values` numbers is encoded in the
// production layout: `bits` per value plus one `scale_bytes` scale per
// `group_size` values (288 B = 512·4/8 + 512/16 for V4.1's FP4 main entry).
// `given` is false when the model file states no production format; the
// entry then stays in the reference precision and says so.
struct EntryFormat {
    bool given = false;
    u64 bits = 16;
    u64 group_size = 0;  // 0 = no per-group scale
    u64 scale_bytes = 0;
};

struct Csa2Attention {
    Csa2Mode mode = Csa2Mode::SwaOnly;
    u64 heads = 0;              // query heads (64)
    u64 head_dim = 0;           // per head; also the width of one KV entry (512)
    u64 q_rank = 0;             // low-rank query: hidden → q_rank → heads·head_dim (1280)
    u64 output_groups = 0;      // grouped output projection: groups of heads·head_dim/groups → output_rank (8)
    u64 output_rank = 0;        // (1024); the groups are then concatenated and projected to hidden
    u64 window = 0;             // sliding-window entries per layer (128)
    u64 cache_ratio = 0;        // positions per global entry of the cache the layer owns (Full) or reads; 0 for SwaOnly
    u64 top_k = 0;              // selected global entries per query (512)
    u64 index_heads = 0;        // indexer heads (32); Full and Reindex only
    u64 index_head_dim = 0;     // (128)
    u64 pool_blocks = 0;        // candidate pool: blocks kept (2048) — on the Full layer that builds it
    u64 pool_block_size = 0;    //   and entries per block (8); a Reindex layer names the pool it searches
    EntryFormat main_format;    // production encoding of an owned main entry (Full only)
    EntryFormat index_format;   // production encoding of an owned index entry (Full only)
    EntryFormat window_format;  // production encoding of a window entry

    bool owns_cache() const { return mode == Csa2Mode::Full; }
    bool reads_global() const { return mode != Csa2Mode::SwaOnly; }
    bool runs_indexer() const { return mode == Csa2Mode::Full || mode == Csa2Mode::Reindex; }
    bool builds_pool() const { return mode == Csa2Mode::Full && pool_blocks != 0; }
    u128 pool_entries() const { return mul(pool_blocks, pool_block_size); }
};

// Single-Pass mHC (Table 2-A): `streams` residual streams; each sublayer
// (attention and FFN) has one (streams·hidden) × (streams² + 2·streams)
// projection computing its mixing coefficients (20480 × 24 for V4.1).
struct SinglePassMhcConnection {
    u64 streams = 0;
};

// An n-gram lookup branch (Table 2-6); `enabled` is false on layers without
// Engram.  One row of `bucket_dim` is gathered from each of `buckets` hash
// buckets and the concatenation is projected to `keys` keys plus one shared
// value of the hidden width.  The lookup tables are sized either by
// `table_rows` (rows per bucket) or, where only a checkpoint's tensor
// inventory gives them, by `lookup_params` (tables and gates of one layer);
// with neither they are listed but not counted.
struct EngramBranch {
    bool enabled = false;
    u64 buckets = 0;              // 24
    u64 bucket_dim = 0;           // 256
    u64 keys = 0;                 // 4
    u64 table_rows = 0;           // not given for V4.1
    u64 lookup_params = 0;        // per layer, tables and gates (V4.1: 98,306,965,760)
    u64 token_history_bytes = 0;  // per stored position: the int64 token-id history n-grams are built from
    u128 lookup_width() const { return mul(buckets, bucket_dim); }
};

}  // namespace tally
