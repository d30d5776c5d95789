// Binary sizes as chapter 5 counts them ("KB" is 1,024 bytes there): one
// definition for the chapter's tests, which compile in one batch.
#pragma once

#include "core/exact.hpp"

namespace tally::test {

inline constexpr u128 kKiB = 1024;
inline constexpr u128 kMiB = u128{1} << 20;

}  // namespace tally::test
