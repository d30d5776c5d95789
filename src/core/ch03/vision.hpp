// Visual tokens and what they occupy (§3.3.1, Figures 3-16 and 3-17,
// Table 3.3.1-a, Exercise 3-5).  An H×W image cut into p×p patches, r×r of
// them merged into one token, gives n_v = H·W / (p²·r²) tokens (640² with
// 16-pixel patches and 2×2 merging: 1600 patches, 400 tokens).  The
// encoder's output (the encoder cache, EC) is n_v × width × groups × bytes
// per value; in the language model each visual token then holds its KV.
#pragma once

#include "core/exact.hpp"

namespace tally::ch03 {

struct VisionTokens {
    u128 patch_rows = 0, patch_cols = 0;  // H/p, W/p
    u128 patches = 0;                     // (H/p)·(W/p)
    u128 token_rows = 0, token_cols = 0;  // H/(p·r), W/(p·r)
    u128 tokens = 0;                      // n_v
};

// height and width multiples of patch·merge (the op checks).
VisionTokens vision_tokens(u128 height, u128 width, u128 patch, u128 merge);

// n_v × width × groups × bytes per value.
u128 encoder_cache_bytes(u128 tokens, u128 feature_width, u128 groups, u128 value_bytes);

// The vision encoder's matrix work for one image (§3.3.1's 1.310 TFLOPs for
// Qwen3-VL-4B at 640²), as the book's calculator counts it: the patch
// embedding (input_width → hidden), per layer QKV (hidden → 3·hidden),
// scores and values over every pair of patches (2·2·P²·hidden, whatever the
// head count), the output projection and the MLP (hidden → intermediate →
// hidden), then one merger per feature group, each r² patches side by side
// (hidden·r²) through hidden·r² → hidden·r² → feature_width.  2 FLOPs a
// multiply-add; biases, norms and softmax are not matrix work.
struct VisionEncoder {
    u128 layers = 0;
    u128 hidden = 0;
    u128 intermediate = 0;
    u128 input_width = 0;  // values per patch: channels × frames × p²
};
u128 vision_encoder_flops(const VisionTokens& v, u128 merge, const VisionEncoder& e, u128 groups, u128 feature_width);

// A request of `images` such images and `text_tokens` text tokens.
struct VisionBudget {
    u128 visual_tokens = 0;  // images × n_v
    u128 ec_bytes = 0;       // images × EC
    Ratio visual_kv;         // images × n_v × c_KV
    Ratio input_kv;          // (images × n_v + text) × c_KV
};
VisionBudget vision_budget(u128 tokens, u128 ec_bytes_each, const Ratio& kv_per_token, u128 images, u128 text_tokens);

}  // namespace tally::ch03
