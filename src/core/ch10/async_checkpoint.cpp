#include "async_checkpoint.hpp"

namespace tally::ch10 {

AsyncSaves async_saves(const Ratio& bytes, const Ratio& bytes_per_second, const std::vector<Ratio>& captures,
                       const Ratio& copy_seconds, const Ratio& failure_at) {
    AsyncSaves a;
    a.upload_seconds = bytes / bytes_per_second;
    Ratio link_free;
    for (const Ratio& t : captures) {
        const Ratio ready = t + copy_seconds;
        const Ratio start = ready < link_free ? link_free : ready;
        link_free = start + a.upload_seconds;
        a.commits.push_back({t, link_free});
        if (link_free <= failure_at) {
            a.recovered = true;
            a.recovery_point = t;
        }
    }
    a.redo_seconds = a.recovery_point <= failure_at ? failure_at - a.recovery_point : Ratio(0);
    a.pause_seconds = copy_seconds * Ratio(captures.size());
    return a;
}

}  // namespace tally::ch10
