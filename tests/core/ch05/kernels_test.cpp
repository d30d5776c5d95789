// §5.2.3–5.4.3's kernels: banks with padding and XOR, the RMSNorm split,
// fusion traffic and peaks over a chain's partitions, FP8 E4M3 rounding and
// the scale order of Example 5-7; §5.3.3's attention tiles and the exact
// online softmax of Example 5-6 and Experiment 5-3.
#include <doctest/doctest.h>

#include "core/ch05/attention_tiles.hpp"
#include "core/ch05/fusion_chain.hpp"
#include "core/ch05/memory_layout.hpp"
#include "core/ch05/quant_scale.hpp"
#include "core/format.hpp"
#include "../support.hpp"
#include "binary_sizes.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch05 banks: a column takes 32 rounds, 1 with a padded stride of 33 (4,224 B) or with c ⊕ r") {
    const auto plain = ch05::bank_rounds(32, 32, 4, 32, 32, 0, false);
    CHECK(plain.column_rounds == 32);
    CHECK(plain.row_rounds == 1);
    const auto pad = ch05::bank_rounds(32, 32, 4, 32, 32, 1, false);
    CHECK(pad.column_rounds == 1);
    CHECK(pad.padded_bytes == 4224);
    CHECK(fixed(pad.extra_share * Ratio(100), 1) == "3.1");
    const auto swz = ch05::bank_rounds(32, 32, 4, 32, 32, 0, true);
    CHECK(swz.column_rounds == 1);
    CHECK(swz.padded_bytes == 4096);
    // Two words of padding pair rows up on even banks: 2 rounds.
    CHECK(ch05::bank_rounds(32, 32, 4, 32, 32, 2, false).column_rounds == 2);
    CHECK(error_of(Json::parse(R"({"op":"bank_conflicts","layout":"diagonal"})"))["field"] == "layout");
    CHECK(error_of(Json::parse(R"({"op":"bank_conflicts","pad_words":1})"))["field"] == "pad_words");
    CHECK(error_of(Json::parse(R"({"op":"bank_conflicts","layout":"xor","cols":24})"))["field"] == "cols");
}

TEST_CASE("ch05 split reduction: 1,024 → 8,192 tasks, 32 / 4 KiB handed over, 24 → 32.1 MiB, 1 → 3 launches") {
    const auto s = ch05::split_reduction(1024, 4096, 8, 2);
    CHECK(s.tasks_split == 8192);
    CHECK(s.partial_bytes == 32 * kKiB);
    CHECK(s.scale_bytes == 4 * kKiB);
    CHECK(s.traffic_whole == 24 * kMiB);
    CHECK(fixed(Ratio(s.traffic_split, kMiB), 1) == "32.1");
    CHECK(s.segment_fp32_bytes == 2 * kKiB);
    CHECK(error_of(Json::parse(R"({"op":"split_reduction","segments":3})"))["field"] == "segments");
}

TEST_CASE("ch05 fusion: Example 5-4's 120 → 72 MiB; with quantisation 156 / 108 / 60 MiB, peaks 72 / 60 MiB") {
    const std::vector<ch05::ChainStage> chain = {{{2}, 2}, {{2}, 2}, {{}, 1}};
    constexpr u128 elements = 1024 * 12288;
    const auto separate = ch05::chain_partition(chain, {0, 1});
    CHECK(separate.traffic_per_element * elements == 156 * kMiB);
    CHECK(separate.peak_per_element * elements == 72 * kMiB);
    CHECK(ch05::chain_partition(chain, {1}).traffic_per_element * elements == 108 * kMiB);
    const auto fused = ch05::chain_partition(chain, {});
    CHECK(fused.traffic_per_element * elements == 60 * kMiB);
    CHECK(fused.peak_per_element * elements == 60 * kMiB);
    const std::vector<ch05::ChainStage> pair(chain.begin(), chain.begin() + 2);
    CHECK(ch05::chain_partition(pair, {0}).traffic_per_element * elements == 120 * kMiB);
    CHECK(ch05::chain_partition(pair, {}).traffic_per_element * elements == 72 * kMiB);
    CHECK(ch05::partition_count(10) == 512);
    const Json r = ask(R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2}]})");
    CHECK(r["fused_over_separate"] == "0.6");
    CHECK(r["partitions"].size() == 2);
    CHECK(error_of(Json::parse(R"({"op":"fusion_traffic","stages":[{"inputs":[2]}]})"))["field"] == "stages[0]");
    CHECK(error_of(Json::parse(R"({"op":"fusion_traffic","stages":[{"output":2},{"output":2}],"cuts":[2]})"))["field"] ==
          "cuts[0]");
}

