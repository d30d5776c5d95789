// KV bytes per stored position of a model, in the format chapter 8 stores
// it: BF16 (chapter 2's state accounting), or GGML's q8_0 / q4_0 blocks of
// 32 values with one 2-byte FP16 scale each (34 and 18 bytes per block,
// Exercise 8-6), over the same values (chapter 4's quant_bytes).
#pragma once

#include <string>

#include "api/fields.hpp"
#include "core/exact.hpp"
#include "core/spec.hpp"

namespace tally::api::ch08_kv {

inline constexpr const char* kFormats[] = {"bf16", "q8_0", "q4_0"};

// Refuses a model whose state is not one fixed amount per stored position
// (recurrent or windowed layers): the chapter's admission arithmetic
// multiplies positions by k.
Ratio bytes_per_position(const ModelSpec& m, const std::string& format);

// The `kv_format` field: one of kFormats.
std::string format_of(const RequestFields& f);

}  // namespace tally::api::ch08_kv
