// Chapter 10's closed forms against the book's printed values: ZeRO state
// per card (Table 10-d), the design case (Table 10-j and the book's
// design-case file), the pipeline event model (337 / 347 ms), capacity
// factors (Table 10-g), the save interval (Table 10-h) and the critical batch
// (Table 10-a).
#include <doctest/doctest.h>

#include "api/json_out.hpp"
#include "api/ops/ch10/dense_shape.hpp"
#include "core/answer.hpp"
#include "core/ch10/checkpoint_interval.hpp"
#include "core/ch10/critical_batch.hpp"
#include "core/ch10/moe_capacity.hpp"
#include "core/ch10/pipeline_events.hpp"
#include "core/ch10/reshard.hpp"
#include "core/ch10/saved_activations.hpp"
#include "core/ch10/square_root.hpp"
#include "core/ch10/zero_state.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

constexpr u128 kQwen8b = 8190735360;  // N as the chapter prints it
const Ratio kGiB(u128{1} << 30);

// Qwen3-8B's shape from content/models/, as the op reads it.
ch10::DenseShape qwen3_8b_shape() { return api::dense_shape_of(api::find_model("model", "qwen3-8b")); }

std::string gib(const Ratio& bytes, unsigned places) { return fixed(bytes / kGiB, places); }

}  // namespace

TEST_CASE("ch10 zero_state: Table 10-d at d = 8 (122.1, 42.0, 28.6, 15.3 GiB) with BF16 gradients") {
    const char* printed[] = {"122.1", "42.0", "28.6", "15.3"};
    for (unsigned stage = 0; stage <= 3; ++stage) {
        CAPTURE(stage);
        const ch10::ZeroState z = ch10::zero_state({kQwen8b, 8, stage, 2});
        CHECK(gib(z.per_card, 1) == printed[stage]);
        CHECK(z.per_card == z.weights + z.gradients + z.optimizer);
    }
    // M1 = 4N + 12N/8, M2 = 2N + 14N/8, M3 = 16N/8 exactly.
    const Ratio n(kQwen8b);
    CHECK(ch10::zero_state({kQwen8b, 8, 1, 2}).per_card == Ratio(4) * n + Ratio(12) * n / Ratio(8));
    CHECK(ch10::zero_state({kQwen8b, 8, 2, 2}).per_card == Ratio(2) * n + Ratio(14) * n / Ratio(8));
    CHECK(ch10::zero_state({kQwen8b, 8, 3, 2}).per_card == Ratio(2) * n);
    // FP32 gradients (chapter 3's 18 B, Exercise 10-1): 137.3, 57.2, 30.5, 17.2 GiB.
    const char* fp32[] = {"137.3", "57.2", "30.5", "17.2"};
    for (unsigned stage = 0; stage <= 3; ++stage) CHECK(gib(ch10::zero_state({kQwen8b, 8, stage, 4}).per_card, 1) == fp32[stage]);
}

TEST_CASE("ch10 zero_state op: the model's N, the fixed result shape, and BF16 by default") {
    const Json r = ask(R"({"op":"zero_state","model":"qwen3-8b","shards":8,"stage":3})");
    CHECK(r["params"] == Json(8190735360ULL));
    CHECK(r["bytes_per_card"] == Json(16381470720ULL));  // 16N/8
    CHECK(r["weights"] == Json(2047683840ULL));
    CHECK(r["gradients"] == Json(2047683840ULL));
    CHECK(r["optimizer"] == Json(12286103040ULL));
    CHECK(r["bytes_per_param"] == Json(16));
    // chapter 3's training op keeps its FP32 default (18 B per parameter).
    CHECK(ask(R"({"op":"training","model":"qwen3-8b"})")["state_bytes_per_param"] == Json(18));
    // params instead of model gives the same bytes.
    CHECK(ask(R"({"op":"zero_state","params":8190735360,"shards":8,"stage":3})")["bytes_per_card"] == Json(16381470720ULL));
}

