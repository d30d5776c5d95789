// nlohmann::ordered_json as the API's JSON value: the native build option
// TALLY_JSON_NLOHMANN (preset native-nlohmann, `npm run test:json-oracle`).
// The whole doctest suite and the parity grid then run on the named
// dependency, so anything the API relies on in our own parser and writer
// (json.hpp) shows up as a difference.  Never shipped: nlohmann adds
// 24.8 KiB gzip to the WASM module (docs/architecture.md).
//
// Value derives from ordered_json and adds nothing but our names: the caps,
// parse() reporting a ParseProblem, serialized(), and accessors typed as
// Value& (a Value is an ordered_json with no member of its own, so the
// reference to a child is one to a Value).
//
// Why adl_serializer<Value> below: building an ordered_json from a Value
// (an element of a braced list, `{"id", row}`, or emplace_back(Value{…}))
// takes nlohmann's converting template before its copy constructor, which
// needs a derived-to-base conversion.  Without a serializer of its own, a
// Value is then converted as a "compatible" type (it reads as a string,
// through its implicit conversion) and the list as an array of pairs.  The
// serializer makes that conversion a plain copy, so both values read every
// brace-initialised object of the API the same way.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tally::json {
class Value;
}  // namespace tally::json

NLOHMANN_JSON_NAMESPACE_BEGIN
// Declared before Value is complete: its inherited constructors already
// name the serializer of every type they meet.
template <>
struct adl_serializer<tally::json::Value> {
    static void to_json(ordered_json& j, const tally::json::Value& v);
    static void to_json(ordered_json& j, tally::json::Value&& v);
    static void from_json(const ordered_json& j, tally::json::Value& v);
};
NLOHMANN_JSON_NAMESPACE_END

namespace tally::json {

class Value : public nlohmann::ordered_json {
  public:
    using Base = nlohmann::ordered_json;
    static constexpr int kMaxDepth = 256;
    static constexpr std::size_t kMaxMembers = std::size_t{1} << 18;
    static constexpr std::size_t kMaxElements = std::size_t{1} << 18;

    using Base::Base;
    Value() = default;
    Value(const Base& b) : Base(b) {}
    Value(Base&& b) : Base(std::move(b)) {}

    static Value parse(std::string_view text, std::nullptr_t = nullptr, bool allow_exceptions = true) {
        return Base::parse(text.begin(), text.end(), nullptr, allow_exceptions);
    }
    static Value parse(std::string_view text, std::size_t& error_offset);
    static Value parse(std::string_view text, ParseError& error);
    static Value serialized(const std::string& json_text) { return Base::parse(json_text); }

    std::string dump(int indent = -1, char indent_char = ' ') const {
        return Base::dump(indent, indent_char, false, error_handler_t::replace);
    }

    Value& operator[](const std::string& key) { return as_value(Base::operator[](key)); }
    Value& operator[](const char* key) { return as_value(Base::operator[](key)); }
    const Value& operator[](const std::string& key) const { return at(key); }
    const Value& operator[](const char* key) const { return at(std::string(key)); }
    template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
    Value& operator[](I index) {
        return at(static_cast<std::size_t>(index));
    }
    template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
    const Value& operator[](I index) const {
        return at(static_cast<std::size_t>(index));
    }
    Value& at(const std::string& key) { return as_value(Base::at(key)); }
    const Value& at(const std::string& key) const { return as_value(Base::at(key)); }
    Value& at(std::size_t index) { return as_value(Base::at(index)); }
    const Value& at(std::size_t index) const { return as_value(Base::at(index)); }
    Value& front() { return as_value(Base::front()); }
    Value& back() { return as_value(Base::back()); }
    const Value& front() const { return as_value(Base::front()); }
    const Value& back() const { return as_value(Base::back()); }
    template <class... A>
    Value& emplace_back(A&&... args) {
        return as_value(Base::emplace_back(std::forward<A>(args)...));
    }

  private:
    static Value& as_value(Base& b) { return static_cast<Value&>(b); }
    static const Value& as_value(const Base& b) { return static_cast<const Value&>(b); }
};

}  // namespace tally::json

NLOHMANN_JSON_NAMESPACE_BEGIN
// A Value is an ordered_json: converting one is copying (or moving) it.
inline void adl_serializer<tally::json::Value>::to_json(ordered_json& j, const tally::json::Value& v) {
    j = static_cast<const ordered_json&>(v);
}
inline void adl_serializer<tally::json::Value>::to_json(ordered_json& j, tally::json::Value&& v) {
    j = static_cast<ordered_json&&>(v);
}
inline void adl_serializer<tally::json::Value>::from_json(const ordered_json& j, tally::json::Value& v) {
    v = tally::json::Value(j);
}
NLOHMANN_JSON_NAMESPACE_END
