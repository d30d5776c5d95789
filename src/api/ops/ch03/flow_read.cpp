#include "flow_read.hpp"

#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "answer/answer.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api::flow {

namespace {

// What a value means, by its key, in the reader's words.
struct Meaning {
    const char* key;
    MessageId words;
};
constexpr Meaning kMeanings[] = {
    {"windows", msg::flow_meaning_windows},
    {"seconds", msg::flow_meaning_seconds},
    {"arrival", msg::flow_meaning_arrival},
    {"service", msg::flow_meaning_service},
    {"classes", msg::flow_meaning_classes},
    {"input", msg::flow_meaning_input},
    {"output", msg::flow_meaning_output},
    {"rates", msg::flow_meaning_rates},
    {"values", msg::flow_meaning_values},
    {"segments", msg::flow_meaning_segments},
    {"bytes", msg::flow_meaning_bytes},
    {"p", msg::flow_meaning_p},
    {"rate", msg::flow_meaning_rate},
    {"wait_seconds", msg::flow_meaning_wait_seconds},
    {"state_bytes", msg::flow_meaning_state_bytes},
    {"cost", msg::flow_meaning_cost},
    {"success", msg::flow_meaning_success},
    {"new_cost", msg::flow_meaning_new_cost},
    {"new_success", msg::flow_meaning_new_success},
    {"decision_cost", msg::flow_meaning_decision_cost},
    {"llm_cost", msg::flow_meaning_llm_cost},
    {"handoff", msg::flow_meaning_handoff},
    {"stages", msg::flow_meaning_stages},
    {"total", msg::flow_meaning_total},
    {"part", msg::flow_meaning_part},
    {"speedup", msg::flow_meaning_speedup},
    {"added", msg::flow_meaning_added},
    {"bytes_per_token", msg::flow_meaning_bytes_per_token},
    {"tails", msg::flow_meaning_tails},
    {"late", msg::flow_meaning_late},
    {"chunk", msg::flow_meaning_chunk},
    {"network_ms", msg::flow_meaning_network_ms},
    {"kv_bytes_per_token", msg::flow_meaning_kv_bytes_per_token},
    {"issued_ms", msg::flow_meaning_issued_ms},
    {"control_ms", msg::flow_meaning_control_ms},
    {"poll_ms", msg::flow_meaning_poll_ms},
    {"chunk_ms", msg::flow_meaning_chunk_ms},
    {"process_ms", msg::flow_meaning_process_ms},
    {"send_ms", msg::flow_meaning_send_ms},
    {"buffer_ms", msg::flow_meaning_buffer_ms},
    {"arrival_ratio", msg::flow_meaning_arrival_ratio},
    {"prebuffer_seconds", msg::flow_meaning_prebuffer_seconds},
    {"rows", msg::flow_meaning_rows},
    {"params", msg::flow_meaning_params},
    {"tokens", msg::flow_meaning_tokens},
    {"gpu_hours", msg::flow_meaning_gpu_hours},
    {"peak_from", msg::flow_meaning_peak_from},
    {"peak_to", msg::flow_meaning_peak_to},
    {"extra_gpu_hours", msg::flow_meaning_extra_gpu_hours},
    {"extra_gpu_seconds", msg::flow_meaning_extra_gpu_seconds},
    {"tasks_per_second", msg::flow_meaning_tasks_per_second},
    {"saving_seconds", msg::flow_meaning_saving_seconds},
    {"models", msg::flow_meaning_models},
    {"peak_tflops", msg::flow_meaning_peak_tflops},
    {"mfu", msg::flow_meaning_mfu},
    {"alpha", msg::flow_meaning_alpha},
    {"beta", msg::flow_meaning_beta},
    {"budget_factor", msg::flow_meaning_budget_factor},
    {"points", msg::flow_meaning_points},
    {"holdout_from", msg::flow_meaning_holdout_from},
    {"alphas", msg::flow_meaning_alphas},
    {"betas", msg::flow_meaning_betas},
    {"loss", msg::flow_meaning_loss},
    {"fit", msg::flow_meaning_fit},
    {"target_loss", msg::flow_meaning_target_loss},
};

std::string meaning_of(const std::string& key) {
    for (const Meaning& m : kMeanings) {
        if (key == m.key) return render(m.words);
    }
    return key;
}

std::string received(const Json& v) { return json::clip_utf8(v.dump(), 40); }

MessageParams about(const std::string& path, const std::string& key, const Json* value = nullptr) {
    MessageParams p{{"field", path}, {"meaning", meaning_of(key)}};
    if (value != nullptr) p.emplace_back("received", received(*value));
    return p;
}

std::string text_of(const Json& v) {
    if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
    return v.is_string() ? v.get<std::string>() : "";
}

// Digits with an optional fraction: a decimal parse_expected_decimal refuses
// only for its length (more than 12 decimals or 38 digits).
bool plain_decimal_shape(const std::string& text) {
    const std::size_t dot = text.find('.');
    const std::string whole = text.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : text.substr(dot + 1);
    const auto digits = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
    return digits(whole) && (dot == std::string::npos || digits(frac));
}

bool negative(const Json& v) {
    if (v.is_number_integer() && !v.is_number_unsigned()) return true;
    if (v.is_number()) return v.dump().rfind('-', 0) == 0;
    return v.is_string() && !v.get<std::string>().empty() && v.get<std::string>()[0] == '-';
}

}  // namespace

