// §3.1.3's request mix (Example 3-1, Table 3.1.3-a, Figures 3-4 and 3-5):
// two classes, 8192 in / 256 out and 1024 in / 2048 out, 240 of each in two
// minutes, mixed evenly or 9:1 then 1:9.
#include <doctest/doctest.h>

#include "core/ch03/workload_mix.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const std::vector<ch03::RequestShape> kClasses = {{8192, 256}, {1024, 2048}};

Ratio tenths(u128 n) { return Ratio(n, 10); }

}  // namespace

TEST_CASE("ch03 workload mix: Table 3.1.3-a's three windows") {
    const auto even = ch03::workload_mix(kClasses, {{120, {2, 2}}});
    CHECK(even.windows[0].per_second.input_tokens == Ratio(18432));
    CHECK(even.windows[0].per_second.decode_steps == Ratio(4604));
    CHECK(even.windows[0].per_second.output_tokens == Ratio(4608));  // 4 of them come from prefill
    const auto shifting = ch03::workload_mix(kClasses, {{60, {tenths(36), tenths(4)}}, {60, {tenths(4), tenths(36)}}});
    CHECK(shifting.windows[0].per_second.input_tokens == tenths(299008));
    CHECK(shifting.windows[0].per_second.decode_steps == tenths(17368));
    CHECK(shifting.windows[1].per_second.input_tokens == tenths(69632));
    CHECK(shifting.windows[1].per_second.decode_steps == tenths(74712));
    CHECK(fixed(shifting.windows[0].per_second.input_tokens, 1) == "29,900.8");
    CHECK(shifting.windows[1].start == Ratio(60));
}

TEST_CASE("ch03 workload mix: 240 requests of each class need 552,480 later decode steps") {
    const auto shifting = ch03::workload_mix(kClasses, {{60, {tenths(36), tenths(4)}}, {60, {tenths(4), tenths(36)}}});
    CHECK(shifting.class_requests == std::vector<Ratio>{240, 240});
    CHECK(shifting.windows[0].class_requests == std::vector<Ratio>{216, 24});
    CHECK(shifting.total.decode_steps == Ratio(552480));  // 240 × 255 + 240 × 2047
    CHECK(shifting.total.requests == Ratio(480));
    // One card at 2,795.66 steps/s needs at least 197.6 s for them.
    CHECK(fixed(shifting.total.decode_steps / Ratio(279566, 100), 1) == "197.6");
}

TEST_CASE("ch03 workload mix: decode-step weighted mean contexts 8319, 2047 and ≈2742") {
    const auto even = ch03::workload_mix(kClasses, {{120, {2, 2}}});
    CHECK(even.class_context == std::vector<Ratio>{8319, 2047});
    // (255 × 8319 + 2047 × 2047) / 2302
    CHECK(even.windows[0].per_second.mean_context == Ratio(255 * 8319 + 2047 * 2047, 2302));
    CHECK(fixed(even.windows[0].per_second.mean_context, 0) == "2,742");
    // A class that returns one token has no decode step and adds no weight.
    CHECK(ch03::class_decode_context({100, 1}) == Ratio(0));
    const auto prefill_only = ch03::workload_mix({{100, 1}}, {{1, {5}}});
    CHECK(prefill_only.total.decode_steps == Ratio(0));
    CHECK(prefill_only.total.mean_context == Ratio(0));
}

TEST_CASE("ch03 workload_mix op: rows per class and per window; refusals name the field") {
    const char* base =
        R"({"op":"workload_mix","classes":[{"id":"long_input","input":8192,"output":256},{"id":"long_output","input":1024,"output":2048}],"windows":[{"seconds":"60","rates":["3.6","0.4"]},{"seconds":"60","rates":["0.4","3.6"]}]})";
    const Json r = result(Json::parse(base));
    CHECK(r["windows"][0]["input_tokens"] == "29900.8");
    CHECK(r["windows"][1]["decode_steps"] == "7471.2");
    CHECK(r["windows"][1]["decode_display"] == "7,471.2");
    CHECK(r["total"]["decode_steps"] == 552480);
    CHECK(json_item_named(r["classes"], "long_input")["mean_context"] == 8319);
    CHECK(json_item_named(r["classes"], "long_output")["requests"] == 240);
    Json bad = Json::parse(base);
    bad["windows"][1]["rates"] = Json::parse(R"(["0.4"])");
    const Json count = error_of(bad);
    CHECK(count["code"] == "flow_rates_count");
    CHECK(count["field"] == "windows[1].rates");
    bad = Json::parse(base);
    bad["windows"][0]["rates"][1] = "-0.4";
    CHECK(error_of(bad)["field"] == "windows[0].rates[1]");
    CHECK(error_of(bad)["code"] == "flow_decimal_negative");
    bad = Json::parse(base);
    bad["classes"][0]["output"] = 0;
    CHECK(error_of(bad)["code"] == "flow_count_invalid");
    CHECK(error_of(bad)["field"] == "classes[0].output");
    Json timed = Json::parse(base);
    timed["service"] = "2795.66";
    CHECK(result(timed)["decode_seconds_display"] == "197.6 秒");
    bad = Json::parse(base);
    bad["service"] = "0";
    CHECK(error_of(bad)["field"] == "service");
    bad = Json::parse(base);
    bad["classes"] = Json::array();
    CHECK(error_of(bad)["code"] == "flow_list_empty");
}