TEST_CASE("ch10 zero_state refusals name the field") {
    CHECK(error_of(Json::parse(R"({"op":"zero_state","model":"qwen3-8b","shards":8,"stage":4})"))["field"] == "stage");
    CHECK(error_of(Json::parse(R"({"op":"zero_state","model":"qwen3-8b","shards":0,"stage":1})"))["field"] == "shards");
    CHECK(error_of(Json::parse(R"({"op":"zero_state","model":"qwen3-8b","shards":8,"stage":1,"gradients":"fp16"})"))["field"] ==
          "gradients");
    CHECK(error_of(Json::parse(R"({"op":"zero_state","model":"qwen3-8b","params":5,"shards":8,"stage":1})"))["field"] ==
          "params");
}

TEST_CASE("ch10 training_deadline: the design file's five digits on 32 and 48 cards") {
    const Json a = ask(R"({"op":"training_deadline","model":"qwen3-8b","cards":32})");
    const Json b = ask(R"({"op":"training_deadline","model":"qwen3-8b","cards":48})");
    auto at = [](const Json& r, const char* key, unsigned places) {
        const Json& v = r[key];
        Ratio x;
        if (v.is_number_unsigned()) {
            x = Ratio(v.get<std::uint64_t>());
        } else {
            const std::string s = v.get<std::string>();
            const auto slash = s.find('/');
            if (slash == std::string::npos) {
                REQUIRE(parse_expected_decimal(s, x));
            } else {
                Ratio num, den;
                REQUIRE(parse_expected_decimal(s.substr(0, slash), num));
                REQUIRE(parse_expected_decimal(s.substr(slash + 1), den));
                x = num / den;
            }
        }
        return fixed(x, places);
    };
    CHECK(at(a, "compute_seconds", 3) == "78.336");
    CHECK(at(b, "compute_seconds", 3) == "52.224");
    CHECK(at(a, "link_seconds", 3) == "17.853");
    CHECK(at(b, "link_seconds", 3) == "12.030");
    CHECK(at(a, "exposed_seconds", 4) == "0.0754");
    CHECK(at(b, "exposed_seconds", 4) == "0.0762");
    CHECK(at(a, "step_seconds", 3) == "78.911");
    CHECK(at(b, "step_seconds", 3) == "52.800");
    CHECK(at(a, "overhead_percent", 5) == "1.02216");
    CHECK(at(b, "overhead_percent", 5) == "1.07820");
    CHECK(at(a, "finish_days", 3) == "34.331");
    CHECK(at(b, "finish_days", 3) == "24.637");
    CHECK(at(a, "step_budget_seconds", 3) == "67.258");
    CHECK(at(b, "step_budget_seconds", 3) == "67.221");
    CHECK(at(a, "minimum_efficiency_percent", 3) == "46.990");
    CHECK(at(b, "minimum_efficiency_percent", 3) == "31.344");
    CHECK(a["on_time"] == false);
    CHECK(b["on_time"] == true);
    CHECK(a["steps"] == Json(31790));
    // A reserve that eats the deadline is refused under its own name.
    CHECK(error_of(Json::parse(R"({"op":"training_deadline","model":"qwen3-8b","reserve_days":"30"})"))["field"] ==
          "reserve_days");
    CHECK(error_of(Json::parse(R"({"op":"training_deadline","model":"qwen3-8b","efficiency":"120"})"))["field"] == "efficiency");
}

namespace {

// The book's pipeline example (§10.3): 4 cards, 8 micro-batches, F 10 ms,
// B 20 ms, 1 ms per link and a 1 ms update; schedules that split the weight
// gradient out of B (ZB-H1, DualPipe) give W 10 ms of it.
ch10::PipelineShape book_pipeline_example(ch10::Schedule schedule = ch10::Schedule::FillDrain) {
    ch10::PipelineShape s;
    s.forward_ms = 10;
    s.backward_ms = 20;
    s.link_ms = 1;
    s.update_ms = 1;
    s.schedule = schedule;
    if (schedule == ch10::Schedule::ZeroBubbleH1 || schedule == ch10::Schedule::DualPipe) s.weight_ms = 10;
    return s;
}

}  // namespace

