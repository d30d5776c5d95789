// The exact decimals a chapter's ops read (a bandwidth "1008", a time "2.5",
// a share "0.622"): sent as strings or JSON integers, bounded so that the
// chapter's products stay inside 128 bits, and refused with a message that
// names the field and says what it means in the reader's words. Chapters
// 4, 5, 8 and 10 each declare their meanings table, their bound and their
// range message, and read through one ChapterDecimals; the reading itself is
// here, once.
#pragma once

#include <cstddef>
#include <string>

#include "api/fields.hpp"
#include "core/exact.hpp"
#include "core/messages.hpp"

namespace tally::api {

// A field of the chapter and what it means ("bandwidth" → 記憶體頻寬，GB/s).
struct FieldWords {
    const char* field;
    MessageId words;
};

class ChapterDecimals {
  public:
    // `max_value`: the largest value a field takes; every value has at most
    // six decimals. `range_refusal` names the field (label) and what was sent.
    template <std::size_t N>
    constexpr ChapterDecimals(const FieldWords (&meanings)[N], u128 max_value, MessageId range_refusal)
        : meanings_(meanings), count_(N), max_value_(max_value), range_refusal_(range_refusal) {}

    // "bandwidth（記憶體頻寬，GB/s）": the field and its meaning, or
    // describe_field's words for a field the chapter gives none.
    std::string label(const std::string& name) const;

    // `v`, refused under `where` (the field, or "name[i]" in a list) and
    // labelled as `name`: a positive decimal, or one ≥ 0 (`zero_allowed`).
    Ratio decimal(const std::string& where, const std::string& name, const Json& v, bool zero_allowed) const;

    // The field `name` of the request: required, or its declared default
    // (decimal text) when absent.
    Ratio positive(const RequestFields& f, const std::string& name) const;
    Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback) const;
    Ratio non_negative(const RequestFields& f, const std::string& name) const;
    Ratio non_negative_or(const RequestFields& f, const std::string& name, const char* fallback) const;

  private:
    const Json& required(const RequestFields& f, const std::string& name) const;

    const FieldWords* meanings_;
    std::size_t count_;
    u128 max_value_;
    MessageId range_refusal_;
};

}  // namespace tally::api
