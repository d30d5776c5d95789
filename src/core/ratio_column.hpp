// Many exact values over one denominator.  A state curve evaluates one
// series at thousands of lengths, and every value of a series shares the
// series' common denominator, so each value is stored as one integer
// numerator: half the memory of a Ratio, and no reduction per value.
#pragma once

#include <cstddef>
#include <vector>

#include "exact.hpp"

namespace tally {

class RatioColumn {
  public:
    explicit RatioColumn(u128 denominator = 1) : den_(denominator) {}

    void reserve(std::size_t n) { nums_.reserve(n); }
    void push_numerator(u128 numerator) { nums_.push_back(numerator); }

    std::size_t size() const { return nums_.size(); }
    u128 denominator() const { return den_; }
    u128 numerator(std::size_t i) const { return nums_[i]; }
    // The value in lowest terms, as every other exact result is.
    Ratio operator[](std::size_t i) const { return den_ == 1 ? Ratio(nums_[i]) : Ratio(nums_[i], den_); }

  private:
    std::vector<u128> nums_;
    u128 den_;
};

}  // namespace tally
