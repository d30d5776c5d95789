// checkpoint_interval (§10.4.4, §10.4.5, Table 10-h, Exercise 10-6): the
// time a save every τ seconds costs against the work redone and the restarts
// after interruptions, L(τ) = c/τ + λτ/2 + λr, its optimum τ* = √(2c/λ), and
// loss spikes or extra interruptions added to λ.  The closed forms are
// src/core/ch10/checkpoint_interval.cpp.
#include "api/ops/ch10/ops.hpp"

#include <algorithm>

#include "read.hpp"

#include "api/ops/request_readers.hpp"
#include "core/ch10/async_checkpoint.hpp"
#include "core/ch10/checkpoint_interval.hpp"
#include "core/format.hpp"
#include "core/params.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxIntervals = 64;

constexpr FieldDecl kIntervalFields[] = {
    fields::kModel,
    field::integer("checkpoint_bytes_per_param", 1, 64, "14"),
    field::integer("checkpoint_bytes", 1, kMaxCount),
    field::of_kind("checkpoint_gb_per_second", FieldKind::Decimal, "7"),
    field::of_kind("job_mtbf_hours", FieldKind::Decimal, "7.9"),
    field::integer("mtbf_cards", 1, u128{1} << 20, "1024"),
    field::integer("cards", 1, u128{1} << 20, "1024"),
    field::of_kind("recovery_seconds", FieldKind::Decimal, "120"),
    field::of_kind("intervals_seconds", FieldKind::List),
    field::of_kind("spike_every_days", FieldKind::Decimal),
    field::of_kind("extra_per_day", FieldKind::Decimal),
};

// Table 10-h prints each loss as a percentage to one decimal (6.4%).
std::string share_text(const Ratio& share) { return fixed(share * kHundred, 1) + "%"; }

Json op_checkpoint_interval(const Json& req) {
    RequestFields f(req, kIntervalFields);
    Ratio bytes;
    std::string model;
    if (f.has("checkpoint_bytes")) {
        bytes = Ratio(f.integer("checkpoint_bytes"));
    } else {
        const ModelSpec m = model_of(f);
        model = m.id;
        bytes = Ratio(mul(total_params(m), f.integer_or("checkpoint_bytes_per_param")));
    }
    const Ratio save = bytes / (ch10_fields::positive_or(f, "checkpoint_gb_per_second", "7") * kGiga);
    const Ratio mtbf = ch10_fields::positive_or(f, "job_mtbf_hours", "7.9") * kHour;
    const u128 cards = f.integer_or("cards");
    const u128 mtbf_cards = f.integer_or("mtbf_cards");
    const Ratio hardware = ch10::job_rate(cards, mtbf_cards, mtbf);
    Ratio rate = hardware;
    if (f.has("spike_every_days")) rate = rate + Ratio(1) / (ch10_fields::positive_or(f, "spike_every_days", "7") * kDay);
    if (f.has("extra_per_day")) rate = rate + ch10_fields::positive_or(f, "extra_per_day", "1") / kDay;
    const Ratio recovery = ch10_fields::non_negative_or(f, "recovery_seconds", "120");
    const std::vector<Ratio> intervals =
        ch10_fields::positive_list_or(f, "intervals_seconds", kMaxIntervals, {"300", "900", "1800"});
    const Ratio best = ch10::optimal_interval(save, rate);
    Json r;
    r["model"] = model.empty() ? Json(nullptr) : Json(model);
    r["checkpoint_bytes"] = exact_json(bytes);
    r["save_seconds"] = exact_json(save);
    r["rate_per_second"] = exact_json(rate);
    r["hardware_rate_per_second"] = exact_json(hardware);
    r["mtbf_seconds"] = exact_json(Ratio(1) / rate);
    r["mtbf_per_card_days"] = exact_json(mtbf * Ratio(mtbf_cards) / kDay);
    r["optimal_interval_seconds"] = exact_json(best);
    // Whole seconds, as the chapter prints τ* ≈ 965 s (a figure's rule reads it).
    r["optimal_interval_display"] = fixed(best, 0);
    const Ratio optimal_total = ch10::interval_loss(save, rate, recovery, best).total;
    r["optimal_total_percent"] = exact_json(optimal_total * kHundred);
    r["optimal_total_display"] = share_text(optimal_total);
    r["rows"] = Json::array();
    for (const Ratio& tau : intervals) {
        const ch10::IntervalLoss l = ch10::interval_loss(save, rate, recovery, tau);
        r["rows"].push_back({{"id", ch10_fields::row_id(tau)},
                             {"interval_seconds", exact_json(tau)},
                             {"save_percent", exact_json(l.save * kHundred)},
                             {"redo_percent", exact_json(l.redo * kHundred)},
                             {"recovery_percent", exact_json(l.recovery * kHundred)},
                             {"total_percent", exact_json(l.total * kHundred)},
                             {"save_display", share_text(l.save)},
                             {"redo_display", share_text(l.redo)},
                             {"recovery_display", share_text(l.recovery)},
                             {"total_display", share_text(l.total)}});
    }
    return r;
}

