// A sub-tile read row by row out of a wider row-major matrix (§4.4.1, Fig.
// 4-16): each of its r rows is c·b contiguous bytes, and consecutive rows
// start a whole matrix row (C·b bytes) apart, so the addresses touched span
//   (r − 1)·C·b + c·b
// bytes of which only r·c·b are read; a copy engine (TMA, NDDMA) is told the
// start, the row count, the bytes per row and the stride instead of every
// address.  128 × 128 BF16 values of a 4,096-wide matrix: 256 B a row, a
// stride of 8,192 B, 32 KiB read over 1,040,640 B.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct StridedTile {
    Ratio row_bytes;      // c·b
    Ratio stride_bytes;   // C·b
    Ratio payload_bytes;  // r·c·b
    Ratio span_bytes;     // (r − 1)·C·b + c·b
    Ratio skipped_bytes;  // span − payload: the gaps the stride steps over
    Ratio payload_share;  // payload / span
};

// rows, cols, matrix_cols ≥ 1 with cols ≤ matrix_cols; value_bytes > 0.
StridedTile strided_tile(u128 rows, u128 cols, u128 matrix_cols, const Ratio& value_bytes);

}  // namespace tally::ch04