TEST_CASE("ch10 pipeline event model: fill-drain 337 ms and 1F1B 347 ms (p = 4, m = 8, F 10, B 20, link 1, update 1)") {
    ch10::PipelineShape s = book_pipeline_example(ch10::Schedule::FillDrain);
    const ch10::PipelineRun fd = ch10::run_pipeline(s);
    CHECK(fd.completion_ms == Ratio(337));
    CHECK(fd.idle_ms == Ratio(96));
    CHECK(fd.closed_form_ms == Ratio(330));
    CHECK(fd.slots.size() == 64);
    s.schedule = ch10::Schedule::OneFOneB;
    const ch10::PipelineRun ob = ch10::run_pipeline(s);
    CHECK(ob.completion_ms == Ratio(347));
    CHECK(ob.idle_ms == Ratio(106));
    CHECK(fixed(ob.utilisation * Ratio(100), 1) == "72.7");
    // No link and no update: fill-drain is exactly (m + p − 1)(t_f + t_b).
    s.link_ms = 0;
    s.update_ms = 0;
    s.schedule = ch10::Schedule::FillDrain;
    CHECK(ch10::run_pipeline(s).completion_ms == Ratio(330));
    const ch10::ClosedFormBubbles b = ch10::closed_form_bubbles(4, 8, 2, 10, 10, 10);
    CHECK(b.one_f_one_b_ms == Ratio(90));
    CHECK(b.zb_h1_ms == Ratio(30));
    CHECK(b.zb_h2_ms == Ratio(0));
    CHECK(b.dualpipe_ms == Ratio(20));
    CHECK(b.interleaved_share == Ratio(3, 16));
}

TEST_CASE("ch10 pipeline links: 3 boundaries, 7 when interleaved, 24 → 56 forward messages, 3 + 3 ms in fill-drain") {
    const ch10::LinkCounts c = ch10::link_counts(4, 8, 2, 1);
    CHECK(c.boundaries == 3);
    CHECK(c.interleaved_boundaries == 7);
    CHECK(c.forward_messages == 24);
    CHECK(c.interleaved_forward_messages == 56);
    CHECK(c.fill_links_ms == Ratio(3));
    CHECK(c.drain_links_ms == Ratio(3));
    // 330 + 3 + 3 + 1 = 337: the event model's fill-drain step is the closed form plus both link passes and the update.
    ch10::PipelineShape s = book_pipeline_example();
    const ch10::PipelineRun fd = ch10::run_pipeline(s);
    CHECK(fd.closed_form_ms + c.fill_links_ms + c.drain_links_ms + s.update_ms == fd.completion_ms);
    // Without interleaving (v = 1) the counts are the plain ones.
    CHECK(ch10::link_counts(4, 8, 1, 1).interleaved_forward_messages == 24);
}

TEST_CASE("ch10 pipeline activation peaks: Table 10-f's 1,840 / 2,448 and 921 / 308 MiB, Fig. 10-20's 2.57 → 0.97 GB (−62 %)") {
    // The saved objects of one 128-token micro-batch of Qwen3-8B: the book's
    // calculator lists 1,043,550,720 B over the 36 layers and the head.
    const ch10::SavedActivations saved = ch10::saved_activations(qwen3_8b_shape(), 128, 4);
    CHECK(saved.per_layer_bytes == 26768384);
    CHECK(36 * saved.per_layer_bytes + saved.final_bytes == 1043550720);
    CHECK(saved.stage_bytes[0] == 9 * saved.per_layer_bytes);
    CHECK(saved.stage_bytes[3] == saved.stage_bytes[0] + saved.final_bytes);
    CHECK(saved.activation_message_bytes == 1048576);
    CHECK(saved.gradient_message_bytes == 2097152);
    ch10::PipelineShape s = book_pipeline_example();
    const Ratio mib(u128{1} << 20), gb(1000000000);
    s.schedule = ch10::Schedule::FillDrain;
    const std::vector<Ratio> fd = ch10::activation_peaks(ch10::run_pipeline(s), s, saved.stage_bytes,
                                                         saved.activation_message_bytes, saved.gradient_message_bytes);
    CHECK(fixed(fd[0] / mib, 0) == "1,840");
    CHECK(fixed(fd[3] / mib, 0) == "2,448");
    CHECK(fixed(fd[3] / gb, 2) == "2.57");
    s.schedule = ch10::Schedule::OneFOneB;
    const std::vector<Ratio> ob = ch10::activation_peaks(ch10::run_pipeline(s), s, saved.stage_bytes,
                                                         saved.activation_message_bytes, saved.gradient_message_bytes);
    CHECK(fixed(ob[0] / mib, 0) == "921");
    CHECK(fixed(ob[3] / mib, 0) == "308");
    CHECK(fixed(ob[0] / gb, 2) == "0.97");
    CHECK(fixed((Ratio(1) - ob[0] / fd[3]) * Ratio(100), 0) == "62");
    // Four forwards wait on stage 0 under 1F1B, all eight under fill-drain.
    CHECK(ob[0] == Ratio(4 * saved.stage_bytes[0] + saved.gradient_message_bytes));
    // The op gives the same numbers.
    const Json r = ask(R"({"op":"pipeline_schedule","schedule":"1f1b"})");
    CHECK(r["peak_bytes"] == api::exact_json(ob[0]));
    CHECK(r["fill_drain_peak_bytes"] == api::exact_json(fd[3]));
    CHECK(r["stages"][3]["peak_bytes"] == api::exact_json(ob[3]));
}

