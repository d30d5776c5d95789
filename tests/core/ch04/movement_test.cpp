// §4.4.2's double buffering, §4.5.3's link time α + V/R and §4.3.3's
// Little's law (Example 4-2): the book's printed numbers, and the refusals.
#include <doctest/doctest.h>

#include "core/ch04/double_buffer.hpp"
#include "core/ch04/link_time.hpp"
#include "core/ch04/little_bandwidth.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

// One 8 K-token request's KV on Qwen3-8B: 36 × 2 × 8 × 128 × 2 B × 8192 = 1.125 GiB.
constexpr u128 kKv8k = 1207959552;

}  // namespace

TEST_CASE("ch04 double buffering: 8 blocks of 2 μs load and 1 μs compute take 24 μs serially, 17 μs overlapped") {
    const auto d = ch04::double_buffer(8, 2, 1);
    CHECK(d.serial == Ratio(24));
    CHECK(d.pipelined == Ratio(17));  // 2 + 1 + 7 × 2
    CHECK(d.saved == Ratio(7));
    CHECK(d.load_bound);
    // Compute twice as fast: only 16.5 μs, since loading still sets the pace.
    const auto faster = ch04::double_buffer(8, 2, Ratio(1, 2));
    CHECK(faster.pipelined == Ratio(33, 2));
    CHECK(faster.step == Ratio(2));
    // One block overlaps nothing; compute-bound runs pace on t_c.
    CHECK(ch04::double_buffer(1, 2, 1).saved == Ratio(0));
    const auto compute = ch04::double_buffer(8, 1, 2);
    CHECK_FALSE(compute.load_bound);
    CHECK(compute.pipelined == Ratio(17));
}

TEST_CASE("ch04 link time: [M, 4096] BF16 over NVLink, α = 2 μs (2.02 / 6.66 μs on H100, 2.03 / 8.99 on A100)") {
    const Ratio one_row(8192), rows256(u128{256} * 8192);
    CHECK(fixed(ch04::link_time(one_row, 2, 450).transfer_us, 2) == "0.02");
    CHECK(fixed(ch04::link_time(one_row, 2, 450).time_us, 2) == "2.02");
    CHECK(fixed(ch04::link_time(rows256, 2, 450).transfer_us, 2) == "4.66");
    CHECK(fixed(ch04::link_time(rows256, 2, 450).time_us, 2) == "6.66");
    CHECK(fixed(ch04::link_time(one_row, 2, 300).time_us, 2) == "2.03");
    CHECK(fixed(ch04::link_time(rows256, 2, 300).time_us, 2) == "8.99");
    // H100 against A100 on 2 MiB: about 26 % shorter; halving α saves about 15 %.
    const Ratio h100 = ch04::link_time(rows256, 2, 450).time_us, a100 = ch04::link_time(rows256, 2, 300).time_us;
    CHECK(fixed((a100 - h100) / a100 * Ratio(100), 0) == "26");
    CHECK(fixed((h100 - ch04::link_time(rows256, 1, 450).time_us) / h100 * Ratio(100), 0) == "15");
    // V* = αR = 900,000 B ≈ 879 KiB: M ≈ 109.9, from 110 rows the bytes dominate.
    const auto t = ch04::link_time(one_row, 2, 450);
    CHECK(t.crossover == Ratio(900000));
    CHECK(fixed(t.crossover / Ratio(1024), 0) == "879");
    CHECK_FALSE(t.bandwidth_bound);
    const auto rows = ch04::link_rows(t.crossover, one_row);
    CHECK(fixed(rows.crossover_rows, 1) == "109.9");
    CHECK(rows.first_bandwidth_bound_rows == 110);
    CHECK_FALSE(ch04::link_time(Ratio(109 * 8192), 2, 450).bandwidth_bound);
    CHECK(ch04::link_time(Ratio(110 * 8192), 2, 450).bandwidth_bound);
}

TEST_CASE("ch04 Little's law: Example 4-2's 3,938 / 7,000 / 11,200 transactions in flight") {
    CHECK(ch04::in_flight_needed(1008, 500, 128) == 3938);  // ⌈504,000 / 128⌉ = ⌈3,937.5⌉
    CHECK(ch04::in_flight_needed(1792, 500, 128) == 7000);
    CHECK(ch04::in_flight_needed(1792, 800, 128) == 11200);
    // 128 in flight on RTX 4090: 32.8 GB/s, the 8 K KV takes at least 36.9 ms.
    const auto few = ch04::little_rate(1008, 500, 128, 128);
    CHECK(few.little_gbps == Ratio(32768, 1000));
    CHECK(few.latency_bound);
    CHECK(fixed(ch04::read_ms(Ratio(kKv8k), few.effective_gbps), 1) == "36.9");
    // 4,096 in flight reach the interface: 1,008 GB/s, about 1.20 ms.
    const auto many = ch04::little_rate(1008, 500, 128, 4096);
    CHECK_FALSE(many.latency_bound);
    CHECK(many.effective_gbps == Ratio(1008));
    CHECK(fixed(ch04::read_ms(Ratio(kKv8k), many.effective_gbps), 2) == "1.20");
    // RTX 5090: the same 4,096 cap at 1.05 TB/s (1.15 ms): +78 % bandwidth, +4 % throughput.
    const auto rtx5090 = ch04::little_rate(1792, 500, 128, 4096);
    CHECK(rtx5090.latency_bound);
    CHECK(fixed(rtx5090.effective_gbps / Ratio(1000), 2) == "1.05");
    CHECK(fixed(ch04::read_ms(Ratio(kKv8k), rtx5090.effective_gbps), 2) == "1.15");
    CHECK(fixed((Ratio(1792) - Ratio(1008)) / Ratio(1008) * Ratio(100), 0) == "78");
    CHECK(fixed((rtx5090.effective_gbps - Ratio(1008)) / Ratio(1008) * Ratio(100), 0) == "4");
}

