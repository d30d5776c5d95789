// The curves against the batch B (crossover_curve, routing_curve): the core
// picks the sampled batches, every point equals the single-batch op at that
// batch, and bad fields are refused by name.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "core/batch_curves.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::vector<u128> u128s(const Json& column) {
    std::vector<u128> out;
    for (const auto& v : column) out.push_back(v.get<std::uint64_t>());
    return out;
}

size_t index_of(const Json& column, std::uint64_t v) {
    for (size_t i = 0; i < column.size(); ++i) {
        if (column[i].get<std::uint64_t>() == v) return i;
    }
    FAIL("batch " << v << " is not sampled");
    return 0;
}

}  // namespace

TEST_CASE("batch_samples: powers of two and 1.5 × 2^k up to the end, with the extras, each once") {
    CHECK(batch_samples(16, {}) == std::vector<u128>{1, 2, 3, 4, 6, 8, 12, 16});
    CHECK(batch_samples(16, {5, 16, 40, 0}) == std::vector<u128>{1, 2, 3, 4, 5, 6, 8, 12, 16});
    CHECK(batch_samples(1024, {14}).size() == 21);  // 11 powers, 9 midpoints 3…768, and 14
    CHECK(batch_samples(1, {}) == std::vector<u128>{1});
}

TEST_CASE("batch_axis_end: the smallest power of two past the least end and every batch that must show") {
    CHECK(batch_axis_end(1024, {}) == 1024);
    CHECK(batch_axis_end(1000, {}) == 1024);
    CHECK(batch_axis_end(1024, {28, 5000}) == 8192);
    CHECK(batch_axis_end(2, {1}) == 2);
}

TEST_CASE("crossover_curve: flat weight reads, B × c_KV·H context reads, crossing at B* (Example 2-2)") {
    const ModelSpec& m = model("qwen3-8b");
    const StateOptions kv{dtype("bf16")};
    const CrossoverResult c = crossover(m, dtype("bf16"), kv, 8192);
    const CrossoverCurve curve = crossover_curve(m, dtype("bf16"), kv, 8192, 1024, 64);
    CHECK(curve.crossover.batch == c.batch);
    CHECK(curve.axis_end == 1024);
    bool saw_b_star = false, saw_reader = false;
    for (const BatchReads& p : curve.points) {
        CHECK(p.weight_read_bytes == c.weight_read_bytes);
        CHECK(p.kv_read_bytes == c.kv_bytes_per_request * Ratio(p.batch));
        CHECK(p.total_read_bytes == p.weight_read_bytes + p.kv_read_bytes);
        // Below B* the weights dominate; from B* on the context does.
        CHECK((p.batch < c.batch) == (p.kv_read_bytes < p.weight_read_bytes));
        saw_b_star |= p.batch == c.batch;
        saw_reader |= p.batch == 64;
    }
    CHECK(saw_b_star);
    CHECK(saw_reader);
    // A short context moves B* far right: the axis grows to hold 2·B*.
    const CrossoverCurve short_ctx = crossover_curve(m, dtype("bf16"), kv, 16, 1024, 1);
    CHECK(short_ctx.crossover.batch > 1024);
    CHECK(short_ctx.axis_end >= 2 * short_ctx.crossover.batch);
    CHECK(short_ctx.axis_end / 2 < 2 * short_ctx.crossover.batch);
}

TEST_CASE("routing_curve: each point is route() at that batch; uniform saturates at ⌈E ÷ k_top⌉") {
    CHECK(saturation_batch(256, 8) == 32);
    CHECK(saturation_batch(257, 8) == 33);
    CHECK(saturation_batch(4, 8) == 1);
    RoutingInput base;
    base.experts = 256;
    base.top_k = 8;
    base.expert_params = 3 * 2048 * 512;
    const std::vector<u128> batches = batch_samples(1024, {saturation_batch(256, 8), 64});
    const RoutingCurve curve = routing_curve(base, {Dispatch::Uniform, Dispatch::Concentrated}, batches);
    REQUIRE(curve.by_dispatch.size() == 2);
    for (size_t i = 0; i < batches.size(); ++i) {
        RoutingInput one = base;
        one.batch = batches[i];
        one.dispatch = Dispatch::Uniform;
        CHECK(curve.by_dispatch[0][i].bytes_read == route(one).bytes_read);
        CHECK(curve.by_dispatch[0][i].distinct_experts == Ratio(std::min<u128>(256, batches[i] * 8)));
        CHECK(curve.by_dispatch[1][i].distinct_experts == Ratio(8));
    }
    CHECK_THROWS_AS(routing_curve(base, {Dispatch::Explicit}, batches), std::invalid_argument);
}