TEST_CASE(
    "ch10 ZB-H1 event model: 283 ms, 42 ms idle (30 without links), stage 0 at 921 MiB and stage 3 at 1,226; 523 ms at m = 16") {
    ch10::PipelineShape s = book_pipeline_example(ch10::Schedule::ZeroBubbleH1);
    const ch10::PipelineRun zb = ch10::run_pipeline(s);
    CHECK(zb.completion_ms == Ratio(283));
    CHECK(zb.idle_ms == Ratio(42));
    CHECK(zb.slots.size() == 96);
    // Stage 1 runs W of micro-batch 0 right after B of micro-batch 1 (the paper's Fig. 3).
    std::vector<std::string> stage1;
    for (const ch10::Slot& slot : zb.slots)
        if (slot.stage == 1 && stage1.size() < 6)
            stage1.push_back((slot.kind == ch10::SlotKind::Forward  ? "F"
                              : slot.kind == ch10::SlotKind::Weight ? "W"
                                                                    : "B") +
                             std::to_string(static_cast<unsigned>(slot.micro_batch)));
    CHECK(stage1 == std::vector<std::string>{"F0", "F1", "F2", "B0", "F3", "B1"});
    const ch10::SavedActivations saved = ch10::saved_activations(qwen3_8b_shape(), 128, 4);
    const std::vector<Ratio> peaks =
        ch10::activation_peaks(zb, s, saved.stage_bytes, saved.activation_message_bytes, saved.gradient_message_bytes);
    const Ratio mib(u128{1} << 20);
    CHECK(fixed(peaks[0] / mib, 0) == "921");
    CHECK(fixed(peaks[3] / mib, 0) == "1,226");
    s.link_ms = 0;
    CHECK(ch10::run_pipeline(s).idle_ms == Ratio(30));  // the (p − 1)(T_F + T_B − T_W) bound
    s.link_ms = 1;
    s.micro_batches = 16;
    CHECK(ch10::run_pipeline(s).completion_ms == Ratio(523));
}

