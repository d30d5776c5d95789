// §4.5.1's two-die packages (Figs. 4-22, 4-23): 32 GiB of weights per die,
// read with all the work on die 0 or where the weights are.  The book's
// printed numbers, through the closed form and through the op with a catalog
// device, and the refusals.
#include <doctest/doctest.h>

#include "core/ch04/die_locality.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

constexpr u128 k32GiB = u128{32} << 30;
constexpr u128 k64MiB = u128{64} << 20;

}  // namespace

TEST_CASE(
    "ch04 die locality: B200 reads the other die at its memory's 4 TB/s (8.6 ms either way); the 910C's 270 GB/s link takes 127 "
    "ms") {
    const auto b200 = ch04::die_locality(Ratio(k32GiB), Ratio(k64MiB), 4000, 10000);
    CHECK_FALSE(b200.link_bound);
    CHECK(fixed(b200.local_read_us / Ratio(1000), 1) == "8.6");
    CHECK(b200.remote_read_us == b200.local_read_us);
    CHECK(b200.gathered_us == b200.local_read_us);
    CHECK(b200.link_over_local == Ratio(5, 2));
    // Even at 5 TB/s each way, the link stays faster than one die's memory.
    CHECK_FALSE(ch04::die_locality(Ratio(k32GiB), 0, 4000, 5000).link_bound);

    const auto ascend = ch04::die_locality(Ratio(k32GiB), Ratio(k64MiB), 1600, 270);
    CHECK(ascend.link_bound);
    CHECK(fixed(ascend.local_read_us / Ratio(1000), 1) == "21.5");
    CHECK(fixed(ascend.remote_read_us / Ratio(1000), 0) == "127");
    CHECK(ascend.gathered_us == ascend.remote_read_us);
    CHECK(fixed(ascend.exchange_us / Ratio(1000), 2) == "0.25");
    CHECK(fixed(ascend.link_over_local, 2) == "0.17");
    CHECK(fixed(ascend.remote_read_us / ascend.local_read_us, 1) == "5.9");
}

TEST_CASE("ch04 die_locality op: the catalog gives each die's bandwidth and the 910C's link; the B200's link must be sent") {
    const Json ascend =
        result(Json::parse(R"({"op":"die_locality","gpu":"ascend-910c","bytes_per_die":34359738368,"exchange_bytes":67108864})"));
    CHECK(ascend["local_bandwidth"] == Json(1600));
    CHECK(ascend["die_link_bandwidth"] == Json(270));
    CHECK(ascend["remote_bound"] == Json("link"));
    CHECK(ascend["local_read_display"] == Json("21.47 ms"));
    CHECK(ascend["remote_read_display"] == Json("127.26 ms"));
    CHECK(ascend["gathered_display"] == Json("127.26 ms"));
    CHECK(ascend["exchange_display"] == Json("0.25 ms"));
    CHECK(ascend["remote_over_local_display"] == Json("5.9"));

    const Json b200 = result(Json::parse(
        R"({"op":"die_locality","gpu":"b200","die_link_bandwidth":"10000","bytes_per_die":34359738368,"exchange_bytes":67108864})"));
    CHECK(b200["local_bandwidth"] == Json(4000));
    CHECK(b200["remote_bound"] == Json("memory"));
    CHECK(b200["gathered_display"] == Json("8.59 ms"));
    CHECK(b200["exchange_display"] == Json("6.71 μs"));
    CHECK(b200["link_over_local_display"] == Json("2.50"));

    // The B200's NV-HBI states no direction, so the catalog does not supply it.
    const Json missing = call(Json::parse(R"({"op":"die_locality","gpu":"b200","bytes_per_die":1})"));
    CHECK(missing["ok"] == Json(false));
    CHECK(missing["error"]["field"] == Json("die_link_bandwidth"));
    const Json zero =
        call(Json::parse(R"({"op":"die_locality","local_bandwidth":"0","die_link_bandwidth":"1","bytes_per_die":1})"));
    CHECK(zero["error"]["field"] == Json("local_bandwidth"));
    const Json none = call(Json::parse(R"({"op":"die_locality","gpu":"ascend-910c","bytes_per_die":0})"));
    CHECK(none["error"]["field"] == Json("bytes_per_die"));
}
