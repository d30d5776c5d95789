// §3.1.3's fluid backlog: Example 3-1 (112,792 steps, 20.17 s to drain),
// Figure 3-7's corners, Exercise 3-2's 30-second burst on two and three
// cards, and the op's refusals.
#include <doctest/doctest.h>

#include "core/ch03/fluid_backlog.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;
using ch03::FluidWindow;

namespace {

Ratio rat(u128 num, u128 den = 1) { return Ratio(num, den); }

}  // namespace

TEST_CASE("ch03 fluid backlog: Example 3-1's second minute leaves 112,792 steps, drained in 20.17 s") {
    // Two RTX PRO 6000 at 5,591.33 steps/s (the chapter's two-card rate);
    // minute 1 asks 1,736.8 steps/s, minute 2 asks 7,471.2.
    const Ratio mu = rat(559133, 100);
    const auto q = ch03::fluid_backlog({{60, rat(17368, 10), mu}, {60, rat(74712, 10), mu}});
    REQUIRE(q.series.size() == 3);
    CHECK(q.series[0] == Ratio(0));
    CHECK(q.series[1] == Ratio(0));    // the first minute's spare capacity is not kept
    CHECK(q.end == rat(5639610, 50));  // (7471.2 − 5591.33) × 60 = 112,792.2
    CHECK(fixed(q.end, 0) == "112,792");
    CHECK(q.peak == q.end);
    CHECK(q.peak_time == Ratio(120));
    REQUIRE(q.drain_seconds.has_value());
    CHECK(fixed(*q.drain_seconds, 2) == "20.17");
    // Figure 3-7: 0 until 60 s, up to the peak at 120 s, down to 0 at ≈140.17 s.
    REQUIRE(q.curve.size() == 4);
    CHECK(fixed(q.curve[3].time, 2) == "140.17");
    CHECK(q.curve[3].backlog == Ratio(0));
}

TEST_CASE("ch03 fluid backlog: Exercise 3-2's 30-second burst on two and on three cards") {
    const Ratio burst = rat(74712, 10);
    const auto two = ch03::fluid_backlog({{30, burst, 2 * 2796}});
    CHECK(two.end == Ratio(56376));  // (7471.2 − 5592) × 30
    CHECK(fixed(*two.drain_seconds, 2) == "10.08");
    // The backlog grows linearly: at 10 s it is a third of the end.
    const auto ten = ch03::fluid_backlog({{10, burst, 2 * 2796}});
    CHECK(ten.end == Ratio(18792));
    // Three cards serve 8,388 steps/s > 7,471.2: nothing waits.
    const auto three = ch03::fluid_backlog({{30, burst, 3 * 2796}});
    CHECK(three.end == Ratio(0));
    CHECK(three.peak == Ratio(0));
    CHECK(*three.drain_seconds == Ratio(0));
    // The general burst: backlog (λ − μ)τ, drain (λ − μ)τ/μ; twice τ, twice both.
    const auto twice = ch03::fluid_backlog({{60, burst, 2 * 2796}});
    CHECK(twice.end == two.end * Ratio(2));
    CHECK(*twice.drain_seconds == *two.drain_seconds * Ratio(2));
}

TEST_CASE("ch03 fluid backlog: a queue that empties inside a window bends there") {
    const auto q = ch03::fluid_backlog({{10, 200, 100}, {30, 50, 100}});
    CHECK(q.series == std::vector<Ratio>{0, 1000, 0});
    REQUIRE(q.curve.size() == 4);
    CHECK(q.curve[2].time == Ratio(30));  // 1000 steps at 50/s net: empty 20 s into the window, at 30 s
    CHECK(q.curve[2].backlog == Ratio(0));
    CHECK(q.curve[3].time == Ratio(40));
    // Emptying exactly at a boundary adds no extra corner.
    CHECK(ch03::fluid_backlog({{10, 200, 100}, {20, 50, 100}}).curve.size() == 3);
    // Equal rates keep a backlog where it is; a last window serving nothing never drains.
    const auto flat = ch03::fluid_backlog({{10, 200, 100}, {5, 100, 100}});
    CHECK(flat.end == Ratio(1000));
    CHECK(*flat.drain_seconds == Ratio(10));
    const auto stuck = ch03::fluid_backlog({{10, 200, 100}, {5, 0, 0}});
    CHECK_FALSE(stuck.drain_seconds.has_value());
}

