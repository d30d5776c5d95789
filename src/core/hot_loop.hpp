// The WASM module is compiled for size (CMakeLists.txt), and link-time
// optimisation at that level leaves even libc++'s one-line accessors as
// calls.  The few loops that run once per length of a state curve (thousands
// per chart) are marked to inline everything they call instead; what they
// must not inline (rare slow paths) is marked TALLY_COLD.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define TALLY_HOT_LOOP __attribute__((flatten))
#define TALLY_COLD __attribute__((noinline, cold))
#else
#define TALLY_HOT_LOOP
#define TALLY_COLD
#endif
