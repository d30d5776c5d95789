// Every catch of the core lives in attempt.cpp.  In the shipped WASM module
// only files that catch keep unwind cleanups (see CMakeLists.txt), so code
// that recovers from an error runs its risky part through these.
#pragma once

#include <functional>
#include <string>

namespace tally {

// Runs `body`; false when it stopped on ArithmeticOverflow (a value past the
// exact 128-bit range).  Other errors propagate.
bool completes_without_overflow(const std::function<void()>& body);

// How `body` ended: normally, on ArithmeticOverflow, or on an
// std::invalid_argument (text that cannot be read), with its message.
enum class Stop { Completed, Overflow, InvalidArgument };
struct Outcome {
    Stop stop = Stop::Completed;
    std::string message;
};
Outcome run_reading(const std::function<void()>& body);

}  // namespace tally
