// What keeping a prefix's KV in a bounded cache is worth (§8.3.4,
// Exercise 8-4).  On a hit the prefix is fetched instead of recomputed; to
// keep it the cache also pays one swap-out each time it is evicted, taken
// equal to one fetch:
//   recompute = FLOPs / (peak · efficiency)
//   fetch     = bytes / link
//   gain      = p · (recompute − fetch) − fetch
// Gains are compared per byte of cache: a rival set of prefixes filling the
// same space is preferred once p falls below
//   p* = (rival gain + fetch) / (recompute − fetch).
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch08 {

struct PrefixInput {
    Ratio flops;             // to recompute the prefix
    Ratio bytes;             // its KV
    Ratio hit;               // p in [0, 1]
    Ratio flops_per_second;  // peak
    Ratio efficiency;        // share of the peak a prefill reaches
    Ratio link_bytes_per_second;
};

struct PrefixValue {
    Ratio recompute_ms;
    Ratio fetch_ms;
    Ratio swap_out_ms;  // = fetch_ms
    // gain when it is ≥ 0, otherwise loss (what keeping it costs on average).
    std::optional<Ratio> gain_ms;
    std::optional<Ratio> loss_ms;
};

PrefixValue prefix_value(const PrefixInput& in);

// p* against a rival worth `rival_gain_ms`; empty when a hit saves nothing
// (recompute ≤ fetch).  May exceed 1: then the rival always wins.
std::optional<Ratio> break_even_hit(const PrefixValue& v, const Ratio& rival_gain_ms);

}  // namespace tally::ch08
