// The iteration scheduler of §8.2.2 (Figures 8-5 … 8-7): four requests, at
// most two running, on the printed fit (26.22 ms, 30.4 μs, 3 ns): fixed
// 870 ms with 26 ms gaps, continuous 766 ms with a 376 ms gap, chunked
// 844 ms with 133 ms; and the refusals.
#include <doctest/doctest.h>

#include "core/ch08/iteration_schedule.hpp"
#include "core/format.hpp"
#include "exact_of.hpp"

using namespace tally;
using namespace tally::test;

namespace {

ch08::ScheduleInput book_case(ch08::Policy policy) {
    ch08::ScheduleInput in;
    in.arrivals = {{Ratio(0), 2048, 8}, {Ratio(0), 2048, 2}, {Ratio(20), 8192, 2}, {Ratio(30), 2048, 4}};
    in.policy = policy;
    in.max_running = 2;
    in.chunk = 2048;
    in.token_budget = 4096;
    in.fit = {Ratio(2622, 100), Ratio(304, 10), Ratio(3)};
    return in;
}

}  // namespace

TEST_CASE("ch08 iteration_schedule: §8.2.2's fixed, continuous and chunked timelines") {
    const ch08::Schedule fixed_batch = ch08::iteration_schedule(book_case(ch08::Policy::Fixed));
    CHECK(fixed(fixed_batch.total_ms, 0) == "870");
    CHECK(fixed(fixed_batch.max_gap_ms, 0) == "26");
    // The first iteration prefills r0 and r1 together: Exercise 8-2's 163.33 ms.
    CHECK(fixed(fixed_batch.iterations[0].step.total_ms, 2) == "163.33");
    CHECK(fixed_batch.iterations[0].step.pairs == 4196352);
    // r2 and r3 start only once r0 has returned its eighth output.
    CHECK(fixed_batch.requests[2].start_ms == fixed_batch.requests[0].finish_ms);

    const ch08::Schedule continuous = ch08::iteration_schedule(book_case(ch08::Policy::Continuous));
    CHECK(fixed(continuous.total_ms, 0) == "766");
    CHECK(fixed(continuous.max_gap_ms, 0) == "376");
    CHECK(continuous.requests[0].max_gap_ms == continuous.max_gap_ms);  // r0 waits for r2's 8K prefill
    // The admitting iteration: r0's decode and r2's 8192 positions, 375.97 ms (Exercise 8-2).
    CHECK(continuous.iterations[2].step.new_positions == 8193);
    CHECK(continuous.iterations[2].step.pairs == 33560578);
    CHECK(fixed(continuous.iterations[2].step.total_ms, 2) == "375.97");

    const ch08::Schedule chunked = ch08::iteration_schedule(book_case(ch08::Policy::Chunked));
    CHECK(fixed(chunked.total_ms, 0) == "844");
    CHECK(fixed(chunked.max_gap_ms, 0) == "133");
    for (const ch08::Iteration& it : chunked.iterations) CHECK(it.step.new_positions <= 4096);
}

TEST_CASE("ch08 iteration_schedule: an idle card waits for the next arrival") {
    ch08::ScheduleInput in;
    in.arrivals = {{Ratio(100), 16, 1}};
    in.fit = {Ratio(1), Ratio(0), Ratio(0)};
    const ch08::Schedule s = ch08::iteration_schedule(in);
    CHECK(s.iterations.size() == 1);
    CHECK(s.requests[0].start_ms == Ratio(100));
    CHECK(s.total_ms == Ratio(101));
    CHECK(s.max_gap_ms == Ratio(0));
}

TEST_CASE("ch08 iteration_schedule op: the book's case and refusals") {
    const Json r = result(Json::parse(
        R"({"op":"iteration_schedule","arrivals":[{"input":2048,"generated":8},{"input":2048,"generated":2},{"arrive_ms":"20","input":8192,"generated":2},{"arrive_ms":"30","input":2048,"generated":4}],"base_ms":"26.22","per_token_us":"30.4"})"));
    CHECK(r["total_display"] == "766 ms");
    CHECK(r["max_gap_display"] == "376 ms");
    CHECK(r["requests"][2]["id"] == "r2");
    CHECK(r["iterations"][2]["prefill"][0] == "r2");
    CHECK(r["iterations"][2]["decode"][0] == "r0");
    // The timeline by request: a wait for each request admitted after it arrived, then one band per iteration it is in.
    const Json& bands = r["bands"];
    std::size_t waits = 0, work = 0;
    for (const auto& q : r["requests"]) waits += q["arrive_ms"] != q["start_ms"] ? 1 : 0;
    for (const auto& it : r["iterations"]) work += it["prefill"].size() + it["decode"].size();
    CHECK(waits == 2);
    CHECK(bands.size() == waits + work);
    CHECK(bands[0]["request"] == "r2");
    CHECK(bands[0]["kind"] == "wait");
    CHECK(bands[0]["start_ms"] == 20);
    CHECK(bands[0]["end_ms"] == r["requests"][2]["start_ms"]);
    CHECK(bands[0]["start_display"] == "20.0");
    CHECK(bands[waits]["request"] == "r0");
    CHECK(bands[waits]["kind"] == "prefill");
    CHECK(bands[waits]["end_ms"] == r["iterations"][0]["end_ms"]);
    CHECK(bands[bands.size() - 1]["kind"] == "decode");
    CHECK(bands[bands.size() - 1]["end_ms"] == r["total_ms"]);
    CHECK(error_of(Json::parse(
              R"({"op":"iteration_schedule","policy":"greedy","arrivals":[{"input":16,"generated":1}]})"))["field"] == "policy");
    CHECK(error_of(Json::parse(R"({"op":"iteration_schedule","arrivals":[]})"))["field"] == "arrivals");
    CHECK(
        error_of(Json::parse(
            R"({"op":"iteration_schedule","arrivals":[{"arrive_ms":"5","input":16,"generated":1},{"arrive_ms":"1","input":16,"generated":1}]})"))
            ["code"] == "ch08_arrivals_order");
    CHECK(error_of(Json::parse(R"({"op":"iteration_schedule","arrivals":[{"input":16,"generated":0}]})"))["field"] ==
          "arrivals[0].generated");
    CHECK(error_of(Json::parse(R"({"op":"iteration_schedule","arrivals":[{"input":16,"generated":1,"priority":1}]})"))["field"] ==
          "arrivals[0].priority");
    CHECK(error_of(Json::parse(
              R"({"op":"iteration_schedule","policy":"chunked","chunk":8,"arrivals":[{"input":16,"generated":1}]})"))["field"] ==
          "chunk");
}
