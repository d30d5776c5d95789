#include "core/ch03/media_work.hpp"

namespace tally::ch03 {

AudioFrameWork audio_frame_work(u128 codebooks) {
    AudioFrameWork w;
    w.predictions = codebooks - 1;
    w.fast_passes = add(1, w.predictions);
    return w;
}

DiffusionWork diffusion_work(u128 height, u128 width, u128 vae_stride, u128 pack, u128 steps, u128 branches) {
    DiffusionWork w;
    // The latent grid is the vision grid with the VAE's stride as the patch and the DiT's packing as the merge.
    w.latent = vision_tokens(height, width, vae_stride, pack);
    w.forwards = mul(steps, branches);
    return w;
}

}  // namespace tally::ch03
