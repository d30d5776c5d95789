#include "api/positive_decimal.hpp"

#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "core/answer.hpp"
#include "core/messages.hpp"

namespace tally::api {

std::string received_text(const Json& v) { return json::clip_utf8(v.dump(), 40); }

Ratio positive_decimal(const std::string& name, const Json& v, const std::string& label) {
    std::string text;
    if (v.is_number_unsigned()) {
        text = std::to_string(v.get<std::uint64_t>());
    } else if (v.is_string()) {
        text = v.get<std::string>();
    }
    Ratio r;
    if (text.empty() || !parse_expected_decimal(text, r) || r == Ratio(0)) {
        throw FieldError(name, msg::field_not_decimal, {{"label", label}, {"received", received_text(v)}});
    }
    return r;
}

}  // namespace tally::api
