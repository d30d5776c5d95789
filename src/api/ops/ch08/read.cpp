#include "read.hpp"

#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/chapter_decimals.hpp"
#include "api/positive_decimal.hpp"
#include "answer/answer.hpp"
#include "core/messages.hpp"

namespace tally::api::ch08_fields {

namespace {

constexpr FieldWords kFieldWords[] = {
    {"acceptance", msg::ch08_meaning_acceptance},
    {"acceptances", msg::ch08_meaning_acceptances},
    {"draft", msg::ch08_meaning_draft},
    {"round_ms", msg::ch08_meaning_round_ms},
    {"per_draft_ms", msg::ch08_meaning_per_draft_ms},
    {"query_ms", msg::ch08_meaning_query_ms},
    {"draft_group", msg::ch08_meaning_draft_group},
    {"from_draft", msg::ch08_meaning_from_draft},
    {"block", msg::ch08_meaning_block},
    {"shared_prefix", msg::ch08_meaning_shared_prefix},
    {"budget_gib", msg::ch08_meaning_budget_gib},
    {"extra_mib", msg::ch08_meaning_extra_mib},
    {"kv_format", msg::ch08_meaning_kv_format},
    {"parts", msg::ch08_meaning_parts},
    {"base_ms", msg::ch08_meaning_base_ms},
    {"per_token_us", msg::ch08_meaning_per_token_us},
    {"per_pair_ns", msg::ch08_meaning_per_pair_ns},
    {"hit", msg::ch08_meaning_hit},
    {"copies", msg::ch08_meaning_copies},
    {"rival_tokens", msg::ch08_meaning_rival_tokens},
    {"rival_copies", msg::ch08_meaning_rival_copies},
    {"rival_hit", msg::ch08_meaning_rival_hit},
    {"link_gbps", msg::ch08_meaning_link_gbps},
    {"layers", msg::ch08_meaning_layers},
    {"buffers", msg::ch08_meaning_buffers},
    {"decode_steps", msg::ch08_meaning_decode_steps},
    {"copy_budget_seconds", msg::ch08_meaning_copy_budget_seconds},
    {"queue_seconds", msg::ch08_meaning_queue_seconds},
    {"prefill_seconds", msg::ch08_meaning_prefill_seconds},
    {"ttft_before_ms", msg::ch08_meaning_ttft_before_ms},
    {"ttft_after_ms", msg::ch08_meaning_ttft_after_ms},
    {"per_round", msg::ch08_meaning_per_round},
    {"deadline_seconds", msg::ch08_meaning_deadline_seconds},
    {"power_w", msg::ch08_meaning_power_w},
    {"measured", msg::ch08_meaning_measured},
    {"target_p", msg::ch08_meaning_target_p},
    {"arrivals", msg::ch08_meaning_arrivals},
    {"lengths", msg::ch08_meaning_lengths},
    {"rank", msg::ch08_meaning_rank},
    {"targets", msg::ch08_meaning_targets},
    {"adapters", msg::ch08_meaning_adapters},
    {"page_tokens", msg::ch08_meaning_page_tokens},
    {"policy", msg::ch08_meaning_policy},
    {"max_running", msg::ch08_meaning_max_running},
    {"chunk", msg::ch08_meaning_chunk},
    {"token_budget", msg::ch08_meaning_token_budget},
    {"draft_q", msg::ch08_meaning_draft_q},
    {"target_share", msg::ch08_meaning_target_share},
    {"draft_share", msg::ch08_meaning_draft_share},
};

// Times, rates and shares of one card fit well inside 10^9.
constexpr ChapterDecimals kDecimals(kFieldWords, 1000000000, msg::ch08_decimal_range);

Ratio parse_positive(const std::string& name, const Json& v) { return kDecimals.decimal(name, name, v, false); }

// Zero allowed: "0", "0.0" or the integer 0.
Ratio parse_nonnegative(const std::string& name, const Json& v) { return kDecimals.decimal(name, name, v, true); }

Ratio at_most_one(const std::string& name, const Json& v, const Ratio& r) {
    if (Ratio(1) < r) throw FieldError(name, msg::ch08_share_above_one, {{"label", label(name)}, {"received", received_text(v)}});
    return r;
}

}  // namespace

std::string label(const std::string& name) { return kDecimals.label(name); }

Ratio positive(const RequestFields& f, const std::string& name) { return kDecimals.positive(f, name); }

Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.positive_or(f, name, fallback);
}

Ratio nonnegative_or(const RequestFields& f, const std::string& name, const char* fallback) {
    return kDecimals.non_negative_or(f, name, fallback);
}

Ratio share_or(const RequestFields& f, const std::string& name, const char* fallback) {
    const Json v = f.has(name) ? f.raw(name) : Json(std::string(fallback));
    return at_most_one(name, v, parse_nonnegative(name, v));
}

Ratio share(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) throw FieldError(name, msg::field_missing, {{"label", label(name)}});
    return at_most_one(name, f.raw(name), parse_nonnegative(name, f.raw(name)));
}

Ratio efficiency_or(const RequestFields& f, const std::string& name, const char* fallback) {
    const Json v = f.has(name) ? f.raw(name) : Json(std::string(fallback));
    return at_most_one(name, v, parse_positive(name, v));
}

std::vector<Ratio> shares(const Json& req, const std::string& name, std::size_t max_items) {
    if (!req.contains(name) || !req[name].is_array() || req[name].empty() || req[name].size() > max_items) {
        throw FieldError(name, msg::ch08_list_size, {{"label", label(name)}, {"max", std::to_string(max_items)}});
    }
    std::vector<Ratio> out;
    const Json& list = req[name];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = name + "[" + std::to_string(i) + "]";
        out.push_back(at_most_one(path, list[i], parse_nonnegative(path, list[i])));
    }
    return out;
}

Ratio positive_in(const Json& item, const std::string& key, const std::string& path) {
    const std::string where = path + "." + key;
    if (!item.contains(key)) throw FieldError(where, msg::field_missing, {{"label", where}});
    return kDecimals.decimal(where, where, item[key], false);
}

Ratio nonnegative_in(const Json& item, const std::string& key, const std::string& path) {
    return parse_nonnegative(path + "." + key, item[key]);
}

u128 count_in(const Json& item, const std::string& key, const std::string& path, u128 lo, u128 hi) {
    const std::string where = path + "." + key;
    if (!item.contains(key)) throw FieldError(where, msg::field_missing, {{"label", where}});
    const Json& v = item[key];
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < lo || v.get<std::uint64_t>() > hi) {
        throw FieldError(where, msg::ch08_count_range,
                         {{"label", where}, {"min", to_decimal(lo)}, {"max", to_decimal(hi)}, {"received", received_text(v)}});
    }
    return v.get<std::uint64_t>();
}

}  // namespace tally::api::ch08_fields
