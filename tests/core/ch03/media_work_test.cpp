// §3.3.2's generation loops: Fish Audio S2 Pro's ten fast forwards per
// frame (1 + 9), and Qwen-Image-2512's 1024×1024 picture as 4096 latent
// positions denoised by 50 steps × 2 DiT branches = 100 forwards.
#include <doctest/doctest.h>

#include "core/ch03/media_work.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch03 media: ten codebooks take one fast forward for the state and nine predictions") {
    const auto w = ch03::audio_frame_work(10);
    CHECK(w.predictions == 9);
    CHECK(w.fast_passes == 10);
    CHECK(ch03::audio_frame_work(1).fast_passes == 1);  // the slow path alone filled the frame: the state pass remains
}

TEST_CASE("ch03 media: 1024×1024 through an 8× VAE and 2×2 packing is a 64×64 grid, 4096 positions; 50 × 2 = 100 forwards") {
    const auto w = ch03::diffusion_work(1024, 1024, 8, 2, 50, 2);
    CHECK(w.latent.token_rows == 64);
    CHECK(w.latent.tokens == 4096);
    CHECK(w.forwards == 100);
    // Twice the side is four times the positions; the forwards follow steps and branches only.
    CHECK(ch03::diffusion_work(2048, 2048, 8, 2, 50, 2).latent.tokens == 4 * 4096);
    CHECK(ch03::diffusion_work(2048, 2048, 8, 2, 50, 2).forwards == 100);
}

TEST_CASE("ch03 media_work op: the chapter's defaults, displays, and a side that fills no whole latent") {
    const Json r = result(Json::parse(R"({"op":"media_work"})"));
    CHECK(r["fast_passes"] == 10);
    CHECK(r["fast_passes_display"] == "1 + 9 = 10");
    CHECK(r["latent_grid"] == "64×64");
    CHECK(r["latent_positions"] == 4096);
    CHECK(r["dit_forwards"] == 100);
    CHECK(r["dit_forwards_display"] == "50 × 2 = 100");
    const Json wide = result(Json::parse(R"({"op":"media_work","height":768,"width":1344,"steps":30,"branches":1})"));
    CHECK(wide["latent_grid"] == "48×84");
    CHECK(wide["latent_positions"] == 4032);
    CHECK(wide["dit_forwards_display"] == "30 × 1 = 30");
    const Json bad = error_of(Json::parse(R"({"op":"media_work","width":1000})"));
    CHECK(bad["field"] == "width");
    CHECK(bad["code"] == "flow_latent_not_multiple");
}
