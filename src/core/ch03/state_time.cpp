#include "core/ch03/state_time.hpp"

namespace tally::ch03 {

StateTime state_time(const std::vector<StateSegment>& segments) {
    StateTime out;
    for (const StateSegment& s : segments) {
        out.area = out.area + s.bytes * s.seconds;
        out.seconds = out.seconds + s.seconds;
        if (out.peak < s.bytes) out.peak = s.bytes;
    }
    return out;
}

SteadyState steady_state(const Ratio& rate, const Ratio& wait_seconds, const Ratio& bytes_each) {
    const Ratio tasks = rate * wait_seconds;
    return {tasks, tasks * bytes_each};
}

}  // namespace tally::ch03
