// The runtime's closed forms of §5.5 (Examples 5-10 and 5-11, Experiment 5-8):
// a host that prepares work while the device runs it, and graph replay,
// which removes the host's wait but copies inputs into the graph's fixed
// buffers.  Times in μs, sizes in bytes, bandwidths in GB/s (10^9 B/s).
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch05 {

// n segments, each prepared by the host for h μs and run by the device for
// d μs.  One after the other: n·(h + d).  Overlapped (the host prepares the
// next segment while the device runs this one): the slower side sets the
// pace n·max(h, d) and the faster side's first or last piece sticks out,
// + min(h, d).
struct HostPipeline {
    Ratio serial_us;
    Ratio pipelined_us;
    Ratio saved_us;
    Ratio speedup;              // serial / pipelined
    bool device_bound = false;  // d ≥ h: the device sets the pace
    Ratio device_busy_share;    // n·d / pipelined
};

// segments ≥ 1; host_us, device_us > 0.
HostPipeline host_pipeline(u128 segments, const Ratio& host_us, const Ratio& device_us);

// A replayed graph reads its inputs from buffers fixed at capture: the
// caller copies them in (read + write, 2·V bytes over the memory bandwidth
// B).  Without the graph a call costs compute + the host's wait; with it,
// preparation + compute + copy.  The copy eats the saving once
// 2·V / B ≥ wait − preparation, i.e. V ≥ (wait − preparation)·B / 2.
struct GraphReplay {
    Ratio copy_us;   // 2·V / B
    Ratio plain_us;  // compute + wait
    Ratio graph_us;  // preparation + compute + copy
    bool graph_faster = false;
    Ratio difference_us;  // |plain − graph|
    // The input size where both take as long; empty when preparation ≥ wait
    // (the graph never pays, whatever the size).
    std::optional<Ratio> breakeven_bytes;
};

// compute_us, host_wait_us, graph_prep_us ≥ 0; input_bytes ≥ 0; bandwidth_gbps > 0.
GraphReplay graph_replay(const Ratio& compute_us, const Ratio& host_wait_us, const Ratio& graph_prep_us, const Ratio& input_bytes,
                         const Ratio& bandwidth_gbps);

// A one-off preparation (compiling, allocating a workspace) spread over
// calls (§5.1.4): r calls take P + r·t, on average t + P/r.
struct Amortized {
    Ratio total_ms, average_ms;
    Ratio prepare_share;  // P / total
};

// calls ≥ 1.
Amortized amortize(const Ratio& prepare_ms, const Ratio& run_ms, u128 calls);

}  // namespace tally::ch05