TEST_CASE(
    "ch10 interleaved 1F1B event model (v = 2): 298 ms, 57 ms idle, stage 0 at 1,329 MiB, card 3 starts near 20 ms; 538 ms at m "
    "= 16") {
    // 36 layers in 8 blocks: the first four of 5 layers, the last four of 4 (card 0 runs layers 0–4 and 20–23).
    const ch10::SavedActivations blocks = ch10::saved_activations(qwen3_8b_shape(), 128, 8);
    CHECK(blocks.layers == std::vector<u128>{5, 5, 5, 5, 4, 4, 4, 4});
    ch10::PipelineShape s = book_pipeline_example(ch10::Schedule::Interleaved);
    s.virtual_stages = 2;
    s.block_layers = blocks.layers;
    REQUIRE(ch10::pipeline_problem(s) == ch10::PipelineProblem::None);
    const ch10::PipelineRun il = ch10::run_pipeline(s);
    CHECK(il.completion_ms == Ratio(893, 3));  // 297.7, printed 298
    CHECK(fixed(il.completion_ms, 0) == "298");
    CHECK(il.idle_ms == Ratio(170, 3));  // 56.7, printed 57
    CHECK(il.busy_ms == Ratio(240));     // each card still runs 9 layers' worth: 8 × 30 ms
    CHECK(il.slots.size() == 128);
    // Card 0 warms up with 2(p − 1) + (v − 1)p = 10 forwards: micro-batches 0–3 on block 0, 0–3 on block 4, then 4–5 on block 0.
    std::vector<std::string> card0;
    for (const ch10::Slot& slot : il.slots)
        if (slot.stage == 0 && card0.size() < 11)
            card0.push_back((slot.forward ? "F" : "B") + std::to_string(static_cast<unsigned>(slot.micro_batch)) + "/" +
                            std::to_string(static_cast<unsigned>(slot.virtual_stage)));
    CHECK(card0 ==
          std::vector<std::string>{"F0/0", "F1/0", "F2/0", "F3/0", "F0/4", "F1/4", "F2/4", "F3/4", "F4/0", "F5/0", "F6/0"});
    // Card 3's first forward: three 50/9 ms blocks and three 1 ms links, 59/3 ≈ 20 ms (33 ms under 1F1B).
    for (const ch10::Slot& slot : il.slots)
        if (slot.stage == 3 && slot.forward && slot.micro_batch == 0 && slot.chunk == 0) CHECK(slot.start_ms == Ratio(59, 3));
    const std::vector<Ratio> peaks =
        ch10::activation_peaks(il, s, blocks.stage_bytes, blocks.activation_message_bytes, blocks.gradient_message_bytes);
    CHECK(fixed(peaks[0] / Ratio(u128{1} << 20), 0) == "1,329");
    s.micro_batches = 16;
    CHECK(fixed(ch10::run_pipeline(s).completion_ms, 0) == "538");
    // The op runs the same model and refuses what the schedule cannot run, naming the field.
    const Json r = ask(R"({"op":"pipeline_schedule","schedule":"interleaved","virtual_stages":2})");
    CHECK(r["completion_ms"] == api::exact_json(Ratio(893, 3)));
    CHECK(r["interleaved_forward_messages"] == api::exact_json(u128{56}));
    CHECK(error_of(Json::parse(R"({"op":"pipeline_schedule","schedule":"interleaved","micro_batches":6})"))["field"] ==
          "micro_batches");
    CHECK(error_of(Json::parse(R"({"op":"pipeline_schedule","schedule":"interleaved","virtual_stages":1})"))["field"] ==
          "virtual_stages");
    CHECK(error_of(Json::parse(R"({"op":"pipeline_schedule","schedule":"interleaved","virtual_stages":10})"))["field"] ==
          "virtual_stages");
}

TEST_CASE(
    "ch10 DualPipe event model: 306 ms, 65 ms idle, 1,228 MiB on the end cards and 1,612 on the middle ones; 558 ms at m = 16") {
    ch10::PipelineShape s = book_pipeline_example(ch10::Schedule::DualPipe);
    const ch10::PipelineRun dp = ch10::run_pipeline(s);
    CHECK(dp.completion_ms == Ratio(306));
    CHECK(dp.idle_ms == Ratio(65));
    CHECK(dp.slots.size() == 96);  // 4 cards × 8 micro-batches × F, B, W
    // Card 3 holds the reverse copy's first stage: micro-batch 0 from that end starts at 0.
    std::size_t reverse_on_3 = 0;
    for (const ch10::Slot& slot : dp.slots) {
        if (slot.stage == 3 && slot.direction == 1 && slot.forward && slot.micro_batch == 0) CHECK(slot.start_ms == Ratio(0));
        if (slot.stage == 3 && slot.direction == 1) ++reverse_on_3;
    }
    CHECK(reverse_on_3 == 12);  // 4 micro-batches × F, B, W
    const ch10::SavedActivations saved = ch10::saved_activations(qwen3_8b_shape(), 128, 4);
    const std::vector<Ratio> peaks =
        ch10::activation_peaks(dp, s, saved.stage_bytes, saved.activation_message_bytes, saved.gradient_message_bytes);
    const Ratio mib(u128{1} << 20);
    CHECK(fixed(peaks[0] / mib, 0) == "1,228");
    CHECK(fixed(peaks[1] / mib, 0) == "1,612");
    CHECK(fixed(peaks[2] / mib, 0) == "1,612");
    CHECK(fixed(peaks[3] / mib, 0) == "1,228");
    s.micro_batches = 16;
    CHECK(ch10::run_pipeline(s).completion_ms == Ratio(558));
    s.micro_batches = 7;
    CHECK(ch10::pipeline_problem(s) == ch10::PipelineProblem::OddMicroBatches);
    CHECK(error_of(Json::parse(R"({"op":"pipeline_schedule","schedule":"dualpipe","micro_batches":7})"))["field"] ==
          "micro_batches");
    // Greedy slot choice on a shared card: on 5 cards with 4 micro-batches the 1 ms links let the two directions
    // interleave better and idle drops from 60 to 58 ms, so what the links "add" is left out (null), not negative.
    const Json odd = ask(R"({"op":"pipeline_schedule","schedule":"dualpipe","stages":5,"micro_batches":4})");
    CHECK(odd["idle_ms"] == api::exact_json(Ratio(58)));
    CHECK(odd["idle_without_links_ms"] == api::exact_json(Ratio(60)));
    CHECK(odd["idle_from_links_ms"].is_null());
}

