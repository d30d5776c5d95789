// §3.2.4's branch state c_KV·(H0 + Σh_i) (Figure 3-13) and V4.1 Flash's CED
// expert-layer sums (Figure 3-14): 327,680 against 166,400 at P = 8192.
#include <doctest/doctest.h>

#include "core/ch03/branch_state.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch03 branch state: the shared prefix counts once") {
    const auto b = ch03::branch_state(147456, 4096, {512, 256});
    CHECK(b.shared_tokens == Ratio(4864));
    CHECK(b.shared_bytes == Ratio(4864) * Ratio(147456));
    CHECK(b.copied_tokens == Ratio(4096 * 2 + 768));
    CHECK(ch03::branch_state(147456, 0, {10}).shared_bytes == Ratio(1474560));
}

TEST_CASE("ch03 CED expert layers: 40P against 20P + 20·min(P, 128)") {
    const auto c = ch03::ced_expert_layers(8192, 20, 20, 128);
    CHECK(c.full == 327680);
    CHECK(c.ced == 166400);
    CHECK(fixed(c.share * Ratio(100), 1) == "50.8");
    // No saving at or below the 128-token window.
    const auto short_prompt = ch03::ced_expert_layers(128, 20, 20, 128);
    CHECK(short_prompt.ced == short_prompt.full);
}

TEST_CASE("ch03 branch_state and ced_expert_layers ops") {
    const Json b = result(Json::parse(R"({"op":"branch_state","bytes_per_token":"147456","prefix":4096,"tails":[512,256]})"));
    CHECK(b["shared_tokens"] == 4864);
    CHECK(b["shared_display"] == "684 MiB");
    CHECK(b["saved_bytes"] == 4096 * 147456);
    CHECK(b["saved_display"] == "576 MiB");  // Figure 3-13 prints it with its unit, not as 603979776
    CHECK(error_of(Json::parse(R"({"op":"branch_state","bytes_per_token":"1","prefix":1,"tails":[-1]})"))["field"] == "tails[0]");
    const Json c = result(Json::parse(R"({"op":"ced_expert_layers","input":8192})"));
    CHECK(c["full"] == 327680);
    CHECK(c["ced"] == 166400);
    CHECK(c["share_display"] == "50.8%");
    CHECK(error_of(Json::parse(R"({"op":"ced_expert_layers","input":0})"))["field"] == "input");
}
