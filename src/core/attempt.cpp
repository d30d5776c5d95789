#include "attempt.hpp"

#include <stdexcept>

#include "exact.hpp"

namespace tally {

bool completes_without_overflow(const std::function<void()>& body) {
    try {
        body();
    } catch (const ArithmeticOverflow&) {
        return false;
    }
    return true;
}

Outcome run_reading(const std::function<void()>& body) {
    try {
        body();
    } catch (const ArithmeticOverflow& e) {
        return {Stop::Overflow, e.what()};
    } catch (const std::invalid_argument& e) {
        return {Stop::InvalidArgument, e.what()};
    }
    return {};
}

}  // namespace tally