TEST_CASE("ch03 fluid_backlog op: exact decimals in, exact values and displays out") {
    const Json r = result(Json::parse(
        R"({"op":"fluid_backlog","windows":[{"seconds":"60","arrival":"1736.8","service":"5591.33"},{"seconds":"60","arrival":"7471.2","service":"5591.33"}]})"));
    CHECK(r["series"][2] == "112792.2");
    CHECK(r["end_display"] == "112,792");
    CHECK(r["drains"] == true);
    CHECK(r["drain_display"] == "20.17 秒");
    CHECK(r["times"][2] == 120);
    const Json en = result(Json::parse(
        R"({"op":"fluid_backlog","lang":"en","windows":[{"seconds":"5","arrival":"2","service":"1"},{"seconds":"5","arrival":"0","service":"0"}]})"));
    CHECK(en["drains"] == false);
    CHECK(en["drain_seconds"].is_null());
    CHECK(en["drain_display"] == "never drains: the last window serves nothing");
}

TEST_CASE("ch03 fluid_backlog op: cards multiply the per-card rate (Exercise 3-2)") {
    const Json two = result(
        Json::parse(R"({"op":"fluid_backlog","windows":[{"seconds":"30","arrival":"7471.2","service":"2796","cards":2}]})"));
    CHECK(two["services"][0] == 5592);
    CHECK(two["end"] == 56376);
    const Json three = result(
        Json::parse(R"({"op":"fluid_backlog","windows":[{"seconds":"30","arrival":"7471.2","service":"2796","cards":3}]})"));
    CHECK(three["services"][0] == 8388);
    CHECK(three["peak"] == 0);
    const Json none =
        error_of(Json::parse(R"({"op":"fluid_backlog","windows":[{"seconds":"30","arrival":"1","service":"2","cards":0}]})"));
    CHECK(none["field"] == "windows[0].cards");
    // One window may be the request itself.
    const Json flat =
        result(Json::parse(R"({"op":"fluid_backlog","seconds":"30","arrival":"7471.2","service":"2796","cards":2})"));
    CHECK(flat["end"] == 56376);
    CHECK(error_of(Json::parse(R"({"op":"fluid_backlog","arrival":"7471.2","service":"2796"})"))["field"] == "seconds");
}

TEST_CASE("ch03 fluid_backlog op: bad windows are refused naming the field") {
    auto refused = [](const char* windows) {
        return error_of(Json::parse(std::string(R"({"op":"fluid_backlog","windows":)") + windows + "}"));
    };
    CHECK(refused("[]")["code"] == "flow_list_empty");
    CHECK(refused("[]")["field"] == "windows");
    CHECK(refused(R"("x")")["code"] == "flow_list_not_array");
    const Json negative = refused(R"([{"seconds":"60","arrival":"-3","service":"1"}])");
    CHECK(negative["code"] == "flow_decimal_negative");
    CHECK(negative["field"] == "windows[0].arrival");
    CHECK(negative["message"] == "windows[0].arrival（每秒到達的工作量）不可為負數，收到 \"-3\"");
    CHECK(negative["detail"] == "不可為負數，收到 \"-3\"");
    CHECK(refused(R"([{"seconds":"60","arrival":-3,"service":"1"}])")["code"] == "flow_decimal_negative");
    const Json zero = refused(R"([{"seconds":"1","arrival":"1","service":"1"},{"seconds":"0","arrival":"1","service":"1"}])");
    CHECK(zero["code"] == "flow_decimal_zero");
    CHECK(zero["field"] == "windows[1].seconds");
    CHECK(refused(R"([{"seconds":"1","arrival":1.5,"service":"1"}])")["code"] == "flow_decimal_invalid");
    CHECK(refused(R"([{"seconds":"1","arrival":"1,5","service":"1"}])")["code"] == "flow_decimal_invalid");
    const Json missing = refused(R"([{"seconds":"1","arrival":"1"}])");
    CHECK(missing["code"] == "flow_value_missing");
    CHECK(missing["field"] == "windows[0].service");
    const Json typo = refused(R"([{"seconds":"1","arrival":"1","service":"1","servce":"2"}])");
    CHECK(typo["code"] == "flow_key_unknown");
    CHECK(typo["field"] == "windows[0].servce");
    CHECK(refused(R"([3])")["code"] == "flow_item_not_object");
    const Json missing_list = error_of(Json::parse(R"({"op":"fluid_backlog"})"));
    CHECK(missing_list["code"] == "flow_value_missing");
    CHECK(missing_list["field"] == "windows");
}
