#include "read.hpp"

#include <optional>

#include "api/errors.hpp"
#include "api/chapter_decimals.hpp"
#include "api/positive_decimal.hpp"
#include "core/messages.hpp"

namespace tally::api::ch05_fields {

namespace {

constexpr FieldWords kFieldWords[] = {
    {"host_us", msg::ch05_meaning_host_us},
    {"partial", msg::ch05_meaning_partial},
    {"device_us", msg::ch05_meaning_device_us},
    {"compute_us", msg::ch05_meaning_compute_us},
    {"host_wait_us", msg::ch05_meaning_host_wait_us},
    {"graph_prep_us", msg::ch05_meaning_graph_prep_us},
    {"bandwidth", msg::ch05_meaning_bandwidth},
    {"peak_tflops", msg::ch05_meaning_peak_tflops},
    {"latency_ns", msg::ch05_meaning_latency_ns},
    {"weights", msg::ch05_meaning_weights},
    {"values", msg::ch05_meaning_values},
    {"weight_1", msg::ch05_meaning_weight_slot},
    {"weight_2", msg::ch05_meaning_weight_slot},
    {"weight_3", msg::ch05_meaning_weight_slot},
    {"weight_4", msg::ch05_meaning_weight_slot},
    {"value_1", msg::ch05_meaning_value_slot},
    {"value_2", msg::ch05_meaning_value_slot},
    {"value_3", msg::ch05_meaning_value_slot},
    {"value_4", msg::ch05_meaning_value_slot},
    {"block_maxima", msg::ch05_meaning_block_maxima},
    {"element", msg::ch05_meaning_element},
    {"element_block", msg::ch05_meaning_element_block},
    {"calls", msg::ch05_meaning_calls},
    {"old_us", msg::ch05_meaning_old_us},
    {"new_us", msg::ch05_meaning_new_us},
    {"counts", msg::ch05_meaning_counts},
    {"buckets", msg::ch05_meaning_buckets},
    {"tflops", msg::ch05_meaning_tflops},
    {"mfu_percent", msg::ch05_meaning_mfu_percent},
    {"prepare_ms", msg::ch05_meaning_prepare_ms},
    {"run_ms", msg::ch05_meaning_run_ms},
    {"stages", msg::ch05_meaning_stages},
    {"cuts", msg::ch05_meaning_cuts},
    {"cols", msg::ch05_meaning_cols},
    {"layout", msg::ch05_meaning_layout},
    {"pad_words", msg::ch05_meaning_pad_words},
    {"segments", msg::ch05_meaning_segments},
    {"splits", msg::ch05_meaning_splits},
    {"trace_ms", msg::ch05_meaning_trace_ms},
    {"merge_segments", msg::ch05_meaning_merge_segments},
    {"rounding", msg::ch05_meaning_rounding},
    {"kv_rows", msg::ch05_meaning_kv_rows},
    {"smem_per_sm", msg::ch05_meaning_smem_per_sm},
    {"sms", msg::ch05_meaning_sms},
    {"threads", msg::ch05_meaning_threads},
    {"warps", msg::ch05_meaning_warps},
    {"overhead_us", msg::ch05_meaning_overhead_us},
    {"projected_output_tokens", msg::ch05_meaning_projected_output_tokens},
};

// Times, rates and sizes of the chapter fit well inside 10^9.
constexpr ChapterDecimals kDecimals(kFieldWords, 1000000000, msg::ch05_decimal_range);

const Json& list_or_refuse(const RequestFields& f, const std::string& name, std::size_t max_items) {
    if (!f.has(name)) throw FieldError(name, msg::field_missing, {{"label", label(name)}});
    const Json& list = f.raw(name);
    if (!list.is_array() || list.size() == 0 || list.size() > max_items) {
        throw FieldError(name, msg::ch05_list_size,
                         {{"label", label(name)}, {"max", std::to_string(max_items)}, {"received", received_text(list)}});
    }
    return list;
}

}  // namespace

std::string label(const std::string& name) { return kDecimals.label(name); }

Ratio positive(const RequestFields& f, const std::string& name) { return kDecimals.positive(f, name); }

Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.positive_or(f, name, fallback);
}

Ratio non_negative(const RequestFields& f, const std::string& name) { return kDecimals.non_negative(f, name); }

Ratio non_negative_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.non_negative_or(f, name, fallback);
}

std::vector<Ratio> decimal_list(const RequestFields& f, const std::string& name, std::size_t max_items, bool zero_allowed) {
    const Json& list = list_or_refuse(f, name, max_items);
    std::vector<Ratio> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        out.push_back(kDecimals.decimal(name + "[" + std::to_string(i) + "]", name, list[i], zero_allowed));
    }
    return out;
}

namespace {

// An item as a whole number: a JSON integer or a digit string ("1"), as the
// scalar fields accept; anything else (a sign, a fraction, a word) is nullopt.
std::optional<u128> whole_number(const Json& v) {
    if (v.is_number_unsigned()) return u128{v.get<std::uint64_t>()};
    if (!v.is_string()) return std::nullopt;
    const std::string s = v.get<std::string>();
    if (s.empty() || s.size() > 30 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    u128 n = 0;
    for (char c : s) n = n * 10 + static_cast<u128>(c - '0');
    return n;
}

}  // namespace

std::vector<u128> integer_list(const RequestFields& f, const std::string& name, std::size_t max_items, u128 lo, u128 hi) {
    const Json& list = list_or_refuse(f, name, max_items);
    std::vector<u128> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::optional<u128> n = whole_number(list[i]);
        if (!n || *n < lo || *n > hi) {
            throw FieldError(name + "[" + std::to_string(i) + "]", msg::ch05_integer_item,
                             {{"label", label(name)},
                              {"min", std::to_string(static_cast<std::uint64_t>(lo))},
                              {"max", std::to_string(static_cast<std::uint64_t>(hi))},
                              {"received", received_text(list[i])}});
        }
        out.push_back(*n);
    }
    return out;
}

}  // namespace tally::api::ch05_fields
