// §5.2.4's reduction-order experiment (Figure 5-13) in emulated FP32: the
// book's numbers come out only when the teaching row is truncated to BF16;
// rounding it to nearest gives other numbers, which the op also shows.
#include <doctest/doctest.h>

#include "core/ch05/reduction_order.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch05 reduction order with a truncated BF16 row: −175.2 … −0.2 ULP, 166 ULP, 3 merge results, 59 / 50 steps") {
    const auto o = ch05::reduction_order(4096, {1, 2, 4, 8, 16, 32}, 1e-6f, ch05::Bf16Rounding::Truncate);
    CHECK(fixed(o.exact_sum, 4) == "2,038.1288");
    CHECK(o.ulp == Ratio(1, 8192));  // 2^-13: the exact sum lies in [1024, 2048)
    const char* distances[] = {"175.2", "109.2", "55.2", "9.2", "6.2", "0.2"};
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        CHECK(o.splits[i].below);
        CHECK(fixed(o.splits[i].distance_ulp, 1) == distances[i]);
    }
    CHECK(ch05::magnitude_of(o.splits[0].sum) == Ratio(2038107421875ULL, 1000000000ULL));  // 2038.107421875
    CHECK(ch05::magnitude_of(o.splits[3].sum) == Ratio(2038127685546875ULL, 1000000000000ULL));
    // The footnote's scales and first outputs: 1.4176400899887085 / 1.417633056640625, 59 and 50 steps apart.
    CHECK(static_cast<double>(o.splits[0].scale) == 1.4176400899887085);
    CHECK(static_cast<double>(o.splits[3].scale) == 1.417633056640625);
    CHECK(ch05::float_steps(o.splits[3].scale, o.splits[0].scale) == 59);
    CHECK(ch05::float_steps(o.splits[3].first_output, o.splits[0].first_output) == 50);
    const auto m = ch05::merge_orders(o.row, 8);
    CHECK(m.orders == 40320);
    CHECK(m.distinct.size() == 3);
    CHECK(m.spread_steps == 2);  // neighbours one step apart
}

TEST_CASE("ch05 reduction order with the row rounded to nearest: the exact sum moves to 2048.48, −64.1 / −5.1 ULP, 2 results") {
    const auto o = ch05::reduction_order(4096, {1, 8}, 1e-6f, ch05::Bf16Rounding::NearestEven);
    CHECK(fixed(o.exact_sum, 4) == "2,048.4798");
    CHECK(o.ulp == Ratio(1, 4096));  // above 2048 the FP32 step doubles
    CHECK(fixed(o.splits[0].distance_ulp, 1) == "64.1");
    CHECK(fixed(o.splits[1].distance_ulp, 1) == "5.1");
    CHECK(ch05::merge_orders(o.row, 8).distinct.size() == 2);
    // BF16 keeps 7 mantissa bits (a step of 2^-7 at 1): 1 + 2^-8 + 2^-9 truncates to 1 and rounds up to 1 + 2^-7;
    // 1 + 2^-7 + 2^-8 is a tie, which goes to the even 1 + 2^-6.
    const float x = 1.0f + 1.0f / 256 + 1.0f / 512;
    CHECK(ch05::to_bf16(x, ch05::Bf16Rounding::Truncate) == 1.0f);
    CHECK(ch05::to_bf16(x, ch05::Bf16Rounding::NearestEven) == 1.0f + 1.0f / 128);
    CHECK(ch05::to_bf16(1.0f + 1.0f / 128 + 1.0f / 256, ch05::Bf16Rounding::NearestEven) == 1.0f + 1.0f / 64);
}

TEST_CASE("ch05 reduction_order op: associativity's counter-example, the rounding choice and its refusals") {
    const Json r = result(Json::parse(R"({"op":"reduction_order"})"));
    CHECK(r["book_rounding"] == "truncate");
    CHECK(r["gap_ulp"] == 166);
    CHECK(fixed(Ratio(44560285696ULL, 4481892648761827ULL) * Ratio(10000000), 0) == "99");  // 9.9 × 10^-6
    CHECK(r["relative_gap"] == "44560285696/4481892648761827");
    CHECK(r["merge_distinct"] == 3);
    CHECK(r["associativity_left"] == 1);
    CHECK(r["associativity_right"] == "1.00000011920928955078125");  // 1 + 2^-23
    CHECK(r["associativity_steps"] == 1);
    CHECK(json_item_named(r["splits"], "1")["distance_display"] == "−175.2");
    CHECK(result(Json::parse(R"({"op":"reduction_order","rounding":"nearest"})"))["merge_distinct"] == 2);
    CHECK(error_of(Json::parse(R"({"op":"reduction_order","rounding":"up"})"))["field"] == "rounding");
    CHECK(error_of(Json::parse(R"({"op":"reduction_order","splits":[3]})"))["field"] == "splits[0]");
    // Digit strings are whole numbers, as in the scalar fields (the message once refused "1" as not a whole number).
    CHECK(result(Json::parse(R"({"op":"reduction_order","splits":["1","8"]})"))["splits"] ==
          result(Json::parse(R"({"op":"reduction_order","splits":[1,8]})"))["splits"]);
    const Json half = error_of(Json::parse(R"({"op":"reduction_order","splits":["1.5"],"lang":"en"})"));
    CHECK(half["field"] == "splits[0]");
    CHECK(contains(half["message"].get<std::string>(), "each entry must be a whole number"));
    CHECK(error_of(Json::parse(R"({"op":"reduction_order","splits":["-1"]})"))["field"] == "splits[0]");
    CHECK(error_of(Json::parse(R"({"op":"reduction_order","merge_segments":9})"))["field"] == "merge_segments");
}
