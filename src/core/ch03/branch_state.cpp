#include "core/ch03/branch_state.hpp"

namespace tally::ch03 {

BranchState branch_state(const Ratio& bytes_per_token, u128 prefix, const std::vector<u128>& tails) {
    u128 shared = prefix, copied = 0;
    for (u128 h : tails) {
        shared = add(shared, h);
        copied = add(copied, add(prefix, h));
    }
    return {Ratio(shared), bytes_per_token * Ratio(shared), Ratio(copied), bytes_per_token * Ratio(copied)};
}

CedLayers ced_expert_layers(u128 prompt, u128 encoder_layers, u128 decoder_layers, u128 window) {
    CedLayers c;
    c.full = mul(add(encoder_layers, decoder_layers), prompt);
    c.ced = add(mul(encoder_layers, prompt), mul(decoder_layers, prompt < window ? prompt : window));
    c.share = Ratio(c.ced, c.full);
    return c;
}

}  // namespace tally::ch03
