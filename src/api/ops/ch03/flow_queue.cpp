// Chapter 3's queue ops (§3.1.3):
//   fluid_backlog  the window-by-window fluid queue (Example 3-1, Figure 3-7, Exercise 3-2)
//   workload_mix   stage demand of request classes per window (Table 3.1.3-a, Figures 3-4, 3-5)
#include "api/ops/ch03/ops.hpp"
#include "flow_read.hpp"

#include "api/errors.hpp"
#include "core/ch03/fluid_backlog.hpp"
#include "core/ch03/workload_mix.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

// Enough windows for a day in minutes; classes for any mix the page draws.
constexpr std::size_t kMaxWindows = 1440;
constexpr std::size_t kMaxClasses = 16;

Json exact_list(const std::vector<Ratio>& values) {
    Json out = Json::array();
    for (const Ratio& v : values) out.push_back(exact_json(v));
    return out;
}

// ---- fluid_backlog --------------------------------------------------------

constexpr FieldDecl kFluidBacklogFields[] = {
    field::of_kind("windows", FieldKind::List),    field::of_kind("seconds", FieldKind::Decimal),
    field::of_kind("arrival", FieldKind::Decimal), field::of_kind("service", FieldKind::Decimal),
    field::integer("cards", 1, 1 << 16, "1"),
};

// One window read from `w` (path "windows[i]", or "" for the request itself).
// `cards` serve `service` each (Exercise 3-2 asks for two and three cards at
// the per-card rate): the window's rate is their sum.
ch03::FluidWindow fluid_window(const Json& w, const std::string& path) {
    const u128 cards = w.contains("cards") ? flow::count_at(w, "cards", path, 1 << 16) : 1;
    return {flow::decimal_at(w, "seconds", path, flow::Range::Positive),
            flow::decimal_at(w, "arrival", path, flow::Range::NonNegative),
            flow::decimal_at(w, "service", path, flow::Range::NonNegative) * Ratio(cards)};
}

// `windows`, or one window given by the request's own seconds, arrival,
// service and cards (what an exercise's givens fill in).
std::vector<ch03::FluidWindow> fluid_windows_of(const Json& req) {
    if (!req.contains("windows") && req.contains("arrival")) return {fluid_window(req, "")};
    const Json& list = flow::list_field(req, "windows", kMaxWindows);
    std::vector<ch03::FluidWindow> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& w = flow::object_at(list, "windows", i, {"seconds", "arrival", "service", "cards"});
        out.push_back(fluid_window(w, flow::item_path("windows", i)));
    }
    return out;
}

Json op_fluid_backlog(const Json& req) {
    RequestFields f(req, kFluidBacklogFields);
    const std::vector<ch03::FluidWindow> windows = fluid_windows_of(req);
    const ch03::FluidBacklog q = ch03::fluid_backlog(windows);
    Json r;
    r["times"] = exact_list(q.times);
    r["series"] = exact_list(q.series);
    Json curve = Json::array();
    for (const auto& point : q.curve) curve.push_back({{"time", exact_json(point.time)}, {"backlog", exact_json(point.backlog)}});
    r["curve"] = curve;
    r["peak"] = exact_json(q.peak);
    r["peak_display"] = fixed(q.peak, 0);
    r["peak_time"] = exact_json(q.peak_time);
    r["end"] = exact_json(q.end);
    r["end_display"] = fixed(q.end, 0);
    Json services = Json::array();
    for (const ch03::FluidWindow& w : windows) services.push_back(exact_json(w.service));
    r["services"] = services;
    r["drains"] = q.drain_seconds.has_value();
    r["drain_seconds"] = q.drain_seconds ? exact_json(*q.drain_seconds) : Json(nullptr);
    r["drain_display"] = q.drain_seconds ? render(msg::flow_seconds_display, {{"value", fixed(*q.drain_seconds, 2)}})
                                         : render(msg::flow_never_drains);
    return r;
}

constexpr ResultDecl kCurvePoint[] = {result::exact("time"), result::exact("backlog")};
constexpr ResultDecl kFluidBacklogResult[] = {
    result::exact_list("times"),
    result::exact_list("series"),
    result::list("curve", kCurvePoint),
    result::exact("peak"),
    result::display("peak_display"),
    result::exact("peak_time"),
    result::exact("end"),
    result::display("end_display"),
    result::exact_list("services"),
    result::flag("drains"),
    result::nullable(result::exact("drain_seconds")),
    result::display("drain_display"),
};
constexpr const char* kFluidBacklogSamples[] = {
    // One window as the request itself (Exercise 3-2: two cards at 2,796 steps/s each).
    R"({"op":"fluid_backlog","seconds":"30","arrival":"7471.2","service":"2796","cards":2})",
    R"({"op":"fluid_backlog","windows":[{"seconds":"60","arrival":"1736.8","service":"5591.33"},{"seconds":"60","arrival":"7471.2","service":"5591.33"}]})",
    R"({"op":"fluid_backlog","windows":[{"seconds":"30","arrival":"7471.2","service":"5592"},{"seconds":"10","arrival":"0","service":"0"}]})",
};

// ---- workload_mix ---------------------------------------------------------

constexpr FieldDecl kWorkloadMixFields[] = {
    field::of_kind("classes", FieldKind::List),
    field::of_kind("windows", FieldKind::List),
    field::of_kind("service", FieldKind::Decimal),
};

struct Classes {
    std::vector<std::string> ids;
    std::vector<ch03::RequestShape> shapes;
};

Classes classes_of(const Json& req) {
    const Json& list = flow::list_field(req, "classes", kMaxClasses);
    Classes out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& c = flow::object_at(list, "classes", i, {"id", "input", "output"});
        const std::string path = flow::item_path("classes", i);
        out.ids.push_back(c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : std::to_string(i));
        out.shapes.push_back({flow::count_at(c, "input", path, kMaxCount), flow::count_at(c, "output", path, kMaxCount)});
    }
    return out;
}

