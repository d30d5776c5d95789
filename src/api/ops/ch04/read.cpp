#include "read.hpp"

#include "answer/answer.hpp"
#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/positive_decimal.hpp"
#include "core/messages.hpp"

namespace tally::api::ch04_fields {

namespace {

struct Meaning {
    const char* field;
    MessageId words;
};
constexpr Meaning kMeanings[] = {
    {"load_us", msg::ch04_meaning_load_us},
    {"compute_us", msg::ch04_meaning_compute_us},
    {"alpha_us", msg::ch04_meaning_alpha_us},
    {"link_bandwidth", msg::ch04_meaning_link_bandwidth},
    {"bandwidth", msg::ch04_meaning_bandwidth},
    {"latency_ns", msg::ch04_meaning_latency_ns},
    {"transaction_bytes", msg::ch04_meaning_transaction_bytes},
    {"bytes", msg::ch04_meaning_bytes},
    {"peak_tflops", msg::ch04_meaning_peak_tflops},
    {"dtype", msg::ch04_meaning_dtype},
    {"pj_per_byte", msg::ch04_meaning_pj_per_byte},
    {"kv_pj_per_byte", msg::ch04_meaning_kv_pj_per_byte},
    {"pj_per_flop", msg::ch04_meaning_pj_per_flop},
    {"pin_gbps", msg::ch04_meaning_pin_gbps},
    {"fixed_cost", msg::ch04_meaning_fixed_cost},
    {"saving_per_million", msg::ch04_meaning_saving_per_million},
    {"tokens_per_second", msg::ch04_meaning_tokens_per_second},
    {"utilisation", msg::ch04_meaning_utilisation},
    {"life_years", msg::ch04_meaning_life_years},
    {"local_bandwidth", msg::ch04_meaning_local_bandwidth},
    {"die_link_bandwidth", msg::ch04_meaning_die_link_bandwidth},
    {"matrix_flops_per_cycle", msg::ch04_meaning_matrix_flops_per_cycle},
    {"exps_per_cycle", msg::ch04_meaning_exps_per_cycle},
    {"smem_bytes_per_cycle", msg::ch04_meaning_smem_bytes_per_cycle},
    {"deadline_us", msg::ch04_meaning_deadline_us},
    {"port_bandwidth", msg::ch04_meaning_port_bandwidth},
};

constexpr u128 kMaxValue = 1000000000;     // 10^9
constexpr u128 kMaxDenominator = 1000000;  // six decimals

Ratio parse_or_refuse(const std::string& name, const Json& v) {
    const Ratio r = positive_decimal(name, v, label(name));
    // Rates, sizes and times of real devices fit well inside 10^9 with six
    // decimals; past that the products would leave 128 bits, and the reader
    // should hear which field did it rather than of a generic overflow.
    if (Ratio(kMaxValue) < r || kMaxDenominator % r.den() != 0) {
        throw FieldError(name, msg::ch04_decimal_range, {{"label", label(name)}, {"received", received_text(v)}});
    }
    return r;
}

}  // namespace

std::string label(const std::string& name) {
    for (const Meaning& m : kMeanings) {
        if (name == m.field) return render(msg::field_with_meaning, {{"name", name}, {"meaning", render(m.words)}});
    }
    return describe_field(name);
}

Ratio positive(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) throw FieldError(name, msg::field_missing, {{"label", label(name)}});
    return parse_or_refuse(name, f.raw(name));
}

Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return f.has(name) ? parse_or_refuse(name, f.raw(name)) : parse_or_refuse(name, Json(std::string(fallback)));
}

Ratio value_bytes(const RequestFields& f) {
    const std::string id = f.text_or("dtype");
    const Dtype& d = find_dtype("dtype", id);
    if (d.group_size != 0) {
        throw FieldError("dtype", msg::ch04_dtype_grouped, {{"label", label("dtype")}, {"received", json::clip_utf8(id, 40)}});
    }
    return Ratio(d.bits, 8);
}

}  // namespace tally::api::ch04_fields
