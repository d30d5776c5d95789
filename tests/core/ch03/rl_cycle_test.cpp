// Example 3-4 (Table 3.5.3-a), retention 1/4, Exercise 3-7 and the weight
// sync of section 3.5.2, on chapter 2's forward() and decode sums.
#include <doctest/doctest.h>

#include "core/ch03/rl_cycle.hpp"
#include "core/format.hpp"
#include "core/params.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::string tflops(const Ratio& r, unsigned places = 3) { return fixed(r / Ratio(1000000000000ULL), places); }

ch03::RlCycleInput example_3_4(u128 prompts) {
    ch03::RlCycleInput in;
    in.prompts = prompts;
    in.answers = 4;
    in.input = 1024;
    in.generated = 256;
    in.keep = 16;
    return in;
}

}  // namespace

TEST_CASE("ch03 rl: Table 3.5.3-a, 8 prompts × 4 answers, keep 16") {
    const ch03::RlCycleWork w = ch03::rl_cycle(model("qwen3-8b"), example_3_4(8));
    CHECK(w.samples == 32);
    CHECK(w.sequence == 1279);
    CHECK(tflops(w.prefill) == "465.143");
    CHECK(tflops(w.decode) == "129.056");
    CHECK(tflops(w.reference) == "634.944");
    CHECK(w.teacher == Ratio(0));
    CHECK(tflops(w.update) == "952.416");
    CHECK(tflops(w.total) == "2,181.559");
    CHECK(tflops(w.per_kept) == "136.347");
    CHECK(w.kept_tokens == 20464);
    CHECK(w.supervised_tokens == 4096);
}

TEST_CASE("ch03 rl: retention 1/4 generates 64 answers for the same 16 kept") {
    const ModelSpec& m = model("qwen3-8b");
    const ch03::RlCycleWork half = ch03::rl_cycle(m, example_3_4(8));
    const ch03::RlCycleWork quarter = ch03::rl_cycle(m, example_3_4(16));
    CHECK(quarter.samples == 64);
    CHECK(tflops(quarter.total) == "3,410.701");
    CHECK(tflops(quarter.per_kept) == "213.169");
    // The chapter's 1229.142 subtracts the two printed totals; the exact
    // difference rounds to 1229.143.
    CHECK(tflops(quarter.total - half.total) == "1,229.143");
    CHECK(fixed(Ratio(3410701, 1000) - Ratio(2181559, 1000), 3) == "1,229.142");
    CHECK(quarter.total - half.total == half.generation);
    CHECK(quarter.update == half.update);
    // "+56.3 %"
    CHECK(fixed((quarter.total - half.total) * Ratio(100) / half.total, 1) == "56.3");
}

TEST_CASE("ch03 rl: Exercise 3-7, per extra answer, 48 answers and a teacher") {
    const ModelSpec& m = model("qwen3-8b");
    const ch03::RlCycleWork half = ch03::rl_cycle(m, example_3_4(8));
    const ch03::RlCycleWork quarter = ch03::rl_cycle(m, example_3_4(16));
    // The two totals give the slope and the fixed update work.
    const Ratio slope = (quarter.total - half.total) / Ratio(32);
    CHECK(tflops(slope) == "38.411");
    CHECK(slope == half.per_answer);
    CHECK(tflops(half.total - slope * Ratio(32)) == "952.416");
    const ch03::RlCycleWork forty_eight = ch03::rl_cycle(m, example_3_4(12));
    CHECK(tflops(forty_eight.total, 2) == "2,796.13");
    ch03::RlCycleInput teacher = example_3_4(12);
    teacher.reference_passes = 0;
    teacher.teacher_passes = 1;
    CHECK(tflops(ch03::rl_cycle(m, teacher).teacher) == "952.416");
}

TEST_CASE("ch03 rl_cycle op: weight sync and coded errors") {
    const Json r = result({{"op", "rl_cycle"},
                           {"model", "qwen3-8b"},
                           {"prompts", 8},
                           {"answers", 4},
                           {"input", 1024},
                           {"generated", 256},
                           {"keep", 16},
                           {"replicas", 4}});
    // Four replicas of the 16.381 GB BF16 weights: 65.526 GB.
    CHECK(r["sync_bytes"] == 65525882880ULL);
    CHECK(r["sync_display"] == "65.526 GB");
    CHECK(r["total_display"] == "2.18 PFLOPs");
    const Json keep = error_of(
        {{"op", "rl_cycle"}, {"model", "qwen3-8b"}, {"prompts", 2}, {"answers", 4}, {"input", 8}, {"generated", 8}, {"keep", 9}});
    CHECK(keep["field"] == "keep");
    CHECK(keep["code"] == "field_out_of_range");
    const Json no_gen = error_of({{"op", "rl_cycle"}, {"model", "qwen3-8b"}, {"input", 8}, {"keep", 1}});
    CHECK(no_gen["field"] == "generated");
}
