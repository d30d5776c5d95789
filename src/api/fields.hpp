// Reading and validating the fields of one API request.  Every message names
// the field, what it means, what was received and what is accepted.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/answer_quantity.hpp"
#include "core/exact.hpp"
#include "json_out.hpp"

namespace tally::api {

// A constant list (a declaration's fields, results or samples): a view of a
// constexpr array, so declaring an op builds nothing at start-up.
template <class T>
struct DeclList {
    const T* first = nullptr;
    std::size_t count = 0;
    constexpr DeclList() = default;
    template <std::size_t N>
    constexpr DeclList(const T (&items)[N]) : first(items), count(N) {}
    constexpr const T* begin() const { return first; }
    constexpr const T* end() const { return first + count; }
    constexpr std::size_t size() const { return count; }
};

// How a request field is read (`tally schema` prints the names).
enum class FieldKind { Integer, Decimal, Text, Flag, Model, List, Object };

// One field of one op, declared once next to the op (src/api/ops/): its
// kind, its accepted range (integers), its default, and, for a bound the
// request itself sets (head_tokens ≤ B·P), that bound in words.  What the
// field means is describe_field()'s and `tally schema`'s (api/schema.cpp).
struct FieldDecl {
    const char* name;
    FieldKind kind;
    u128 lo = 0;
    u128 hi = 0;                     // 0 with `limit`: set by the request
    const char* fallback = nullptr;  // the default as docs state it; nullptr: required or absent
    const char* limit = nullptr;
};
using FieldList = DeclList<FieldDecl>;

namespace field {
constexpr FieldDecl integer(const char* name, u128 lo, u128 hi, const char* fallback = nullptr) {
    return {name, FieldKind::Integer, lo, hi, fallback, nullptr};
}
// An integer whose upper bound depends on other fields of the request.
constexpr FieldDecl bounded(const char* name, u128 lo, const char* limit, const char* fallback = nullptr) {
    return {name, FieldKind::Integer, lo, 0, fallback, limit};
}
constexpr FieldDecl of_kind(const char* name, FieldKind kind, const char* fallback = nullptr) {
    return {name, kind, 0, 0, fallback, nullptr};
}
}  // namespace field

class RequestFields {
  public:
    // Rejects unknown fields up front: a typo ("imput") must not silently
    // fall back to a default.  "op" and "lang" (every request's language,
    // read by evaluate() before the op) are every op's.  The op's declaration says which fields exist,
    // their ranges and defaults; reading a field it does not declare is a bug
    // (std::logic_error, which the ops' doctest finds).
    RequestFields(const Json& request, FieldList declared);
    // Nested objects and ops declared elsewhere: names only.
    RequestFields(const Json& request, const std::vector<std::string>& allowed);

    bool has(const std::string& name) const { return j_.contains(name); }
    const Json& raw(const std::string& name) const { return j_.at(name); }
    std::string text(const std::string& name) const;
    std::string text_or(const std::string& name, const std::string& fallback) const;
    // A JSON number, a digit string, or text a reader typed ("32K",
    // "32,768", "1e6", "2 GiB"), read by the answer checker's reader.
    u128 integer(const std::string& name, u128 lo, u128 hi) const;
    u128 integer_or(const std::string& name, u128 fallback, u128 lo, u128 hi) const;
    // The declared range and default.
    u128 integer(const std::string& name) const;
    u128 integer_or(const std::string& name) const;
    u128 integer_or(const std::string& name, u128 fallback) const;
    std::string text_or(const std::string& name) const;
    // true or false; anything else is refused (no "truthy" strings).
    bool flag_or(const std::string& name, bool fallback) const;
    bool flag_or(const std::string& name) const;

  private:
    // The declaration of `name` (nullptr when the fields were named only).
    const FieldDecl* declared(const std::string& name) const;
    const FieldDecl* find(const std::string& name) const;
    const FieldDecl& ranged(const std::string& name) const;
    const Json& j_;
    FieldList declared_;
    bool checks_ = false;
};

// How a field reads a reader's text ("32K", "2 GiB"): token lengths,
// byte sizes, or plain counts (docs/api.md, "Fields").
QuantityKind field_quantity_kind(const std::string& name);

// What a field means, for messages, in the request's language:
// "input（本次輸入 P）", "input (new input P)".
std::string describe_field(const std::string& name);

// Between the items of a list in a message: "、", ", ".
std::string list_separator();

// Lengths and counts accepted from readers: 2^53 − 1, the largest integer a
// JavaScript number holds exactly.
constexpr u128 kMaxCount = kMaxSafeInteger;

}  // namespace tally::api
