#include "core/ch03/fluid_backlog.hpp"

namespace tally::ch03 {

namespace {

// One window from backlog q: the backlog at its end, and when the queue
// empties inside it (if it does) — the moment a drawn line must bend.
struct WindowStep {
    Ratio end;
    std::optional<Ratio> empties_after;
};

WindowStep step(const Ratio& q, const FluidWindow& w) {
    const Ratio in = q + w.arrival * w.seconds, out = w.service * w.seconds;
    if (out < in) return {in - out, std::nullopt};
    // Served faster than it arrives: the queue reaches zero when
    // q = (μ − A)·t and stays there; a queue already empty has no corner.
    if (q == Ratio(0)) return {Ratio(0), std::nullopt};
    return {Ratio(0), q / (w.service - w.arrival)};
}

}  // namespace

FluidBacklog fluid_backlog(const std::vector<FluidWindow>& windows) {
    FluidBacklog r;
    Ratio now, q;
    r.times.push_back(now);
    r.series.push_back(q);
    r.curve.push_back({now, q});
    for (const FluidWindow& w : windows) {
        const WindowStep s = step(q, w);
        if (s.empties_after && *s.empties_after < w.seconds) r.curve.push_back({now + *s.empties_after, Ratio(0)});
        now = now + w.seconds;
        q = s.end;
        r.times.push_back(now);
        r.series.push_back(q);
        r.curve.push_back({now, q});
        if (r.peak < q) {
            r.peak = q;
            r.peak_time = now;
        }
    }
    r.end = q;
    const Ratio& last_service = windows.back().service;
    if (q == Ratio(0)) {
        r.drain_seconds = Ratio(0);
    } else if (last_service != Ratio(0)) {
        r.drain_seconds = q / last_service;
        r.curve.push_back({now + *r.drain_seconds, Ratio(0)});
    }
    return r;
}

}  // namespace tally::ch03
