#include "core/ch08/iteration_schedule.hpp"

#include <algorithm>

namespace tally::ch08 {

namespace {

struct Live {
    u128 prefilled = 0;
    u128 returned = 0;
    bool started = false;
    bool done = false;
    Ratio last_output_ms;
};

}  // namespace

Schedule iteration_schedule(const ScheduleInput& in) {
    Schedule s;
    const std::size_t n = in.arrivals.size();
    std::vector<Live> live(n);
    s.requests.resize(n);
    std::vector<std::size_t> running;
    std::size_t next = 0;  // first request not yet admitted (admission keeps arrival order)
    std::size_t finished = 0;
    Ratio t;
    while (finished < n) {
        const bool may_admit = in.policy != Policy::Fixed || running.empty();
        while (may_admit && running.size() < in.max_running && next < n && in.arrivals[next].arrive_ms <= t) {
            running.push_back(next++);
        }
        if (running.empty()) {
            t = in.arrivals[next].arrive_ms;  // idle until the next arrival
            continue;
        }
        Iteration it;
        it.start_ms = t;
        std::vector<StepPart> parts;
        u128 used = 0;
        for (std::size_t r : running) {
            const Arrival& a = in.arrivals[r];
            if (live[r].prefilled < a.input) continue;
            parts.push_back({1, a.input + live[r].returned - 1});
            it.work.push_back({r, false, 1});
            ++used;
        }
        for (std::size_t r : running) {
            const Arrival& a = in.arrivals[r];
            if (live[r].prefilled >= a.input) continue;
            u128 c = a.input - live[r].prefilled;
            if (in.policy == Policy::Chunked) {
                c = std::min(c, in.chunk);
                c = used >= in.token_budget ? 0 : std::min(c, in.token_budget - used);
            }
            if (c == 0) continue;
            parts.push_back({c, live[r].prefilled});
            it.work.push_back({r, true, c});
            used += c;
        }
        it.step = step_time(parts, in.fit);
        t = t + it.step.total_ms;
        it.end_ms = t;
        for (const IterationWork& w : it.work) {
            Live& l = live[w.request];
            RequestTimes& times = s.requests[w.request];
            if (!l.started) {
                l.started = true;
                times.start_ms = it.start_ms;
            }
            if (w.prefill) {
                l.prefilled += w.positions;
                if (l.prefilled < in.arrivals[w.request].input) continue;
            }
            // An output: the completed prefill's first, or a decode's next.
            if (l.returned == 0) {
                times.first_token_ms = t;
            } else if (times.max_gap_ms < t - l.last_output_ms) {
                times.max_gap_ms = t - l.last_output_ms;
            }
            l.last_output_ms = t;
            ++l.returned;
            if (l.returned == in.arrivals[w.request].outputs) {
                l.done = true;
                times.finish_ms = t;
                ++finished;
                if (s.max_gap_ms < times.max_gap_ms) s.max_gap_ms = times.max_gap_ms;
            }
        }
        running.erase(std::remove_if(running.begin(), running.end(), [&](std::size_t r) { return live[r].done; }), running.end());
        s.iterations.push_back(std::move(it));
    }
    s.total_ms = t;
    return s;
}

}  // namespace tally::ch08
