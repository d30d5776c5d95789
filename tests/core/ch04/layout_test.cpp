// §4.4.1 and §4.6's preparation and hand-off budgets: the strided sub-tile of
// Fig. 4-16 (32 KiB read over 1,040,640 B), the MX read times of Fig. 4-27
// (33.29 / 18.72 / 4.97 μs), Ascend 910's unfolded convolution of Fig. 4-29
// (6.891 MiB, ≈6.02 μs, 28,224 cycles, 1,568 groups) and the Cube–Vector
// hand-off of Fig. 4-31 (256 / 128 / 64 GB/s, ≈2.79 μs at 94 GB/s).
#include <doctest/doctest.h>

#include "core/ch04/handoff.hpp"
#include "core/ch04/im2col.hpp"
#include "core/ch04/strided_tile.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch04 strided tile: 128 rows of 256 B, 8,192 B apart, read 32 KiB over 127 × 8,192 + 256 = 1,040,640 B") {
    const auto t = ch04::strided_tile(128, 128, 4096, Ratio(2));
    CHECK(t.row_bytes == Ratio(256));
    CHECK(t.stride_bytes == Ratio(8192));
    CHECK(t.payload_bytes == Ratio(32768));
    CHECK(t.span_bytes == Ratio(1040640));
    CHECK(t.skipped_bytes == Ratio(1040640 - 32768));
    const Json r = ask(R"({"op":"strided_tile"})");
    CHECK(r["span_bytes"] == 1040640);
    CHECK(r["payload_display"] == "32 KiB");
    // Whole rows are contiguous: the span is the payload.
    const Json whole = ask(R"({"op":"strided_tile","tile_rows":32,"tile_cols":4096})");
    CHECK(whole["span_bytes"] == whole["payload_bytes"]);
    CHECK(whole["payload_share"] == 1);
    // A sub-tile wider than its matrix is refused, naming the field.
    const Json wide = call(Json::parse(R"({"op":"strided_tile","tile_cols":5000})"));
    CHECK(wide["error"]["field"] == "tile_cols");
    CHECK(wide["error"]["code"] == "ch04_tile_wider_than_matrix");
}

TEST_CASE("ch04 MX read times: 32 MiB of BF16 take 33.29 μs on an RTX 4090 and 18.72 μs on an RTX 5090; MXFP4 4.97 μs") {
    const Json bf16_4090 =
        ask(R"({"op":"quant_bytes","elements":16777216,"bits":16,"group":0,"scale_bytes":0,"gpu":"rtx-4090"})");
    CHECK(bf16_4090["read_display"] == "33.29 μs");
    CHECK(bf16_4090["read_us"] == to_exact_text(Ratio(33554432, 1008000)));
    const Json mx4 = ask(R"({"op":"quant_bytes","elements":16777216,"bits":4,"gpu":"rtx-5090"})");
    CHECK(mx4["bf16_read_display"] == "18.72 μs");
    CHECK(mx4["read_display"] == "4.97 μs");
    // 8.5 MiB at 1,792 GB/s: 33.29 / 4.97 ≈ 6.69 = 1,792 / 1,008 (bandwidth) × 64/17 (bytes).
    CHECK(mx4["read_us"] == to_exact_text(Ratio(8912896, 1792000)));
    // Without a bandwidth the read fields are empty; with one the request's own wins.
    CHECK(ask(R"({"op":"quant_bytes","elements":16777216,"bits":4})")["read_us"].is_null());
    CHECK(ask(R"({"op":"quant_bytes","elements":16777216,"bits":4,"gpu":"rtx-5090","bandwidth":"1008"})")["bandwidth"] == 1008);
}

TEST_CASE("ch04 im2col on Ascend 910: 0.383 MiB unfolds to 3.445 MiB (9×), 6.891 MiB written and read, ≈6.02 μs") {
    const auto t = ch04::im2col_traffic({}, Ratio(1200), Ratio(8192), Ratio(256));
    CHECK(t.rows == 3136);
    CHECK(t.cols == 576);
    CHECK(t.input_bytes == Ratio(401408));
    CHECK(t.unfolded_bytes == Ratio(3612672));
    CHECK(t.expansion == Ratio(9));
    CHECK(t.extra_bytes == Ratio(7225344));
    CHECK(t.extra_us == Ratio(7225344, 1200000));
    CHECK(t.flops == 231211008);
    CHECK(t.matrix_cycles == Ratio(28224));
    CHECK(t.output_values == 200704);
    CHECK(t.vector_groups == 1568);
    const Json r = ask(R"({"op":"im2col_traffic"})");
    CHECK(r["input_display"] == "392 KiB");
    CHECK(r["unfolded_display"] == "3.445 MiB");
    CHECK(r["extra_display"] == "6.891 MiB");
    CHECK(r["extra_us_display"] == "6.02 μs");
    // A 1 × 1 kernel unfolds nothing new: the matrix is the input.
    CHECK(ask(R"({"op":"im2col_traffic","kernel_size":1})")["expansion"] == 1);
    // `gpu` supplies the memory bandwidth (Ascend 910's is the default 1,200 GB/s); a sent bandwidth overrides it,
    // and a device whose sources state none is refused under `gpu`.
    CHECK(ask(R"({"op":"im2col_traffic","gpu":"ascend-910"})")["extra_us"] == r["extra_us"]);
    const Json h100 = ask(R"({"op":"im2col_traffic","gpu":"h100-sxm"})");
    CHECK(h100["bandwidth"] == 3350);
    CHECK(h100["extra_us_display"] == "2.16 μs");
    CHECK(ask(R"({"op":"im2col_traffic","gpu":"h100-sxm","bandwidth":"1200"})")["extra_us"] == r["extra_us"]);
    CHECK(error_field(Json::parse(R"({"op":"im2col_traffic","gpu":"rtx-6000-ada"})")) == "gpu");
}

TEST_CASE("ch04 Cube–Vector hand-off: 256 KiB outside (256 GB/s in 1.024 μs, 2.79 μs at 94 GB/s), 128 KiB direct") {
    const auto h = ch04::handoff(128, 128, Ratio(4), 2, Ratio(1024, 1000), Ratio(94));
    CHECK(h.tensor_bytes == Ratio(65536));
    CHECK(h.outer_bytes == Ratio(262144));
    CHECK(h.direct_bytes == Ratio(131072));
    CHECK(h.outer_gbps == Ratio(256));
    CHECK(h.direct_gbps == Ratio(128));
    CHECK(h.outer_us == Ratio(262144, 94000));
    const Json r = ask(R"({"op":"handoff_bandwidth"})");
    CHECK(r["outer_us_display"] == "2.79 μs");
    CHECK(r["outer_gbps_display"] == "256 GB/s");
    // FP16/BF16 halves the direct path's need to 64 GB/s.
    CHECK(ask(R"({"op":"handoff_bandwidth","dtype":"bf16"})")["direct_gbps"] == 64);
    const Json zero = call(Json::parse(R"({"op":"handoff_bandwidth","deadline_us":"0"})"));
    CHECK(zero["error"]["field"] == "deadline_us");
}
