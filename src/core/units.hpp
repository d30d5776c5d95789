// Unit factors as exact ratios, defined once for every op that converts a
// reader's unit to the core's (GB/s → B/s, TFLOP/s → FLOP/s, MiB and GiB,
// hours and days → seconds, percent → share).
#pragma once

#include "core/exact.hpp"

namespace tally {

inline const Ratio kHundred(100);
inline const Ratio kThousand(1000);
inline const Ratio kGiga(1000000000);
inline const Ratio kTera(1000000000000ULL);
inline const Ratio kMiB(u128{1} << 20);
inline const Ratio kGiB(u128{1} << 30);
inline const Ratio kHour(3600);
inline const Ratio kDay(86400);

}  // namespace tally
