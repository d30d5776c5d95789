#include "kv_bytes.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "core/ch04/quant_bytes.hpp"
#include "core/messages.hpp"
#include "core/state.hpp"

namespace tally::api::ch08_kv {

namespace {

constexpr u128 kGroup = 32;      // values per q8_0 / q4_0 block
constexpr u128 kScaleBytes = 2;  // one FP16 scale per block

}  // namespace

Ratio bytes_per_position(const ModelSpec& m, const std::string& format) {
    StateOptions options;
    options.history = find_dtype("kv_format", "bf16");
    const StateResult one = state(m, 1, options);
    const StateResult two = state(m, 2, options);
    if (one.total != one.per_token || two.total != one.per_token * Ratio(2)) {
        throw FieldError("model", msg::ch08_kv_not_per_position, {{"label", ch08_fields::label("model")}, {"id", m.id}});
    }
    if (format == "bf16") return one.per_token;
    const u128 values = (one.per_token / Ratio(2)).floor();  // BF16: two bytes a value
    const u128 bits = format == "q8_0" ? 8 : 4;
    return ch04::quant_bytes(values, bits, kGroup, kScaleBytes).total_bytes;
}

std::string format_of(const RequestFields& f) {
    const std::string value = f.text_or("kv_format");
    for (const char* a : kFormats) {
        if (value == a) return value;
    }
    throw FieldError("kv_format", msg::ch08_kv_format_unknown, {{"label", ch08_fields::label("kv_format")}});
}

}  // namespace tally::api::ch08_kv
