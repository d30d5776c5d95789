// Example 3-1: the decode steps per second two RTX PRO 6000 cards allow for
// Qwen3-8B at batch 64 and mean context 2742, from chapter 2's weight and
// KV bytes.  The book's calculator (batch-reuse-rtxpro6000-mix) counts four
// terms: the weights without the embedding table read once, one embedding
// row per sequence, every sequence's old KV read and its new KV written.
#include <doctest/doctest.h>

#include "core/ch03/decode_rate.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

ch03::DecodeStepRate example_3_1() {
    ch03::DecodeStepInput in;
    in.batch = 64;
    in.context = 2742;
    in.bandwidth = Ratio(1792000000000ULL);
    in.cards = 2;
    return ch03::decode_step_rate(model("qwen3-8b"), dtype("bf16"), StateOptions{dtype("bf16")}, in);
}

}  // namespace

TEST_CASE("ch03 decode rate: Example 3-1's step bytes, term by term") {
    const ch03::DecodeStepRate r = example_3_1();
    CHECK(r.bytes.shared_weights == Ratio(15136811008ULL));  // "15.14 GB of shared weights"
    CHECK(fixed(r.bytes.shared_weights / Ratio(1000000000), 2) == "15.14");
    CHECK(r.bytes.kv_read == Ratio(mul(64, 2742, 147456)));  // 144 KiB per old position
    CHECK(r.bytes.kv_write == Ratio(mul(64, 147456)));
    CHECK(r.bytes.embedding_rows == Ratio(mul(64, 4096, 2)));
    // The calculator's total declared traffic at batch 64.
    CHECK(r.bytes.total == Ratio(41023531008ULL));
    CHECK(fixed(r.bytes.total / Ratio(1000000000), 2) == "41.02");
}

TEST_CASE("ch03 decode rate: 22.89 ms, 2,795.66 steps/s per card, 5,591.33 for two") {
    const ch03::DecodeStepRate r = example_3_1();
    CHECK(fixed(r.step_seconds * Ratio(1000), 2) == "22.89");
    CHECK(fixed(r.steps_per_second, 2) == "2,795.66");
    CHECK(fixed(r.steps_per_second, 0) == "2,796");
    CHECK(fixed(r.steps_per_second_all, 2) == "5,591.33");
    CHECK(fixed(r.steps_per_second_all, 0) == "5,591");
}

TEST_CASE("ch03 decode rate: half the bandwidth reached halves the rate") {
    ch03::DecodeStepInput in;
    in.batch = 64;
    in.context = 2742;
    in.bandwidth = Ratio(1792000000000ULL);
    in.efficiency = Ratio(1, 2);
    const ch03::DecodeStepRate half = ch03::decode_step_rate(model("qwen3-8b"), dtype("bf16"), StateOptions{dtype("bf16")}, in);
    CHECK(half.steps_per_second * Ratio(2) == example_3_1().steps_per_second);
}

TEST_CASE("ch03 decode_step_rate op: results and coded errors") {
    const Json r = result({{"op", "decode_step_rate"},
                           {"model", "qwen3-8b"},
                           {"batch", 64},
                           {"context", 2742},
                           {"bandwidth", "1792"},
                           {"cards", 2}});
    CHECK(r["step_bytes"] == 41023531008ULL);
    CHECK(r["step_display"] == "41.024 GB");
    CHECK(r["steps_per_second_display"] == "2,795.66");
    CHECK(r["steps_per_second_all_display"] == "5,591.33");
    const Json missing = error_of({{"op", "decode_step_rate"}, {"model", "qwen3-8b"}, {"context", 2742}});
    CHECK(missing["field"] == "bandwidth");
    const Json bad = error_of({{"op", "decode_step_rate"}, {"model", "qwen3-8b"}, {"context", 2742}, {"bandwidth", "fast"}});
    CHECK(bad["field"] == "bandwidth");
    CHECK(bad["code"] == "field_not_decimal");
    const Json over = error_of(
        {{"op", "decode_step_rate"}, {"model", "qwen3-8b"}, {"context", 2742}, {"bandwidth", "1792"}, {"efficiency", "1.5"}});
    CHECK(over["field"] == "efficiency");
    CHECK(over["code"] == "ch03_model_decimal_above");
}
