// Number displays shared by chapter 3's closed-form ops: significant digits
// of an exact value, and the doubles of §3.6.1 (a fractional power, the
// scaling-law fit) at the few digits the chapter prints.  No printf and no
// log10: either would add float formatting to chapter 3's browser module,
// which has to stay within its 150 KiB budget.
#pragma once

#include <string>

#include "core/exact.hpp"

namespace tally::api::flow {

// r to `digits` significant digits, as fixed() prints it: (0.0003229…, 3) -> "0.000323".
std::string significant(const Ratio& r, unsigned digits);

// A large count as mantissa × 10^e, the mantissa to `digits` significant digits: "1.791×10²⁰".
std::string scientific(const Ratio& r, unsigned digits);

// The same with the exponent in superscript digits, as the book's tables
// print it: "4.02×10²²".
std::string scientific_superscript(const Ratio& r, unsigned digits);

// FLOPs in TFLOPs to three decimals, the unit and precision of the chapter's
// training tables (431.368; 2,181.559, never switching to PFLOPs).
std::string tflops_fixed(const Ratio& flops);

// A finite double ≥ 0 to three significant digits: 0.0193445 -> "0.0193",
// 0 -> "0".  Throws ArithmeticOverflow for anything else.
std::string approximate_text(double v);

// A double to `places` decimals, signed when `signed_text` ("+0.009", "−0.021").
// v must be ch03::roundable(v, places).
std::string decimal_text(double v, unsigned places, bool signed_text = false);

// A parameter or token count as the chapter labels runs, to `digits`
// significant digits: "2.81B", "14.1M", "298.6B".
std::string short_count(const Ratio& n, unsigned digits = 3);

}  // namespace tally::api::flow
