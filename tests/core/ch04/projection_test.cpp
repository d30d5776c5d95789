// One projection's FLOPs, bytes and roofline: Table 4.1.1-a, Table 4.8.1-a,
// Figure 4-26's V100 paths, Experiment 4-5's doubled rates and the model
// bound on the RTX PRO 6000 (§4.8.3).
#include <doctest/doctest.h>

#include "core/ch04/projection.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// Qwen3-8B's Q projection: K = N = 4096, BF16.
ch04::ProjectionShape q_projection(u128 rows) { return {rows, 4096, 4096, Ratio(2)}; }

const Ratio kTera(1000000000000ULL), kGiga(1000000000), kMillion(1000000);

ch04::Roofline on(u128 rows, const Ratio& tflops, const Ratio& gbps) {
    const auto s = q_projection(rows);
    return ch04::roofline(s, ch04::projection_work(s), tflops * kTera, gbps * kGiga);
}

}  // namespace

TEST_CASE("ch04 projection: Table 4.1.1-a, 1 row against 256 rows of Qwen3-8B's Q projection") {
    const auto one = ch04::projection_work(q_projection(1));
    CHECK(one.flops == 33554432);
    CHECK(one.weight_bytes == Ratio(u128{32} << 20));                    // 32 MiB
    CHECK(one.input_bytes + one.output_bytes == Ratio(u128{16} << 10));  // 16 KiB
    CHECK(one.bytes == Ratio(33570816));
    CHECK(fixed(one.intensity, 4) == "0.9995");
    const auto many = ch04::projection_work(q_projection(256));
    CHECK(flops_text(Ratio(many.flops)) == "8.59 GFLOPs");
    CHECK(many.input_bytes + many.output_bytes == Ratio(u128{4} << 20));  // 4 MiB
    CHECK(many.bytes == Ratio(u128{36} << 20));                           // 36 MiB
    CHECK(fixed(many.intensity, 2) == "227.56");
    // 256 times the work for an eighth more traffic; intensity tends to 2,048.
    CHECK(many.bytes / one.bytes < Ratio(9, 8) + Ratio(1, 1000));
    CHECK(many.intensity_limit == Ratio(2048));
}

TEST_CASE("ch04 projection on RTX 4090: Table 4.8.1-a and the 179-row crossing of Figure 4-35") {
    const auto one = on(1, Ratio(1652, 10), 1008);
    CHECK(fixed(one.compute_seconds * kMillion, 2) == "0.20");
    CHECK(fixed(one.memory_seconds * kMillion, 1) == "33.3");
    CHECK_FALSE(one.compute_bound);
    const auto many = on(256, Ratio(1652, 10), 1008);
    CHECK(fixed(many.compute_seconds * kMillion, 0) == "52");
    CHECK(fixed(many.memory_seconds * kMillion, 1) == "37.4");
    CHECK(many.compute_bound);
    CHECK(fixed(many.ridge, 0) == "164");
    REQUIRE(many.crossover_rows);
    CHECK(fixed(*many.crossover_rows, 1) == "178.1");
    CHECK(*many.first_compute_bound_rows == 179);
    CHECK_FALSE(on(178, Ratio(1652, 10), 1008).compute_bound);
    CHECK(on(179, Ratio(1652, 10), 1008).compute_bound);
    // §4.8.1's FP16-accumulate path (≈330) and FP32 (≈165): ≈26 and ≈52 μs for 256 rows.
    CHECK(fixed(on(256, 330, 1008).compute_seconds * kMillion, 0) == "26");
}

TEST_CASE("ch04 projection: Experiment 4-5, doubling the matrix rate or the bandwidth (391 / 86 rows)") {
    const auto matrix = on(1, Ratio(3304, 10), 1008);
    CHECK(fixed(matrix.ridge, 1) == "327.8");
    CHECK(fixed(*matrix.crossover_rows, 1) == "390.2");
    CHECK(*matrix.first_compute_bound_rows == 391);
    const auto memory = on(1, Ratio(1652, 10), 2016);
    CHECK(fixed(memory.ridge, 1) == "81.9");
    CHECK(fixed(*memory.crossover_rows, 1) == "85.4");
    CHECK(*memory.first_compute_bound_rows == 86);
}

TEST_CASE("ch04 projection: V100's FP32 and Tensor Core paths (Figure 4-26) and the PRO 6000 bound (§4.8.3)") {
    const auto big = ch04::projection_work({4096, 4096, 4096, Ratio(2)});
    CHECK(flops_text(Ratio(big.flops)) == "137.44 GFLOPs");
    CHECK(big.bytes == Ratio(u128{96} << 20));
    const Ratio ms(1000);
    CHECK(fixed(Ratio(big.flops) / (Ratio(157, 10) * kTera) * ms, 2) == "8.75");
    CHECK(fixed(Ratio(big.flops) / (Ratio(125) * kTera) * ms, 2) == "1.10");
    CHECK(fixed(big.bytes / (Ratio(900) * kGiga) * ms, 3) == "0.112");
    const auto fp32 = on(1, Ratio(157, 10), 900), tensor = on(1, 125, 900);
    CHECK(fixed(fp32.compute_seconds * kMillion, 2) == "2.14");
    CHECK(fixed(tensor.compute_seconds * kMillion, 3) == "0.268");
    CHECK(fixed(tensor.memory_seconds * kMillion, 1) == "37.3");
    CHECK(fixed(on(1, Ratio(5038, 10), 1792).memory_seconds * kMillion, 1) == "18.7");
    const auto pro = on(256, Ratio(5038, 10), 1792);
    CHECK_FALSE(pro.compute_bound);
    CHECK(fixed(pro.memory_seconds * kMillion, 1) == "21.1");
}

TEST_CASE("ch04 projection op: the shape issue 40 fixes, and refusals") {
    const Json plain = result(Json::parse(R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096})"));
    CHECK(plain["flops"] == 8589934592);
    CHECK(plain["bytes"] == 37748736);
    CHECK(plain["bytes_display"] == "36 MiB");
    CHECK(plain["intensity"] == "2048/9");  // 227.56 FLOPs per byte
    CHECK(plain["bound"].is_null());
    const Json timed = result(
        Json::parse(R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"peak_tflops":"165.2","bandwidth":"1008"})"));
    CHECK(timed["bound"] == "compute");
    CHECK(timed["first_compute_bound_rows"] == 179);
    CHECK(timed["compute_us"].is_string());
    const Json never = result(
        Json::parse(R"({"op":"projection","rows":4096,"inputs":64,"outputs":64,"peak_tflops":"989.4","bandwidth":"3350"})"));
    CHECK(never["bound"] == "memory");
    CHECK(never["first_compute_bound_rows"].is_null());
    CHECK(never["intensity_limit"] == 32);

    const Json half = error_of(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"peak_tflops":"165.2"})"));
    CHECK(half["field"] == "bandwidth");
    CHECK(half["code"] == "ch04_projection_device_pair");
    CHECK(error_of(Json::parse(R"({"op":"projection","rows":0,"inputs":4096,"outputs":4096})"))["field"] == "rows");
    CHECK(error_of(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"dtype":"int8"})"))["field"] ==
          "dtype");
    CHECK(error_of(Json::parse(R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"dtype":"nope"})"))["field"] ==
          "dtype");
    CHECK(error_of(Json::parse(
              R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"peak_tflops":"165.2","bandwidth":"0"})"))["field"] ==
          "bandwidth");
}
