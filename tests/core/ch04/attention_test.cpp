// §4.2.3's attention tile and Example 4-1 (Fig. 4-11): 1,024 / 768 / 1,024
// cycles for a 128 × 128 tile of head dimension 128 on one B200 SM, and what
// doubling each unit does to the pipeline's interval; Lab 4-1's tile shapes.
#include <doctest/doctest.h>

#include "core/ch04/attention_tile.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

Json tile(const char* request) { return result(Json::parse(request)); }

}  // namespace

TEST_CASE("ch04 attention tile: 8.39 MFLOPs, 16,384 exps and 96 KiB take 1,024, 1,024 and 768 cycles") {
    const auto t = ch04::attention_tile({}, {});
    CHECK(t.flops == 8388608);
    CHECK(t.exps == 16384);
    CHECK(t.smem_bytes == Ratio(98304));
    CHECK(t.matrix_cycles == Ratio(1024));
    CHECK(t.exp_cycles == Ratio(1024));
    CHECK(t.smem_cycles == Ratio(768));
    CHECK(t.interval_cycles == Ratio(1024));
}

TEST_CASE("ch04 Example 4-1: matrix ×2 leaves 1,024 (exp binds); with exp ×2, 768 (smem, 4/3 the throughput); smem ×2 too, 512") {
    CHECK(tile(R"({"op":"attention_tile"})")["interval_cycles"] == 1024);
    const Json matrix = tile(R"({"op":"attention_tile","matrix_speedup":2})");
    CHECK(matrix["matrix_cycles"] == 512);
    CHECK(matrix["interval_cycles"] == 1024);
    CHECK(matrix["bound"] == "exp");
    const Json both = tile(R"({"op":"attention_tile","matrix_speedup":2,"exp_speedup":2})");
    CHECK(both["interval_cycles"] == 768);
    CHECK(both["bound"] == "smem");
    const Json all = tile(R"({"op":"attention_tile","matrix_speedup":2,"exp_speedup":2,"smem_speedup":2})");
    CHECK(all["smem_cycles"] == 384);
    CHECK(all["interval_cycles"] == 512);
}

TEST_CASE(
    "ch04 Lab 4-1: 128 × 256 takes 2,048 / 2,048 / 1,280 cycles (160 KiB); 256 × 128 takes 2,048 / 2,048 / 1,024 (128 KiB)") {
    const Json wide = tile(R"({"op":"attention_tile","query_rows":128,"key_rows":256})");
    CHECK(wide["flops"] == 16777216);
    CHECK(wide["smem_bytes"] == 163840);
    CHECK(wide["matrix_cycles"] == 2048);
    CHECK(wide["exp_cycles"] == 2048);
    CHECK(wide["smem_cycles"] == 1280);
    const Json tall = tile(R"({"op":"attention_tile","query_rows":256,"key_rows":128})");
    CHECK(tall["smem_bytes"] == 131072);
    CHECK(tall["smem_cycles"] == 1024);
    // Exp ×2 on the wide tile: matrix and exp tie at 1,024, and shared memory's 1,280 binds.
    const Json wide_fast = tile(R"({"op":"attention_tile","query_rows":128,"key_rows":256,"matrix_speedup":2,"exp_speedup":2})");
    CHECK(wide_fast["interval_cycles"] == 1280);
    CHECK(wide_fast["bound"] == "smem");
    const Json zero = call(Json::parse(R"({"op":"attention_tile","exps_per_cycle":"0"})"));
    CHECK(zero["error"]["field"] == "exps_per_cycle");
    const Json big = call(Json::parse(R"({"op":"attention_tile","head_dim":65537})"));
    CHECK(big["error"]["field"] == "head_dim");
}
