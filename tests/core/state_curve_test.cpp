// state_curve re-evaluates the rows of one state() call at many lengths; it
// must equal state() at every length, for every model and layout, including
// the lengths around windows, block sizes, top-k and candidate-pool caps.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <vector>

#include "core/state.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::vector<u128> probe_lengths() {
    std::vector<u128> out;
    for (u128 n = 1; n <= 300; ++n) out.push_back(n);
    // Around multiples of every block size and cap the models use.
    for (u128 edge : {u128{128}, u128{512}, u128{2048}, u128{4096}, u128{8192}, u128{16384}, u128{32768}, u128{65536},
                      u128{131072}, u128{262144}, u128{1048576}}) {
        for (u128 d = 0; d < 5; ++d) {
            out.push_back(edge - d);
            out.push_back(edge + d);
        }
    }
    std::mt19937_64 rng(7);
    for (int i = 0; i < 200; ++i) out.push_back(1 + rng() % (u128{1} << 40));
    return out;
}

}  // namespace

TEST_CASE("state_curve equals state() at every probed length, for every model and layout") {
    const std::vector<u128> lengths = probe_lengths();
    int compared = 0;
    for (const auto& m : api::catalog().models) {
        if (!m.partial.empty()) continue;
        for (const char* layout : {"reference", "production"}) {
            StateOptions o{dtype("bf16")};
            o.layout = layout;
            const StateCurve curve = state_curve(m, lengths, o);
            REQUIRE(curve.total.size() == lengths.size());
            for (size_t i = 0; i < lengths.size(); ++i) {
                CAPTURE(m.id);
                CAPTURE(layout);
                CAPTURE(to_decimal(lengths[i]));
                const StateResult direct = state(m, lengths[i], o);
                REQUIRE(curve.total[i] == direct.total);
                REQUIRE(curve.decode_read_bytes[i] == direct.decode_read_bytes);
                std::map<std::string, Ratio> kinds;
                for (const auto& it : direct.items) kinds[it.section] = kinds[it.section] + it.value;
                REQUIRE(kinds.size() == curve.kinds.size());
                size_t k = 0;
                for (const auto& [kind, bytes] : kinds) {
                    REQUIRE(curve.kinds[k] == kind);
                    REQUIRE(curve.by_kind[k][i] == bytes);
                    ++k;
                }
                ++compared;
            }
        }
    }
    CHECK(compared >= 10 * 2 * 400);
}

TEST_CASE("state_curve through the API matches op state at sampled lengths") {
    const Json curve = result({{"op", "state_curve"},
                               {"model", "deepseek-v4.1-flash"},
                               {"lengths", Json::array({1, 2, 127, 128, 129, 32768, 1048576})}});
    const std::vector<int> lengths = {1, 2, 127, 128, 129, 32768, 1048576};
    for (size_t i = 0; i < lengths.size(); ++i) {
        const Json s = result({{"op", "state"}, {"model", "deepseek-v4.1-flash"}, {"tokens", lengths[i]}});
        CHECK(curve["total"][i] == s["total"]);
        CHECK(curve["decode_read_bytes"][i] == s["decode_read_bytes"]);
    }
}

TEST_CASE("state_curve: displays can be left out of long series; the flag must be a boolean") {
    const Json with = result({{"op", "state_curve"}, {"model", "qwen3-8b"}, {"lengths", Json::array({8192})}});
    CHECK(with["total_display"][0] == "1.125 GiB");
    const Json without =
        result({{"op", "state_curve"}, {"model", "qwen3-8b"}, {"lengths", Json::array({8192})}, {"displays", false}});
    CHECK_FALSE(without.contains("total_display"));
    CHECK_FALSE(without.contains("by_kind_display"));
    CHECK(without["total"] == with["total"]);
    const Json bad = call({{"op", "state_curve"}, {"model", "qwen3-8b"}, {"lengths", Json::array({8192})}, {"displays", "no"}});
    CHECK(bad["ok"] == false);
    CHECK(bad["error"]["field"] == "displays");
}
