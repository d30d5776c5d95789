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