// The windows, and their ids (the index when not named) in `ids`.
std::vector<ch03::MixWindow> mix_windows_of(const Json& req, std::size_t classes, std::vector<std::string>& ids) {
    const Json& list = flow::list_field(req, "windows", kMaxWindows);
    std::vector<ch03::MixWindow> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& w = flow::object_at(list, "windows", i, {"id", "seconds", "rates"});
        const std::string path = flow::item_path("windows", i);
        ids.push_back(w.contains("id") && w["id"].is_string() ? w["id"].get<std::string>() : std::to_string(i));
        ch03::MixWindow mw{flow::decimal_at(w, "seconds", path, flow::Range::Positive), {}};
        const std::string rates_path = flow::member_path(path, "rates");
        const Json& rates = flow::list_at(w, "rates", path, kMaxClasses);
        if (rates.size() != classes) {
            throw FieldError(
                rates_path, msg::flow_rates_count,
                {{"field", rates_path}, {"classes", std::to_string(classes)}, {"count", std::to_string(rates.size())}});
        }
        for (std::size_t c = 0; c < classes; ++c) {
            mw.rates.push_back(flow::decimal_value(rates[c], flow::item_path(rates_path, c), "rates", flow::Range::NonNegative));
        }
        out.push_back(mw);
    }
    return out;
}

Json demand_json(const ch03::StageDemand& d) {
    return {{"requests", exact_json(d.requests)},           {"input_tokens", exact_json(d.input_tokens)},
            {"output_tokens", exact_json(d.output_tokens)}, {"decode_steps", exact_json(d.decode_steps)},
            {"mean_context", exact_json(d.mean_context)},   {"input_display", trimmed(d.input_tokens, 2)},
            {"decode_display", trimmed(d.decode_steps, 2)}, {"mean_context_display", fixed(d.mean_context, 0)}};
}

Json op_workload_mix(const Json& req) {
    RequestFields f(req, kWorkloadMixFields);
    const Classes classes = classes_of(req);
    std::vector<std::string> window_ids;
    const ch03::WorkloadMix mix = ch03::workload_mix(classes.shapes, mix_windows_of(req, classes.shapes.size(), window_ids));
    Json r;
    Json class_rows = Json::array();
    for (std::size_t c = 0; c < classes.ids.size(); ++c) {
        class_rows.push_back({{"id", classes.ids[c]},
                              {"input", exact_json(classes.shapes[c].input)},
                              {"output", exact_json(classes.shapes[c].output)},
                              {"decode_steps_each", exact_json(classes.shapes[c].output - 1)},
                              {"mean_context", exact_json(mix.class_context[c])},
                              {"requests", exact_json(mix.class_requests[c])}});
    }
    r["classes"] = class_rows;
    Json windows = Json::array();
    for (std::size_t i = 0; i < mix.windows.size(); ++i) {
        const auto& w = mix.windows[i];
        Json row = demand_json(w.per_second);
        row["id"] = window_ids[i];
        row["start"] = exact_json(w.start);
        row["seconds"] = exact_json(w.seconds);
        row["class_requests"] = exact_list(w.class_requests);
        windows.push_back(row);
    }
    r["windows"] = windows;
    r["total"] = demand_json(mix.total);
    // At a decode rate μ, the run's decode steps alone take at least Σ steps / μ.
    if (f.has("service")) {
        const Ratio seconds = mix.total.decode_steps / flow::decimal_at(req, "service", "", flow::Range::Positive);
        r["decode_seconds"] = exact_json(seconds);
        r["decode_seconds_display"] = render(msg::flow_seconds_display, {{"value", fixed(seconds, 1)}});
    }
    return r;
}

constexpr ResultDecl kClassRow[] = {result::text("id"),
                                    result::exact("input"),
                                    result::exact("output"),
                                    result::exact("decode_steps_each"),
                                    result::exact("mean_context"),
                                    result::exact("requests")};
constexpr ResultDecl kWindowRow[] = {
    result::text("id"),
    result::exact("start"),
    result::exact("seconds"),
    result::exact_list("class_requests"),
    result::exact("requests"),
    result::exact("input_tokens"),
    result::exact("output_tokens"),
    result::exact("decode_steps"),
    result::exact("mean_context"),
    result::display("input_display"),
    result::display("decode_display"),
    result::display("mean_context_display"),
};
constexpr ResultDecl kWorkloadMixResult[] = {
    result::list("classes", kClassRow),
    result::list("windows", kWindowRow),
    result::object("total"),
    result::optional(result::exact("decode_seconds")),
    result::optional(result::display("decode_seconds_display")),
};
constexpr const char* kWorkloadMixSamples[] = {
    R"({"op":"workload_mix","classes":[{"id":"long_input","input":8192,"output":256},{"id":"long_output","input":1024,"output":2048}],"windows":[{"seconds":"60","rates":["3.6","0.4"]},{"seconds":"60","rates":["0.4","3.6"]}]})",
    R"({"op":"workload_mix","classes":[{"input":8192,"output":256},{"input":1024,"output":2048}],"windows":[{"id":"even","seconds":"120","rates":["2","2"]}],"service":"2795.66"})",
};

}  // namespace

const OpDef kFluidBacklogOp = {"fluid_backlog", op_fluid_backlog, kFluidBacklogFields, kFluidBacklogResult, kFluidBacklogSamples};
const OpDef kWorkloadMixOp = {"workload_mix", op_workload_mix, kWorkloadMixFields, kWorkloadMixResult, kWorkloadMixSamples};

}  // namespace tally::api
