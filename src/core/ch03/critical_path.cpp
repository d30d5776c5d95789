#include "core/ch03/critical_path.hpp"

namespace tally::ch03 {

CriticalPath critical_path(const std::vector<Stage>& stages) {
    CriticalPath out;
    for (const Stage& s : stages) {
        Ratio sum, slowest;
        for (const Ratio& b : s.branches) {
            sum = sum + b;
            if (slowest < b) slowest = b;
        }
        out.serial = out.serial + sum;
        out.parallel = out.parallel + slowest;
        if (s.tool) {
            out.tool_work = out.tool_work + sum;
            out.tool_wait_serial = out.tool_wait_serial + sum;
            out.tool_wait_parallel = out.tool_wait_parallel + slowest;
        }
    }
    out.work = out.serial;
    return out;
}

Amdahl amdahl(const Ratio& total, const Ratio& part, const Ratio& speedup, const Ratio& added) {
    Amdahl a;
    a.rest = total - part;
    a.total_after = a.rest + part / speedup + added;
    a.slower = total < a.total_after;
    a.saved = a.slower ? a.total_after - total : total - a.total_after;
    a.speedup = total / a.total_after;
    a.share = part / total;
    a.saved_share = a.saved / total;
    if (a.rest + added != Ratio(0)) a.limit_speedup = total / (a.rest + added);
    return a;
}

}  // namespace tally::ch03