constexpr ResultDecl kIntervalRow[] = {
    result::text("id"),
    result::exact("interval_seconds"),
    result::exact("save_percent"),
    result::exact("redo_percent"),
    result::exact("recovery_percent"),
    result::exact("total_percent"),
    result::display("save_display"),
    result::display("redo_display"),
    result::display("recovery_display"),
    result::display("total_display"),
};
constexpr ResultDecl kIntervalResult[] = {
    result::nullable(result::text("model")),
    result::exact("checkpoint_bytes"),
    result::exact("save_seconds"),
    result::exact("rate_per_second"),
    result::exact("hardware_rate_per_second"),
    result::exact("mtbf_seconds"),
    result::exact("mtbf_per_card_days"),
    result::exact("optimal_interval_seconds"),
    result::display("optimal_interval_display"),
    result::exact("optimal_total_percent"),
    result::display("optimal_total_display"),
    result::list("rows", kIntervalRow),
};
constexpr const char* kIntervalSamples[] = {
    R"({"op":"checkpoint_interval","model":"qwen3-8b"})",
    R"({"op":"checkpoint_interval","model":"qwen3-8b","cards":48,"spike_every_days":"7","intervals_seconds":["600","1800"]})",
    R"({"op":"checkpoint_interval","checkpoint_bytes":112000000000,"extra_per_day":"1","recovery_seconds":"0"})",
};

// ---- async_checkpoint ------------------------------------------------------

constexpr FieldDecl kAsyncFields[] = {
    field::of_kind("snapshot_gb", FieldKind::Decimal, "112"),
    field::of_kind("checkpoint_gb_per_second", FieldKind::Decimal, "7"),
    field::of_kind("captures_seconds", FieldKind::List),
    field::of_kind("copy_seconds", FieldKind::Decimal, "0.5"),
    field::of_kind("failure_seconds", FieldKind::Decimal, "50"),
    field::of_kind("interval_seconds", FieldKind::Decimal, "20"),
};

Json op_async_checkpoint(const Json& req) {
    RequestFields f(req, kAsyncFields);
    const Ratio bytes = ch10_fields::positive_or(f, "snapshot_gb", "112") * kGiga;
    const Ratio rate = ch10_fields::positive_or(f, "checkpoint_gb_per_second", "7") * kGiga;
    std::vector<Ratio> captures = ch10_fields::positive_list_or(f, "captures_seconds", 64, {"20", "40"});
    std::sort(captures.begin(), captures.end());
    const Ratio copy = ch10_fields::non_negative_or(f, "copy_seconds", "0.5");
    const Ratio failure = ch10_fields::positive_or(f, "failure_seconds", "50");
    const Ratio interval = ch10_fields::positive_or(f, "interval_seconds", "20");
    const ch10::AsyncSaves a = ch10::async_saves(bytes, rate, captures, copy, failure);
    Json r;
    r["upload_seconds"] = exact_json(a.upload_seconds);
    r["demand_gb_per_second"] = exact_json(bytes / interval / kGiga);
    r["keeps_up"] = bytes / interval <= rate;
    r["recovered"] = a.recovered;
    r["recovery_point_seconds"] = exact_json(a.recovery_point);
    r["redo_seconds"] = exact_json(a.redo_seconds);
    r["pause_seconds"] = exact_json(a.pause_seconds);
    r["commits"] = Json::array();
    for (const ch10::Commit& c : a.commits) {
        r["commits"].push_back({{"id", ch10_fields::row_id(c.capture)},
                                {"capture_seconds", exact_json(c.capture)},
                                {"commit_seconds", exact_json(c.commit)}});
    }
    return r;
}

constexpr ResultDecl kCommitItem[] = {result::text("id"), result::exact("capture_seconds"), result::exact("commit_seconds")};
constexpr ResultDecl kAsyncResult[] = {
    result::exact("upload_seconds"), result::exact("demand_gb_per_second"),   result::flag("keeps_up"),
    result::flag("recovered"),       result::exact("recovery_point_seconds"), result::exact("redo_seconds"),
    result::exact("pause_seconds"),  result::list("commits", kCommitItem),
};
constexpr const char* kAsyncSamples[] = {
    R"({"op":"async_checkpoint"})",
    R"({"op":"async_checkpoint","checkpoint_gb_per_second":"20","interval_seconds":"10"})",
};

}  // namespace

const OpDef kAsyncCheckpointOp = {"async_checkpoint", op_async_checkpoint, kAsyncFields, kAsyncResult, kAsyncSamples};
const OpDef kCheckpointIntervalOp = {"checkpoint_interval", op_checkpoint_interval, kIntervalFields, kIntervalResult,
                                     kIntervalSamples};

}  // namespace tally::api