TEST_CASE("ch10 capacity factors: Table 10-g and the two-expert toy") {
    const std::vector<ch10::LoadGroup> qwen = {{64, 768}, {64, 256}};
    const ch10::Capacity c1 = ch10::moe_capacity(qwen, 1);
    CHECK(c1.capacity == 512);
    CHECK(c1.dropped_share == Ratio(1, 4));
    CHECK(c1.padding_share == Ratio(1, 4));
    const ch10::Capacity c125 = ch10::moe_capacity(qwen, Ratio(5, 4));
    CHECK(c125.capacity == 640);
    CHECK(c125.dropped_share == Ratio(1, 8));
    CHECK(c125.padding_share == Ratio(3, 10));
    CHECK(ch10::moe_capacity(qwen, 2).padding_share == Ratio(1, 2));
    const ch10::Capacity toy = ch10::moe_capacity({{1, 96}, {1, 32}}, Ratio(5, 4));
    CHECK(toy.capacity == 80);
    CHECK(toy.dropped == 16);
    CHECK(toy.padding == 48);
}

TEST_CASE("ch10 save interval: τ* = 965.29 s and Table 10-h") {
    const Ratio save = Ratio(14 * kQwen8b) / Ratio(7000000000ULL);
    const Ratio rate = ch10::job_rate(1024, 1024, Ratio(79, 10) * Ratio(3600));
    CHECK(fixed(save, 3) == "16.381");
    CHECK(fixed(ch10::optimal_interval(save, rate), 2) == "965.29");
    const ch10::IntervalLoss l300 = ch10::interval_loss(save, rate, 120, 300);
    CHECK(fixed(l300.total * Ratio(100), 1) == "6.4");
    const ch10::IntervalLoss l900 = ch10::interval_loss(save, rate, 120, 900);
    CHECK(fixed(l900.total * Ratio(100), 1) == "3.8");
    CHECK(fixed(ch10::interval_loss(save, rate, 120, 1800).redo * Ratio(100), 1) == "3.2");
    // The root is truncated, never rounded up: 2 → 1.414213.
    CHECK(ch10::sqrt_truncated(2, 6) == Ratio(1414213, 1000000));
    CHECK(ch10::integer_sqrt(u128{1} << 100) == u128{1} << 50);
}

TEST_CASE("ch10 critical batch: S_min 19,434, cap 1.64, and 7.36 at B_noise = 20M") {
    const ch10::CriticalBatch c = ch10::critical_batch(31790, 3145728, 2000000);
    CHECK(c.min_steps.floor() == 19434);
    CHECK(fixed(c.step_cap, 2) == "1.64");
    CHECK(fixed(ch10::critical_batch(31790, 3145728, 20000000).step_cap, 2) == "7.36");
    CHECK(ch10::weak_steps(c, 3145728, 2000000, 1) == Ratio(31790));
}

