#include "model_fields.hpp"

#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/positive_decimal.hpp"
#include "core/messages.hpp"

namespace tally::api::ch03_fields {

namespace {

Ratio parse_or_refuse(const std::string& name, const Json& v) { return positive_decimal(name, v, describe_field(name)); }

}  // namespace

Ratio decimal_or(const RequestFields& f, const std::string& name, const char* fallback) {
    if (!f.has(name)) return parse_or_refuse(name, Json(std::string(fallback)));
    return parse_or_refuse(name, f.raw(name));
}

Ratio decimal(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) throw FieldError(name, msg::field_missing, {{"label", describe_field(name)}});
    return parse_or_refuse(name, f.raw(name));
}

Ratio decimal_at_most(const RequestFields& f, const std::string& name, const char* fallback, const Ratio& max,
                      const char* max_text) {
    const Ratio r = decimal_or(f, name, fallback);
    if (r > max) {
        throw FieldError(name, msg::ch03_model_decimal_above,
                         {{"label", describe_field(name)}, {"received", received_text(f.raw(name))}, {"max", max_text}});
    }
    return r;
}

std::string choice_or(const RequestFields& f, const std::string& name, std::initializer_list<const char*> accepted) {
    const std::string value = f.text_or(name);
    std::string list;
    for (const char* a : accepted) {
        if (value == a) return value;
        list += (list.empty() ? "" : list_separator()) + std::string(a);
    }
    throw FieldError(name, msg::ch03_model_choice_unknown,
                     {{"label", describe_field(name)}, {"value", json::clip_utf8(value, 40)}, {"accepted", list}});
}

std::vector<u128> positive_integers(const Json& req, const std::string& name, std::size_t max_items) {
    if (!req.contains(name) || !req[name].is_array() || req[name].size() == 0) {
        throw FieldError(name, msg::ch03_model_list_missing, {{"label", describe_field(name)}});
    }
    const Json& list = req[name];
    if (list.size() > max_items) {
        throw FieldError(name, msg::ch03_model_list_too_long,
                         {{"label", describe_field(name)}, {"max", std::to_string(max_items)}});
    }
    std::vector<u128> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& v = list[i];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0 || v.get<std::uint64_t>() > kMaxCount) {
            throw FieldError(name + "[" + std::to_string(i) + "]", msg::ch03_model_list_not_positive,
                             {{"label", describe_field(name)}, {"index", std::to_string(i)}, {"received", received_text(v)}});
        }
        out.push_back(v.get<std::uint64_t>());
    }
    return out;
}

}  // namespace tally::api::ch03_fields