TEST_CASE("ch05 E4M3FN rounding and Example 5-7: 44.8 → 44 → 55/56 with the row's scale, exactly 1 with the block's") {
    CHECK(ch05::round_e4m3(Ratio(448, 10)) == Ratio(44));
    CHECK(ch05::round_e4m3(Ratio(46)) == Ratio(48));           // a tie between 44 and 48: the even mantissa
    CHECK(ch05::round_e4m3(Ratio(450)) == Ratio(448));         // the largest finite value
    CHECK(ch05::round_e4m3(Ratio(1, 1024)) == Ratio(0));       // half the subnormal step 2^-9: a tie, to even (0)
    CHECK(ch05::round_e4m3(Ratio(3, 1024)) == Ratio(1, 256));  // 1.5 steps rounds to 2
    const auto row = ch05::quantize_with_scale(1, 10);
    CHECK(row.scale == Ratio(448, 10));
    CHECK(row.stored == Ratio(44));
    CHECK(row.restored == Ratio(55, 56));
    CHECK(row.error == Ratio(1, 56));
    const auto block = ch05::quantize_with_scale(1, 1);
    CHECK(block.restored == Ratio(1));
    const Json r = ask(R"({"op":"quant_scale_order","block_maxima":["1","10"]})");
    CHECK(r["difference"] == "1/56");
    CHECK(error_of(Json::parse(R"({"op":"quant_scale_order","block_maxima":["1","10"],"element_block":3})"))["field"] ==
          "element_block");
    CHECK(error_of(Json::parse(R"({"op":"quant_scale_order","block_maxima":["1","10"],"element":"2"})"))["field"] == "element");
}

