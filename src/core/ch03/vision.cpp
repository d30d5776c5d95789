#include "core/ch03/vision.hpp"

namespace tally::ch03 {

VisionTokens vision_tokens(u128 height, u128 width, u128 patch, u128 merge) {
    VisionTokens v;
    v.patch_rows = height / patch;
    v.patch_cols = width / patch;
    v.patches = mul(v.patch_rows, v.patch_cols);
    v.token_rows = v.patch_rows / merge;
    v.token_cols = v.patch_cols / merge;
    v.tokens = mul(v.token_rows, v.token_cols);
    return v;
}

u128 encoder_cache_bytes(u128 tokens, u128 feature_width, u128 groups, u128 value_bytes) {
    return mul(tokens, feature_width, groups, value_bytes);
}

VisionBudget vision_budget(u128 tokens, u128 ec_bytes_each, const Ratio& kv_per_token, u128 images, u128 text_tokens) {
    VisionBudget b;
    b.visual_tokens = mul(images, tokens);
    b.ec_bytes = mul(images, ec_bytes_each);
    b.visual_kv = kv_per_token * Ratio(b.visual_tokens);
    b.input_kv = kv_per_token * Ratio(add(b.visual_tokens, text_tokens));
    return b;
}

u128 vision_encoder_flops(const VisionTokens& v, u128 merge, const VisionEncoder& e, u128 groups, u128 feature_width) {
    const u128 p = v.patches, h = e.hidden;
    const u128 embed = mul(2, p, e.input_width, h);
    const u128 qkv = mul(2, p, h, mul(3, h));
    const u128 pairs = mul(4, p, p, h);  // QKᵀ and PV, 2·P²·hidden each
    const u128 out = mul(2, p, h, h);
    const u128 mlp = mul(4, p, h, e.intermediate);
    const u128 blocks = mul(e.layers, add(add(qkv, pairs), add(out, mlp)));
    const u128 merged = mul(h, merge, merge);
    const u128 merger = add(mul(2, v.tokens, merged, merged), mul(2, v.tokens, merged, feature_width));
    return add(add(embed, blocks), mul(groups, merger));
}

}  // namespace tally::ch03
