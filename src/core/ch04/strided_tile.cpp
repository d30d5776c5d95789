#include "core/ch04/strided_tile.hpp"

namespace tally::ch04 {

StridedTile strided_tile(u128 rows, u128 cols, u128 matrix_cols, const Ratio& value_bytes) {
    StridedTile t;
    t.row_bytes = Ratio(cols) * value_bytes;
    t.stride_bytes = Ratio(matrix_cols) * value_bytes;
    t.payload_bytes = Ratio(rows) * t.row_bytes;
    t.span_bytes = Ratio(rows - 1) * t.stride_bytes + t.row_bytes;
    t.skipped_bytes = t.span_bytes - t.payload_bytes;
    t.payload_share = t.payload_bytes / t.span_bytes;
    return t;
}

}  // namespace tally::ch04
