// The loops of §3.3.2 that decide how much work one unit of media costs.
// Speech (Fish Audio S2 Pro): the slow path advances one audio frame, and
// the fast path fills that frame's codebooks: one fast forward builds its
// state, then one prediction per codebook the slow path left, so a frame of
// c codebooks takes 1 + (c − 1) fast forwards (10 at c = 10).  Images
// (Qwen-Image-2512): an H×W picture becomes a latent grid, the VAE shrinking
// each side s times and the DiT packing r×r latents into one position (the
// vision grid's arithmetic, vision.hpp: 1024² at s = 8, r = 2 is 64×64 =
// 4096 positions), and denoising runs n_b DiT forwards per step for n_s
// steps: n_s·n_b forwards (50 × 2 = 100).
#pragma once

#include "core/ch03/vision.hpp"
#include "core/exact.hpp"

namespace tally::ch03 {

struct AudioFrameWork {
    u128 predictions = 0;  // c − 1: the codebooks left to the fast path
    u128 fast_passes = 0;  // 1 + (c − 1)
};

// codebooks ≥ 1 (the op checks).
AudioFrameWork audio_frame_work(u128 codebooks);

struct DiffusionWork {
    VisionTokens latent;  // latent.tokens: the DiT's positions
    u128 forwards = 0;    // steps × branches
};

// height and width multiples of vae_stride·pack (the op checks).
DiffusionWork diffusion_work(u128 height, u128 width, u128 vae_stride, u128 pack, u128 steps, u128 branches);

}  // namespace tally::ch03