TEST_CASE("crossover_curve op: columns of the sampled batches, equal to crossover × B") {
    const Json base = {{"op", "crossover"}, {"model", "qwen3-8b"}, {"context", 8192}};
    const Json one = result(base);
    Json req = base;
    req["op"] = "crossover_curve";
    req["batch"] = 64;
    const Json r = result(req);
    const std::uint64_t b_star = one["batch"].get<std::uint64_t>();
    CHECK(r["crossover_batch"].get<std::uint64_t>() == b_star);
    CHECK(r["crossover_display"] == one["display"]);
    CHECK(r["axis_end"].get<std::uint64_t>() == 1024);
    CHECK(r["batch"].get<std::uint64_t>() == 64);
    const auto batches = u128s(r["batches"]);
    CHECK(std::is_sorted(batches.begin(), batches.end()));
    for (const char* column : {"weight_read_bytes", "weight_read_display", "kv_read_bytes", "kv_read_display", "total_read_bytes",
                               "total_read_display", "dominant"}) {
        CHECK(r[column].size() == batches.size());
    }
    const size_t at = index_of(r["batches"], 64);
    CHECK(r["weight_read_bytes"][at] == one["weight_read_bytes"]);
    CHECK(r["weight_read_display"][at] == one["weight_read_binary_display"]);
    CHECK(r["kv_read_bytes"][at].get<std::uint64_t>() == 64 * one["kv_bytes_per_request"].get<std::uint64_t>());
    CHECK(r["dominant"][at] == "context");
    CHECK(r["dominant"][index_of(r["batches"], 1)] == "weights");
    CHECK(r["dominant"][index_of(r["batches"], b_star)] == "context");
    CHECK(r["dominant"][index_of(r["batches"], b_star - 1)] == "weights");
}

TEST_CASE("routing_curve op: at the reader's B it equals the routing op, per dispatch") {
    const Json r = result({{"op", "routing_curve"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 64}});
    REQUIRE(r["series"].size() == 2);
    const size_t at = index_of(r["batches"], 64);
    const size_t sat = index_of(r["batches"], r["saturation_batch"].get<std::uint64_t>());
    CHECK(sat > 0);
    for (size_t d = 0; d < 2; ++d) {
        const Json& s = r["series"][d];
        const Json one = result({{"op", "routing"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 64}, {"dispatch", s["dispatch"]}});
        CHECK(s["distinct_experts"][at] == one["distinct_experts"]);
        CHECK(s["distinct_display"][at] == one["distinct_display"]);
        CHECK(s["bytes_per_layer"][at] == one["bytes_per_layer"]);
        CHECK(s["display"][at] == one["display"]);
        CHECK(s["bytes_all_layers_display"][at] == one["bytes_all_layers_display"]);
    }
    CHECK(r["series"][0]["dispatch"] == "uniform");
    CHECK(r["series"][0]["distinct_experts"][sat] == r["experts"]);
    CHECK(r["series"][1]["distinct_experts"][sat] == r["top_k"]);
    // A B past the default end widens the axis to hold it.
    const Json wide = result({{"op", "routing_curve"}, {"model", "qwen3.6-35b-a3b"}, {"batch", 3000}});
    CHECK(wide["axis_end"].get<std::uint64_t>() == 4096);
    // A reader's text is read as typed fields are: "3K" is 3,000.
    const Json typed = result({{"op", "routing_curve"}, {"model", "qwen3.6-35b-a3b"}, {"batch", "3K"}});
    CHECK(typed["batch"].get<std::uint64_t>() == 3000);
    index_of(wide["batches"], 3000);
}

TEST_CASE("crossover_curve and routing_curve refuse bad fields by name") {
    CHECK(error_of({{"op", "crossover_curve"}, {"model", "qwen3-8b"}, {"context", 8192}, {"batch", 0}})["field"] == "batch");
    CHECK(error_of({{"op", "crossover_curve"}, {"model", "qwen3-8b"}, {"context", 8192}, {"max_batch", 1}})["field"] ==
          "max_batch");
    CHECK(error_of({{"op", "crossover_curve"}, {"model", "qwen3-8b"}})["field"] == "context");
    CHECK(error_of({{"op", "crossover_curve"}, {"model", "qwen3-8b"}, {"context", 8192}, {"batchs", 2}})["field"] == "batchs");
    CHECK(error_of({{"op", "routing_curve"}, {"model", "qwen3-8b"}})["field"] == "model");
    CHECK(error_of({{"op", "routing_curve"},
                    {"model", "qwen3.6-35b-a3b"},
                    {"dispatches", Json::array({"uniform", "explicit"})}})["field"] == "dispatches[1]");
    CHECK(error_of({{"op", "routing_curve"}, {"model", "qwen3.6-35b-a3b"}, {"dispatches", Json::array()}})["field"] ==
          "dispatches");
    CHECK(error_of({{"op", "routing_curve"}, {"model", "qwen3.6-35b-a3b"}, {"batch", "4294967297"}})["field"] == "batch");
}
