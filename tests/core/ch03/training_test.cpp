// Section 3.4 on chapter 2's forward(): Table 3.4.3-a, the compact head,
// Example 3-3's training state, the packing example and Exercise 3-6.
#include <doctest/doctest.h>

#include "core/ch03/training.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::string tflops(const Ratio& r) { return fixed(r / Ratio(1000000000000ULL), 3); }

}  // namespace

TEST_CASE("ch03 training: Table 3.4.3-a for Qwen3-8B, B = 1, P = 8192") {
    const ch03::TrainingWork w = ch03::training_work(model("qwen3-8b"), {1, 8192, 0, ch03::HeadMode::Full});
    CHECK(tflops(w.forward) == "143.789");
    CHECK(tflops(w.backward) == "287.579");
    CHECK(tflops(w.total) == "431.368");
    CHECK(tflops(w.attention) == "59.381");
    CHECK(tflops(w.six_nd) == "402.591");
    CHECK(w.head_rows == 8192);
    // "about 7.15 % above 6ND"
    CHECK(fixed((w.total - w.six_nd) * Ratio(100) / w.six_nd, 2) == "7.15");
}

TEST_CASE("ch03 training: 4096 labels cut work only with a compact head") {
    const ModelSpec& m = model("qwen3-8b");
    const ch03::TrainingWork full = ch03::training_work(m, {1, 8192, 0, ch03::HeadMode::Full});
    const ch03::TrainingWork masked = ch03::training_work(m, {1, 8192, 4096, ch03::HeadMode::Full});
    const ch03::TrainingWork compact = ch03::training_work(m, {1, 8192, 4096, ch03::HeadMode::Compact});
    CHECK(masked.total == full.total);
    CHECK(tflops(compact.total) == "416.074");
    CHECK(compact.head_rows == 4096);
    // The saving is three head passes over the 4096 unlabelled rows: 3 × 2 × 4096 × d × V.
    CHECK(full.total - compact.total == Ratio(mul(3, 2, 4096, 4096, 151936)));
}

TEST_CASE("ch03 training: Example 3-3 state, 18 B per parameter") {
    const ch03::TrainingWork w = ch03::training_work(model("qwen3-8b"), {});
    CHECK(w.params == 8190735360ULL);
    CHECK(w.state_bytes_per_param == 18);
    CHECK(fixed(w.state_bytes / Ratio(1000000000), 3) == "147.433");
    CHECK(fixed(w.state_bytes / Ratio(u128{1} << 30), 3) == "137.308");
    // Exercise 3-6: BF16 gradients save 2 B per parameter, one BF16 weight copy.
    ch03::StateBytesPerParam bf16;
    bf16.gradients = 2;
    const ch03::TrainingWork smaller = ch03::training_work(model("qwen3-8b"), {}, bf16);
    CHECK(fixed((w.state_bytes - smaller.state_bytes) / Ratio(1000000000), 3) == "16.381");
}

TEST_CASE("ch03 training: packing 4096+4096 against 7168+1024") {
    const ModelSpec& m = model("qwen3-8b");
    const ch03::PackedAttention even = ch03::packed_attention(m, {4096, 4096});
    const ch03::PackedAttention uneven = ch03::packed_attention(m, {7168, 1024});
    CHECK(even.pairs == 16781312);
    CHECK(uneven.pairs == 26218496);
    CHECK(tflops(even.forward_per_layer) == "0.275");
    CHECK(tflops(uneven.forward_per_layer) == "0.430");
    CHECK(fixed((uneven.forward - even.forward) * Ratio(100) / even.forward, 0) == "56");
}

TEST_CASE("ch03 training: Exercise 3-6 tokens per update") {
    const ch03::UpdateTokens t = ch03::update_tokens(8, 2, 4096, 1024);
    CHECK(t.input == 65536);
    CHECK(t.supervised == 16384);
}

TEST_CASE("ch03 training op: fields, results and coded errors") {
    const Json r = result({{"op", "training"}, {"model", "qwen3-8b"}, {"batch", 1}, {"input", 8192}});
    CHECK(r["display"] == "431.37 TFLOPs");
    CHECK(r["state_over_weights"] == 9);
    CHECK(r["over_six_nd_percent"].is_string());
    const Json compact =
        result({{"op", "training"}, {"model", "qwen3-8b"}, {"input", 8192}, {"labels", 4096}, {"head", "compact"}});
    CHECK(compact["head_rows"] == 4096);
    const Json bad_head = error_of({{"op", "training"}, {"model", "qwen3-8b"}, {"input", 8192}, {"head", "half"}});
    CHECK(bad_head["field"] == "head");
    CHECK(bad_head["code"] == "ch03_model_choice_unknown");
    const Json too_many = error_of({{"op", "training"}, {"model", "qwen3-8b"}, {"input", 8}, {"labels", 9}});
    CHECK(too_many["field"] == "labels");
    const Json grads = error_of({{"op", "training"}, {"model", "qwen3-8b"}, {"gradients", "fp8"}});
    CHECK(grads["field"] == "gradients");
    const Json docs = error_of({{"op", "packing"}, {"model", "qwen3-8b"}, {"documents", Json::array({4096, 0})}});
    CHECK(docs["field"] == "documents[1]");
    CHECK(docs["code"] == "ch03_model_list_not_positive");
    const Json none = error_of({{"op", "packing"}, {"model", "qwen3-8b"}});
    CHECK(none["field"] == "documents");
    const Json u = result({{"op", "update_tokens"}, {"accumulation", 8}, {"micro_batch", 2}, {"input", 4096}, {"labels", 1024}});
    CHECK(u["input_tokens"] == 65536);
    CHECK(u["supervised_tokens"] == 16384);
}
