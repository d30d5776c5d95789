#include "read.hpp"

#include "answer/answer.hpp"
#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/chapter_decimals.hpp"
#include "core/messages.hpp"

namespace tally::api::ch04_fields {

namespace {

constexpr FieldWords kFieldWords[] = {
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

// Rates, sizes and times of real devices fit well inside 10^9.
constexpr ChapterDecimals kDecimals(kFieldWords, 1000000000, msg::ch04_decimal_range);

}  // namespace

std::string label(const std::string& name) { return kDecimals.label(name); }

Ratio positive(const RequestFields& f, const std::string& name) { return kDecimals.positive(f, name); }

Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.positive_or(f, name, fallback);
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
