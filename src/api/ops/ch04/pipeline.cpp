// slot_pipeline (§4.4.2, Figures 4-17 … 4-20, Table 4.4.2-a, Experiment
// 4-4, the "think" box of §4.4.2): when each chunk of a tile is issued,
// arrives and is computed with a given number of input slots, the finish
// against the continuous target, and the fewest slots that reach it.
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "core/ch04/slot_pipeline.hpp"
#include "core/format.hpp"

namespace tally::api {

namespace {

// Up to 1,024 chunks and 2^32 ticks each keep every time exact and the
// fewest-slots search (one schedule per slot count) short.
constexpr u128 kMaxChunks = 1024;
constexpr u128 kMaxTicks = u128{1} << 32;

constexpr FieldDecl kSlotPipelineFields[] = {
    field::integer("slots", 1, kMaxChunks),
    field::integer("chunks", 1, kMaxChunks, "4"),
    field::integer("transfer_ticks", 1, kMaxTicks, "64"),
    field::integer("latency_ticks", 0, kMaxTicks, "128"),
    field::integer("compute_ticks", 1, kMaxTicks, "128"),
    field::integer("chunk_bytes", 1, kMaxTicks, "16384"),
};

Json op_slot_pipeline(const Json& req) {
    RequestFields f(req, kSlotPipelineFields);
    const u128 slots = f.integer("slots");
    const u128 chunks = f.integer_or("chunks");
    const u128 transfer = f.integer_or("transfer_ticks");
    const u128 latency = f.integer_or("latency_ticks");
    const u128 compute = f.integer_or("compute_ticks");
    const u128 chunk_bytes = f.integer_or("chunk_bytes");
    const ch04::SlotPipeline p = ch04::slot_pipeline(chunks, slots, transfer, latency, compute);
    Json r;
    r["chunks"] = Json::array();
    for (std::size_t i = 0; i < p.chunks.size(); ++i) {
        const ch04::SlotTiming& c = p.chunks[i];
        r["chunks"].push_back({{"id", std::to_string(i + 1)},
                               {"slot", exact_json(u128{i} % slots + 1)},
                               {"issue", exact_json(c.issue)},
                               {"ready", exact_json(c.ready)},
                               {"start", exact_json(c.start)},
                               {"end", exact_json(c.end)},
                               {"wait", exact_json(c.start - c.ready)}});
    }
    r["finish"] = exact_json(p.finish);
    r["finish_display"] = group_thousands(p.finish);
    r["target"] = exact_json(p.target);
    r["idle"] = exact_json(p.idle);
    r["fewest_slots"] = exact_json(p.fewest_slots);
    r["buffer_bytes"] = exact_json(mul(slots, chunk_bytes));
    r["buffer_display"] = bytes_binary_text(Ratio(mul(slots, chunk_bytes)));
    if (slots == 1) {
        r["saved_over_one_fewer"] = nullptr;
    } else {
        const u128 before = ch04::slot_pipeline(chunks, slots - 1, transfer, latency, compute).finish;
        r["saved_over_one_fewer"] = exact_json(before - p.finish);
    }
    return r;
}

constexpr ResultDecl kSlotChunk[] = {
    result::text("id"),     result::exact("slot"), result::exact("issue"), result::exact("ready"),
    result::exact("start"), result::exact("end"),  result::exact("wait"),
};
constexpr ResultDecl kSlotPipelineResult[] = {
    result::list("chunks", kSlotChunk),
    result::exact("finish"),
    result::display("finish_display"),
    result::exact("target"),
    result::exact("idle"),
    result::exact("fewest_slots"),
    result::exact("buffer_bytes"),
    result::display("buffer_display"),
    result::nullable(result::exact("saved_over_one_fewer")),
};
constexpr const char* kSlotPipelineSamples[] = {
    R"({"op":"slot_pipeline","slots":1})",
    R"({"op":"slot_pipeline","slots":3})",
    R"({"op":"slot_pipeline","slots":3,"compute_ticks":64})",
    R"({"op":"slot_pipeline","slots":4,"latency_ticks":256})",
};

}  // namespace

const OpDef kSlotPipelineOp = {"slot_pipeline", op_slot_pipeline, kSlotPipelineFields, kSlotPipelineResult, kSlotPipelineSamples};

}  // namespace tally::api