TEST_CASE("ch04 double_buffer, link_time and little_bandwidth ops") {
    const Json d = result(Json::parse(R"({"op":"double_buffer","blocks":8,"load_us":"2","compute_us":"0.5"})"));
    CHECK(d["serial_us"] == 20);
    CHECK(d["pipelined_us"] == "16.5");
    CHECK(d["pipelined_display"] == "16.5 μs");
    CHECK(d["bound"] == "load");

    const Json l = result(Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","rows":256,"row_width":4096})"));
    CHECK(l["bytes"] == 2097152);
    CHECK(l["bytes_display"] == "2 MiB");
    CHECK(l["time_display"] == "6.66 μs");
    CHECK(l["bound"] == "bandwidth");
    CHECK(l["crossover_bytes"] == 900000);
    CHECK(l["first_bandwidth_bound_rows"] == 110);
    const Json by_bytes = result(Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","bytes":8192})"));
    CHECK(by_bytes["bound"] == "latency");
    CHECK(by_bytes["first_bandwidth_bound_rows"].is_null());

    const Json m = result(
        Json::parse(R"({"op":"little_bandwidth","bandwidth":"1008","latency_ns":"500","in_flight":128,"bytes":1207959552})"));
    CHECK(m["in_flight_needed"] == 3938);
    CHECK(m["effective_display"] == "32.8 GB/s");
    CHECK(m["bound"] == "latency");
    CHECK(m["read_display"] == "36.86 ms");
    const Json need = result(Json::parse(R"({"op":"little_bandwidth","bandwidth":"1792","latency_ns":"800"})"));
    CHECK(need["in_flight_needed"] == 11200);
    CHECK(need["effective_gbps"].is_null());
    CHECK(need["read_ms"].is_null());
}

TEST_CASE("ch04 movement ops refuse bad input, naming the field") {
    const Json zero = error_of(Json::parse(R"({"op":"double_buffer","blocks":8,"load_us":"0","compute_us":"1"})"));
    CHECK(zero["field"] == "load_us");
    CHECK(zero["code"] == "field_not_decimal");
    CHECK(zero["message"].get<std::string>().find("load_us（載入一塊資料的時間，μs）") == 0);
    const Json floaty = error_of(Json::parse(R"({"op":"double_buffer","blocks":8,"load_us":2.5,"compute_us":"1"})"));
    CHECK(floaty["field"] == "load_us");
    CHECK(error_of(Json::parse(R"({"op":"double_buffer","blocks":0,"load_us":"2","compute_us":"1"})"))["field"] == "blocks");
    CHECK(error_of(Json::parse(R"({"op":"double_buffer","blocks":8,"load_us":"2"})"))["code"] == "field_missing");

    const Json both = error_of(Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","bytes":8192,"rows":1})"));
    CHECK(both["field"] == "rows");
    CHECK(both["code"] == "ch04_link_size_choice");
    CHECK(error_of(Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450"})"))["field"] == "bytes");
    CHECK(error_of(Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","rows":1})"))["field"] == "row_width");
    const Json grouped = error_of(
        Json::parse(R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","rows":1,"row_width":4096,"dtype":"int4"})"));
    CHECK(grouped["field"] == "dtype");
    CHECK(grouped["code"] == "ch04_dtype_grouped");
    const Json english =
        error_of(Json::parse(R"({"op":"link_time","lang":"en","alpha_us":"-2","link_bandwidth":"450","bytes":1})"));
    CHECK(english["field"] == "alpha_us");
    CHECK(english["message"].get<std::string>().find("alpha_us (fixed start-up cost α of each transfer, μs)") == 0);

    CHECK(error_of(Json::parse(R"({"op":"little_bandwidth","bandwidth":"1008","latency_ns":"NaN"})"))["field"] == "latency_ns");
    // Past 10^9 or six decimals the field is named, not a generic overflow.
    const Json huge = error_of(Json::parse(R"({"op":"little_bandwidth","bandwidth":"99999999999999999999","latency_ns":"500"})"));
    CHECK(huge["field"] == "bandwidth");
    CHECK(huge["code"] == "ch04_decimal_range");
    CHECK(error_of(Json::parse(R"({"op":"little_bandwidth","bandwidth":"1008","latency_ns":"0.0000001"})"))["field"] ==
          "latency_ns");
    CHECK(error_of(Json::parse(R"({"op":"little_bandwidth","bandwidth":"1008","latency_ns":"500","in_flight":0})"))["field"] ==
          "in_flight");
}