TEST_CASE("ch05 attention: 2 / 256 MiB materialised, Table 5.3.3-a, the 504 MiB prefetch variant, online softmax 7/3 and 27/7") {
    const auto m = ch05::materialized_attention(8192, 128, 2, 4);
    CHECK(m.tensor_bytes == 2 * kMiB);
    CHECK(m.score_bytes == 256 * kMiB);
    CHECK(m.score_traffic == 1024 * kMiB);
    const auto b1 = ch05::flash_tile(8192, 128, 1, 1, 101376);
    CHECK(b1.query_rows == 128);
    CHECK(b1.scans == 64);
    CHECK(b1.traffic_bytes == 260 * kMiB);
    CHECK(b1.updates == 524288);
    const auto b64 = ch05::flash_tile(8192, 128, 64, 1, 101376);
    CHECK(b64.query_rows == 82);
    CHECK(b64.scans == 100);
    CHECK(b64.traffic_bytes == 404 * kMiB);
    CHECK(b64.updates == 12800);
    const auto b128 = ch05::flash_tile(8192, 128, 128, 1, 101376);
    CHECK(b128.query_rows == 53);
    CHECK(b128.scans == 155);
    CHECK(b128.traffic_bytes == 624 * kMiB);
    // Experiment 5-3: one more 16 KiB slot for prefetching: a = 66, 125 scans, 504 MiB.
    const auto pre = ch05::flash_tile(8192, 128, 64, 2, 101376);
    CHECK(pre.query_rows == 66);
    CHECK(pre.scans == 125);
    CHECK(pre.traffic_bytes == 504 * kMiB);
    CHECK(error_of(Json::parse(R"({"op":"flash_tile","kv_rows":512})"))["field"] == "kv_rows");
    // Example 5-6: e^0 = 1 with value 1, then e^(ln 2) = 2 with value 3.
    const auto o = ch05::online_softmax({1, 2}, {1, 3}, 1);
    CHECK(o.steps[0].weight_sum == Ratio(1));
    CHECK(o.steps[1].rescale == Ratio(1, 2));
    CHECK(o.steps[1].weight_sum == Ratio(3, 2));
    CHECK(o.steps[1].weighted == Ratio(7, 2));
    CHECK(o.steps[1].output == Ratio(7, 3));
    CHECK(o.direct == Ratio(7, 3));
    // Experiment 5-3: a third score ln 4 with value 5 gives 27/7.
    const auto three = ch05::online_softmax({1, 2, 4}, {1, 3, 5}, 1);
    CHECK(three.steps[2].weight_sum == Ratio(7, 4));
    CHECK(three.steps[2].output == Ratio(27, 7));
    CHECK(ch05::online_softmax({1, 2, 4}, {1, 3, 5}, 2).steps.back().output == Ratio(27, 7));  // any block size
    CHECK(ask(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"]})")["agree"] == true);
    CHECK(error_of(Json::parse(R"({"op":"online_softmax","weights":["1","0"],"values":["1","3"]})"))["field"] == "weights[1]");
    CHECK(error_of(Json::parse(R"({"op":"online_softmax","weights":["1"],"values":["1","3"]})"))["field"] == "values");
}

TEST_CASE("ch05 online_softmax slots: weight_2 and value_2 replace one item (scores ln 1, ln 4; values 1, 5 → 21/5 = 4.2)") {
    // The page scrubs single fields; the lists keep the rest of Example 5-6.
    const Json r = ask(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"weight_2":"4","value_2":"5"})");
    CHECK(json_item_named(r["steps"], "2")["max_display"] == "ln 4");
    CHECK(json_item_named(r["steps"], "2")["rescale"] == "0.25");
    CHECK(json_item_named(r["steps"], "2")["weight_sum"] == "1.25");  // 1/4 + 1
    CHECK(json_item_named(r["steps"], "2")["weighted"] == "5.25");    // 1/4 + 5
    CHECK(r["output"] == "4.2");                                      // (1 + 4·5) / 5
    CHECK(r["direct"] == "4.2");
    // The book's values through the slots give the book's 7/3, step for step.
    const Json book = ask(
        R"({"op":"online_softmax","weights":["9","9"],"values":["9","9"],"weight_1":"1","weight_2":"2","value_1":"1","value_2":"3"})");
    CHECK(book == ask(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"]})"));
    // A larger first score: the maximum stays, r = 1, and the output is 9/5.
    const Json first = ask(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"weight_1":"3"})");
    CHECK(json_item_named(first["steps"], "2")["max_display"] == "ln 3");
    CHECK(json_item_named(first["steps"], "2")["rescale"] == 1);
    CHECK(json_item_named(first["steps"], "2")["weight_sum"] == "5/3");  // 1 + 2/3: the new score is weighed against ln 3
    CHECK(first["output"] == "1.8");                                     // 3 ÷ 5/3 = (3·1 + 2·3) / 5
    CHECK(first["direct"] == "1.8");
    // Refusals name the slot.
    const Json zero = error_of(Json::parse(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"weight_2":"0"})"));
    CHECK(zero["field"] == "weight_2");
    CHECK(error_of(Json::parse(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"value_1":"-1"})"))["field"] ==
          "value_1");
    const Json past =
        error_of(Json::parse(R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"value_3":"1","lang":"en"})"));
    CHECK(past["field"] == "value_3");
    CHECK(contains(past["message"].get<std::string>(), "values has 2, so there is no item 3"));
}
