// projection's what-ifs on the device (§4.8.1, Experiment 4-5): the
// catalog's peak or bandwidth times a whole factor, which the roofline of
// Figure 4-35 offers as "×2" choices. Doubling the RTX 4090's peak moves the
// first compute-bound row count from 179 to 391, doubling its bandwidth to 86.
#include <doctest/doctest.h>

#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch04 projection peak_scale and bandwidth_scale: ×2 on the RTX 4090 gives 391 and 86 rows") {
    const auto ask = [](const char* extra) {
        return result(Json::parse(std::string(R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090")") +
                                  extra + "}"));
    };
    const Json book = ask("");
    CHECK(book["first_compute_bound_rows"] == 179);
    const Json peak = ask(R"(,"peak_scale":2)");
    CHECK(peak["first_compute_bound_rows"] == 391);
    CHECK(peak["peak_tflops"] == "330.4");
    CHECK(peak["bandwidth"] == 1008);
    // The same as sending the doubled peak by hand.
    const Json by_hand = ask(R"(,"peak_tflops":"330.4")");
    CHECK(peak["compute_us"] == by_hand["compute_us"]);
    const Json bandwidth = ask(R"(,"bandwidth_scale":2)");
    CHECK(bandwidth["first_compute_bound_rows"] == 86);
    CHECK(bandwidth["bandwidth"] == 2016);
    CHECK(bandwidth["bound"] == "compute");
    // At 256 rows the doubled peak leaves the layer bound by memory.
    CHECK(peak["bound"] == "memory");
}

TEST_CASE("ch04 projection scales outside 1 … 16 are refused under their own field") {
    for (const char* field : {"peak_scale", "bandwidth_scale"}) {
        for (const char* bad : {"0", "17", "\"two\"", "1.5", "-1"}) {
            const Json e =
                error_of(Json::parse(std::string(R"({"op":"projection","rows":1,"inputs":64,"outputs":64,"gpu":"rtx-4090",")") +
                                     field + "\":" + bad + "}"));
            CHECK(e["field"] == field);
        }
    }
}
