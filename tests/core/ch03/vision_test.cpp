// §3.3.1's visual tokens (Figures 3-16 and 3-17, Table 3.3.1-a, the
// four-image budget) and Exercise 3-5's 1280×1280 image.
#include <doctest/doctest.h>

#include "core/ch03/vision.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {
const Ratio kKvPerToken(147456);  // the language backbone's 144 KiB per token
const Ratio kMiB(u128{1} << 20);
}  // namespace

TEST_CASE("ch03 vision: 640×640 with 16-pixel patches and 2×2 merging is 1600 patches, 400 tokens") {
    const auto v = ch03::vision_tokens(640, 640, 16, 2);
    CHECK(v.patches == 1600);
    CHECK(v.patch_rows == 40);
    CHECK(v.token_rows == 20);
    CHECK(v.tokens == 400);
    CHECK(ch03::encoder_cache_bytes(400, 2560, 1, 2) == 2048000);
    CHECK(ch03::encoder_cache_bytes(400, 2560, 4, 2) == 8192000);
    CHECK(Ratio(8192000) / kMiB == Ratio(78125, 10000));         // 7.8125 MiB
    CHECK(kKvPerToken * Ratio(400) / kMiB == Ratio(5625, 100));  // 56.25 MiB
}

TEST_CASE("ch03 vision: four images and 400 text tokens, 31.25 / 225 / 281.25 MiB") {
    const auto b = ch03::vision_budget(400, 8192000, kKvPerToken, 4, 400);
    CHECK(Ratio(b.ec_bytes) / kMiB == Ratio(3125, 100));
    CHECK(b.visual_kv / kMiB == Ratio(225));
    CHECK(b.input_kv / kMiB == Ratio(28125, 100));
}

TEST_CASE("ch03 vision: Exercise 3-5, twice the sides is four times the tokens, EC and KV") {
    const auto v = ch03::vision_tokens(1280, 1280, 16, 2);
    CHECK(v.tokens == 1600);
    CHECK(Ratio(ch03::encoder_cache_bytes(v.tokens, 2560, 4, 2)) / kMiB == Ratio(3125, 100));
    CHECK(kKvPerToken * Ratio(v.tokens) / kMiB == Ratio(225));
}

TEST_CASE("ch03 vision_tokens op") {
    const Json r = result(Json::parse(R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2})"));
    CHECK(r["tokens"] == 400);
    CHECK(r["token_grid"] == "20×20");
    CHECK_FALSE(r.contains("ec_bytes"));
    const Json b = result(Json::parse(
        R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2,"feature_width":2560,"feature_groups":4,"kv_bytes_per_token":"147456","images":4,"text_tokens":400})"));
    CHECK(b["ec_display"] == "7.8125 MiB");
    CHECK(b["kv_display"] == "56.25 MiB");
    CHECK(b["ec_total_display"] == "31.25 MiB");
    CHECK(b["visual_kv_display"] == "225 MiB");
    CHECK(b["input_kv_display"] == "281.25 MiB");
    const Json zero = error_of(Json::parse(R"({"op":"vision_tokens","height":640,"width":640,"patch":0})"));
    CHECK(zero["field"] == "patch");
    const Json odd = error_of(Json::parse(R"({"op":"vision_tokens","height":650,"width":640,"patch":16,"merge":2})"));
    CHECK(odd["code"] == "flow_vision_not_multiple");
    CHECK(odd["field"] == "height");
    CHECK(odd["params"]["step"] == "32");
}

TEST_CASE("ch03 vision encoder: Qwen3-VL-4B on one 640² image is 1,310,300,569,600 FLOPs, the book's calculator's count") {
    // Shapes from content/ch03/data/qwen3-vl-4b-vision.json: 24 layers, hidden 1024, MLP 4096,
    // 1536 values a patch, four mergers (the last layer and three DeepStack layers) to 2560.
    const auto v = ch03::vision_tokens(640, 640, 16, 2);
    const ch03::VisionEncoder e{24, 1024, 4096, 1536};
    const u128 flops = ch03::vision_encoder_flops(v, 2, e, 4, 2560);
    CHECK(flops == u128{1310300569600ULL});
    CHECK(fixed(Ratio(flops, 1000000000000ULL), 3) == "1.310");
    // The calculator's rows: patch embedding 5,033,164,800; the 24 blocks' QKV 241,591,910,400.
    const ch03::VisionEncoder no_blocks{0, 1024, 4096, 1536};
    CHECK(ch03::vision_encoder_flops(v, 2, no_blocks, 0, 2560) == u128{5033164800ULL});
    // Four times the pixels: the blocks' pair term grows sixteenfold, the rest fourfold.
    const auto big = ch03::vision_tokens(1280, 1280, 16, 2);
    CHECK(ch03::vision_encoder_flops(big, 2, e, 4, 2560) > 4 * flops);
}

TEST_CASE("ch03 vision_tokens op: the encoder's work needs all its shapes") {
    const Json r =
        result(Json::parse(R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2,"feature_width":2560,)"
                           R"("feature_groups":4,"encoder_layers":24,"encoder_hidden":1024,"encoder_intermediate":4096,)"
                           R"("encoder_input_width":1536})"));
    CHECK(r["encoder_tflops_display"] == "1.310");
    CHECK(r["encoder_flops_display"] == "1.31 TFLOPs");
    const Json missing = error_of(Json::parse(
        R"({"op":"vision_tokens","height":640,"width":640,"patch":16,"merge":2,"feature_width":2560,"encoder_layers":24})"));
    CHECK(missing["field"] == "encoder_hidden");
}
