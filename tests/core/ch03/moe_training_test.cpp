// Section 3.6.2: expert training FLOPs per token of DeepSeek V4-Flash from
// its chapter-2 spec (43 MoE layers, d = 4096, f = 2048, 6 routed + 1 shared
// expert): 18 × 43 × 4096 × 2048 × 7 = 45.4495 GFLOPs, 1.45438 × 10^24 over
// 32T tokens.
#include <doctest/doctest.h>

#include "core/ch03/moe_training.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch03 moe training: V4-Flash 45.4495 GFLOPs per token, 1.45438e24 over 32T") {
    const ch03::MoeTrainingWork w = ch03::moe_training(model("deepseek-v4-flash"), 32000000000000ULL);
    CHECK(w.moe_layers == 43);
    CHECK(w.flops_per_token == mul(126, 43, 4096, 2048));
    CHECK(fixed(Ratio(w.flops_per_token, 1000000000), 4) == "45.4495");
    CHECK(fixed(Ratio(w.total, u128{1000000000000ULL} * 1000000000000ULL), 5) == "1.45438");
}

TEST_CASE("ch03 moe training: V4-Pro from its shapes, 169.2465 GFLOPs per token, 5.58513e24 over 33T") {
    // The book's training notes (case-studies/training-compute.md, from the
    // DeepSeek-V4 report): 61 layers, d = 7168, f = 3072, 6 routed + 1 shared.
    const ch03::MoeTrainingWork w = ch03::moe_training(ch03::MoeShapes{61, 7168, 3072, 6, 1}, 33000000000000ULL);
    CHECK(w.flops_per_token == mul(126, 61, 7168, 3072));
    CHECK(fixed(Ratio(w.flops_per_token, 1000000000), 4) == "169.2465");
    CHECK(fixed(Ratio(w.total, u128{1000000000000ULL} * 1000000000000ULL), 5) == "5.58513");
    // The same shapes as V4-Flash's spec give the spec's count.
    const ch03::MoeTrainingWork flash = ch03::moe_training(ch03::MoeShapes{43, 4096, 2048, 6, 1}, 1);
    CHECK(flash.flops_per_token == ch03::moe_training(model("deepseek-v4-flash"), 1).flops_per_token);
}

TEST_CASE("ch03 moe training: a dense model has no expert work") {
    const ch03::MoeTrainingWork w = ch03::moe_training(model("qwen3-8b"), 1);
    CHECK(w.moe_layers == 0);
    CHECK(w.flops_per_token == 0);
}

TEST_CASE("ch03 moe_training op") {
    const Json r = result({{"op", "moe_training"}, {"model", "deepseek-v4-flash"}, {"training_tokens", 32000000000000ULL}});
    CHECK(r["per_token_display"] == "45.45 GFLOPs");
    CHECK(r["total_yflops"].is_string());
    CHECK(r["total_yflops_display"] == "1.45438");  // §3.6.2: about 1.45438×10^24 FLOPs
    const Json dense = error_of({{"op", "moe_training"}, {"model", "qwen3-8b"}});
    CHECK(dense["field"] == "model");
    CHECK(dense["code"] == "routing_needs_moe");
    const Json pro = result(Json::parse(
        R"({"op":"moe_training","moe_layers":61,"hidden":7168,"expert_width":3072,"routed_experts":6,"shared_experts":1,"training_tokens":33000000000000})"));
    CHECK(pro["total_yflops_display"] == "5.58513");
    CHECK(pro["model"] == "");
    const Json half = error_of(Json::parse(R"({"op":"moe_training","moe_layers":61,"hidden":7168})"));
    CHECK(half["field"] == "expert_width");
    const Json tokens = error_of({{"op", "moe_training"}, {"model", "deepseek-v4-flash"}, {"training_tokens", 0}});
    CHECK(tokens["field"] == "training_tokens");
}
