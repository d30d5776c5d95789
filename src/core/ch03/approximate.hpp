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

// Each takes a bounded number of steps whatever its argument: NaN for a
// logarithm of x ≤ 0 or of a non-finite x, +∞ and 0 where e^y leaves the
// doubles.  Callers check what comes out (std::isfinite) before using it.
double natural_log(double x);  // x > 0
double exponential(double y);
double power(double base, double exponent);  // base > 0

// Whether |v| rounded to `places` decimals (≤ 36) fits rounded_ratio: v
// finite and |v|·10^places below 2^127.
bool roundable(double v, unsigned places);

// |v| rounded to `places` decimals as an exact ratio: the bridge from a
// double to the core's decimal formatting.  Throws ArithmeticOverflow
// unless roundable(v, places); callers refuse such values first, naming
// their field.
Ratio rounded_ratio(double v, unsigned places);

}  // namespace tally::ch03