std::string item_path(const std::string& name, std::size_t i) { return name + "[" + std::to_string(i) + "]"; }

std::string member_path(const std::string& parent, const std::string& key) { return parent.empty() ? key : parent + "." + key; }

const Json& list_at(const Json& parent, const std::string& key, const std::string& parent_path, std::size_t max_items) {
    const std::string path = member_path(parent_path, key);
    if (!parent.contains(key)) throw FieldError(path, msg::flow_value_missing, about(path, key));
    const Json& list = parent[key];
    if (!list.is_array()) throw FieldError(path, msg::flow_list_not_array, about(path, key, &list));
    if (list.size() == 0) throw FieldError(path, msg::flow_list_empty, about(path, key));
    if (list.size() > max_items) {
        MessageParams p = about(path, key);
        p.emplace_back("max", group_thousands(max_items));
        p.emplace_back("count", group_thousands(list.size()));
        throw FieldError(path, msg::flow_list_too_long, p);
    }
    return list;
}

const Json& list_field(const Json& req, const std::string& name, std::size_t max_items) {
    return list_at(req, name, "", max_items);
}

const Json& object_at(const Json& list, const std::string& name, std::size_t i, std::initializer_list<const char*> keys) {
    const std::string path = item_path(name, i);
    const Json& item = list[i];
    std::string available;
    for (const char* k : keys) available += (available.empty() ? "" : list_separator()) + std::string(k);
    if (!item.is_object()) {
        MessageParams p = about(path, name, &item);
        p.emplace_back("keys", available);
        throw FieldError(path, msg::flow_item_not_object, p);
    }
    for (auto it = item.begin(); it != item.end(); ++it) {
        bool known = false;
        for (const char* k : keys) known = known || it.key() == k;
        if (!known) {
            throw FieldError(member_path(path, it.key()), msg::flow_key_unknown,
                             {{"field", member_path(path, it.key())}, {"available", available}});
        }
    }
    return item;
}

Ratio decimal_value(const Json& v, const std::string& path, const std::string& meaning_key, Range range) {
    const MessageParams p = about(path, meaning_key, &v);
    if (negative(v)) throw FieldError(path, msg::flow_decimal_negative, p);
    Ratio r;
    const std::string text = text_of(v);
    if (text.empty() || !parse_expected_decimal(text, r))
        throw FieldError(path, plain_decimal_shape(text) ? msg::flow_decimal_too_precise : msg::flow_decimal_invalid, p);
    if ((range == Range::Positive || range == Range::Fraction) && r == Ratio(0))
        throw FieldError(path, msg::flow_decimal_zero, p);
    if ((range == Range::Fraction || range == Range::Share) && Ratio(1) < r)
        throw FieldError(path, msg::flow_fraction_too_large, p);
    return r;
}

Ratio decimal_at(const Json& parent, const std::string& key, const std::string& parent_path, Range range) {
    const std::string path = member_path(parent_path, key);
    if (!parent.contains(key)) throw FieldError(path, msg::flow_value_missing, about(path, key));
    return decimal_value(parent[key], path, key, range);
}

Ratio decimal_at_most(const Json& parent, const std::string& key, const std::string& parent_path, Range range, const Ratio& max) {
    const Ratio r = decimal_at(parent, key, parent_path, range);
    if (max < r) {
        const std::string path = member_path(parent_path, key);
        MessageParams p = about(path, key, &parent[key]);
        p.emplace_back("max", trimmed(max, 4));
        throw FieldError(path, msg::flow_decimal_too_large, p);
    }
    return r;
}

u128 count_value(const Json& v, const std::string& path, const std::string& meaning_key, u128 max, u128 min) {
    const std::string text = text_of(v);
    const bool digits = !text.empty() && text.size() <= 20 && text.find_first_not_of("0123456789") == std::string::npos;
    u128 n = 0;
    if (digits) {
        for (char c : text) n = n * 10 + static_cast<u128>(c - '0');
    }
    if (!digits || n < min || n > max) {
        MessageParams p = about(path, meaning_key, &v);
        p.emplace_back("min", group_thousands(min));
        p.emplace_back("max", group_thousands(max));
        throw FieldError(path, msg::flow_count_invalid, p);
    }
    return n;
}

u128 count_at(const Json& parent, const std::string& key, const std::string& parent_path, u128 max, u128 min) {
    const std::string path = member_path(parent_path, key);
    if (!parent.contains(key)) throw FieldError(path, msg::flow_value_missing, about(path, key));
    return count_value(parent[key], path, key, max, min);
}

}  // namespace tally::api::flow
