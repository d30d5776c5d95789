// Long columns of exact values (state_curve: up to 4,096 lengths × several
// series), written straight to JSON text.  This is the module's hottest
// loop, so it sits in its own file, compiled for speed (CMakeLists.txt).
#pragma once

#include <vector>

#include "core/ratio_column.hpp"
#include "json_out.hpp"

namespace tally::api {

// [v0,v1,…] with each value encoded as exact_json(v) would encode it.
Json exact_column(const std::vector<u128>& values);
Json exact_column(const RatioColumn& values);

// The binary-prefixed byte texts of the values ("30.086 MiB", …).
Json bytes_display_column(const RatioColumn& values);

}  // namespace tally::api