TEST_CASE("ch10 resharding TP4 → TP8: 96 MiB, 3072 rows / 24 MiB → 1536 rows / 12 MiB, 672 MiB of state") {
    const ch10::Reshard r = ch10::reshard_rows(ch10::ReshardShape{});
    const u128 mib = u128{1} << 20;
    CHECK(r.matrix_bytes == 96 * mib);
    CHECK(r.old_rows == 3072);
    CHECK(r.old_shard_bytes == 24 * mib);
    CHECK(r.new_rows == 1536);
    CHECK(r.new_shard_bytes == 12 * mib);
    CHECK(r.state_bytes == 672 * mib);
    // Each new shard r reads old shard ⌊r/2⌋: the first half when r is even, the second when odd.
    REQUIRE(r.pieces.size() == 8);
    for (const ch10::ReshardPiece& p : r.pieces) {
        CAPTURE(static_cast<unsigned>(p.new_shard));
        CHECK(p.old_shard == p.new_shard / 2);
        CHECK(p.old_row_start == (p.new_shard % 2) * 1536);
        CHECK(p.rows == 1536);
    }
    // Going back from 8 to 4 ways, each new shard gathers two old shards.
    ch10::ReshardShape back;
    back.old_ways = 8;
    back.new_ways = 4;
    const ch10::Reshard b = ch10::reshard_rows(back);
    REQUIRE(b.pieces.size() == 8);
    CHECK(b.pieces[0].old_shard == 0);
    CHECK(b.pieces[1].old_shard == 1);
    CHECK(b.pieces[1].row_start == 1536);
    // 6 → 4 ways: a new shard of 3072 rows straddles two old shards of 2048 rows.
    ch10::ReshardShape odd;
    odd.old_ways = 6;
    odd.new_ways = 4;
    const ch10::Reshard o = ch10::reshard_rows(odd);
    REQUIRE(o.pieces.size() == 8);
    CHECK(o.pieces[1].new_shard == 0);
    CHECK(o.pieces[1].old_shard == 1);
    CHECK(o.pieces[1].rows == 1024);
    CHECK(o.pieces[2].new_shard == 1);
    CHECK(o.pieces[2].old_row_start == 1024);
}

TEST_CASE("ch10 display text: the design case's step split, overhead and days at the book's precision") {
    const Json a = ask(R"({"op":"training_deadline","model":"qwen3-8b","cards":32})");
    const Json b = ask(R"({"op":"training_deadline","model":"qwen3-8b","cards":48})");
    CHECK(a["compute_display"] == "78.3 s");
    CHECK(b["compute_display"] == "52.2 s");
    CHECK(a["link_display"] == "17.9 s");
    CHECK(b["link_display"] == "12.0 s");
    CHECK(a["exposed_display"] == "0.08 s");
    CHECK(a["step_display"] == "78.9 s");
    CHECK(b["step_display"] == "52.8 s");
    CHECK(a["overhead_display"] == "1.02%");
    CHECK(b["overhead_display"] == "1.08%");
    CHECK(a["finish_display"] == "34.3");
    CHECK(b["finish_display"] == "24.6");
    CHECK(a["late_days_display"] == "4.3");
    CHECK(b["spare_days_display"] == "5.4");
    // The three stacked parts add up to the finish exactly.
    CHECK(a["base_days_display"] == "29.0");
    CHECK(a["overhead_days_display"] == "0.3");
    CHECK(a["reserve_days_display"] == "5.0");
    CHECK(b["reserve_days"] == Json(5));
}

TEST_CASE("ch10 display text: Fig. 10-38's peaks in GiB against the 80 GB card") {
    const Json r = ask(R"({"op":"switch_peak","model":"qwen3-8b"})");
    CHECK(r["wrong_order_peak_display"] == "83.256 GiB");
    CHECK(r["right_order_peak_display"] == "59.256 GiB");
    CHECK(r["peak_saving_display"] == "24 GiB");
    CHECK(r["device_display"] == "80 GB");
    CHECK(r["training_alone_display"] == "44 GiB");
    CHECK(r["generation_alone_display"] == "43.256 GiB");
}

TEST_CASE("ch10 display text: Table 10-h's and Table 10-g's percentages") {
    const Json c = ask(R"({"op":"checkpoint_interval","model":"qwen3-8b"})");
    REQUIRE(c["rows"].size() == 3);
    CHECK(c["rows"][0]["total_display"] == "6.4%");
    CHECK(c["rows"][1]["total_display"] == "3.8%");
    CHECK(c["rows"][2]["redo_display"] == "3.2%");
    const Json m = ask(R"({"op":"moe_capacity"})");
    REQUIRE(m["rows"].size() == 4);
    CHECK(m["rows"][0]["dropped_display"] == "25%");
    CHECK(m["rows"][0]["padding_display"] == "25%");
    CHECK(m["rows"][1]["dropped_display"] == "12.5%");
    CHECK(m["rows"][1]["padding_display"] == "30%");
    CHECK(m["rows"][3]["padding_display"] == "50%");
}
