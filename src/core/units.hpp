// Unit factors as exact ratios, defined once for every op that converts a
// reader's unit to the core's (GB/s → B/s, TFLOP/s → FLOP/s, MiB and GiB,
// hours and days → seconds, percent → share).  constexpr: constant-initialized,
// so a static initializer elsewhere never sees one still zero (a dynamically
// initialized kGiB once made the WASM module divide by zero as it loaded).
#pragma once

#include "core/exact.hpp"

namespace tally {

inline constexpr Ratio kHundred(100);
inline constexpr Ratio kThousand(1000);
inline constexpr Ratio kGiga(1000000000);
inline constexpr Ratio kTera(1000000000000ULL);
inline constexpr Ratio kMiB(u128{1} << 20);
inline constexpr Ratio kGiB(u128{1} << 30);
inline constexpr Ratio kHour(3600);
inline constexpr Ratio kDay(86400);

}  // namespace tally
