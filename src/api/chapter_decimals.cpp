#include "api/chapter_decimals.hpp"

#include "answer/answer.hpp"
#include "api/errors.hpp"
#include "api/positive_decimal.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxDenominator = 1000000;  // six decimals

}  // namespace

std::string ChapterDecimals::label(const std::string& name) const {
    for (std::size_t i = 0; i < count_; ++i) {
        if (name == meanings_[i].field) {
            return render(msg::field_with_meaning, {{"name", name}, {"meaning", render(meanings_[i].words)}});
        }
    }
    return describe_field(name);
}

Ratio ChapterDecimals::decimal(const std::string& where, const std::string& name, const Json& v, bool zero_allowed) const {
    Ratio r;
    if (zero_allowed) {
        const std::string text = v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>())
                                 : v.is_string()        ? v.get<std::string>()
                                                        : "";
        if (text.empty() || !parse_expected_decimal(text, r)) {
            throw FieldError(where, msg::field_not_decimal, {{"label", label(name)}, {"received", received_text(v)}});
        }
    } else {
        r = positive_decimal(where, v, label(name));
    }
    // Past the chapter's bound, or with more than six decimals, products
    // could leave 128 bits: the reader hears which field did it rather than
    // of a generic overflow.
    if (Ratio(max_value_) < r || kMaxDenominator % r.den() != 0) {
        throw FieldError(where, range_refusal_, {{"label", label(name)}, {"received", received_text(v)}});
    }
    return r;
}

const Json& ChapterDecimals::required(const RequestFields& f, const std::string& name) const {
    if (!f.has(name)) throw FieldError(name, msg::field_missing, {{"label", label(name)}});
    return f.raw(name);
}

Ratio ChapterDecimals::positive(const RequestFields& f, const std::string& name) const {
    return decimal(name, name, required(f, name), false);
}

Ratio ChapterDecimals::positive_or(const RequestFields& f, const std::string& name, const char* fallback) const {
    return decimal(name, name, f.has(name) ? f.raw(name) : Json(std::string(fallback)), false);
}

Ratio ChapterDecimals::non_negative(const RequestFields& f, const std::string& name) const {
    return decimal(name, name, required(f, name), true);
}

Ratio ChapterDecimals::non_negative_or(const RequestFields& f, const std::string& name, const char* fallback) const {
    return decimal(name, name, f.has(name) ? f.raw(name) : Json(std::string(fallback)), true);
}

}  // namespace tally::api
