// Doubles for the few chapter-3 numbers that are not rational: a power with
// a fractional exponent (k^{β/(α+β)}, N^−α in the scaling law) and what is
// fitted from such powers.  Written out instead of libm's exp and log, whose
// lookup tables (and printf's float formatting) would push chapter 3's
// browser module past its 150 KiB gzip budget; every value shown from them
// is rounded to the three or four digits the chapter prints.
#pragma once

#include "core/exact.hpp"

namespace tally::ch03 {

// Through two 64-bit halves: a direct 128-bit conversion links compiler-rt's
// __floatuntidf into the browser module.
double to_double(u128 x);
double to_double(const Ratio& r);

double natural_log(double x);  // x > 0
double exponential(double y);
double power(double base, double exponent);  // base > 0

// |v| rounded to `places` decimals as an exact ratio (v finite): the bridge
// from a double to the core's decimal formatting.
Ratio rounded_ratio(double v, unsigned places);

}  // namespace tally::ch03
