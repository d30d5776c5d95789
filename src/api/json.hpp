// The JSON value of the API surface: requests in, responses out.
//
// Why not nlohmann_json here: it adds 24.8 KiB gzip to the WASM module,
// 16 % of its code (two parsers, a float printer, SAX plumbing), while the
// API needs only this: objects that keep insertion order, exact integers,
// strings, and a strict parser that reports failure as a value.  The
// interface mirrors the subset of nlohmann's that the API used, so call
// sites read the same.
//
// Deliberate differences:
//  - there is no double: a response can only carry exact integers and
//    strings (non-integers are exact decimal strings, see json_out.hpp);
//  - a parsed non-integer number keeps its source text, so an error message
//    can quote exactly what the reader sent;
//  - nesting deeper than kMaxDepth is a parse failure, never a stack overflow;
//  - a parse caps the members and elements of the whole document and refuses
//    a repeated key, and says which rule failed (ParseError);
//  - object keys are found through a hash index once an object has more than
//    a few of them, so a config of 100,000 keys parses in linear time;
//  - dump() replaces invalid UTF-8 with U+FFFD instead of throwing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tally::json {

// Misuse of a value (wrong type, missing key): a bug or a request the
// caller forgot to validate; evaluate() turns it into an error response.
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Appends the decimal digits of v (the writer's own integer path).
void append_unsigned(std::string& out, std::uint64_t v);

// The decimal digits of v written at `out` (room for 20 needed); returns the
// end.  For loops that write into a buffer of their own (api/columns.cpp).
char* write_unsigned(char* out, std::uint64_t v);

enum class Kind : std::uint8_t { Null, Boolean, Unsigned, Integer, Real, String, Array, Object, Discarded, Serialized };

// Why a parse failed: the API turns each into a message naming the cap or
// the key (api/json_errors.hpp).
enum class ParseProblem : std::uint8_t { None, Syntax, TooDeep, TooManyMembers, TooManyElements, DuplicateKey };

struct ParseError {
    ParseProblem problem = ParseProblem::None;
    std::size_t offset = 0;  // the byte where the text stopped being accepted
    std::string key;         // DuplicateKey: the repeated key
};

// The first `max_bytes` bytes of `text` or fewer, never ending inside a UTF-8
// character; "..." marks a cut.  For quoting what a reader sent.
std::string clip_utf8(std::string_view text, std::size_t max_bytes);

}  // namespace tally::json

#ifdef TALLY_JSON_NLOHMANN
#include "json_nlohmann.hpp"  // nlohmann::ordered_json as the value: a native test oracle, never shipped
#else

namespace tally::json {

class Value {
    template <class V>
    class Iter;

  public:
    using iterator = Iter<Value>;
    using const_iterator = Iter<const Value>;
    // Caps of one parse (docs/api.md, "Limits"): nesting levels, and object
    // members and array elements counted over the whole document.
    static constexpr int kMaxDepth = 256;
    static constexpr std::size_t kMaxMembers = std::size_t{1} << 18;   // 262,144
    static constexpr std::size_t kMaxElements = std::size_t{1} << 18;  // 262,144

    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : kind_(Kind::Boolean), bits_(b ? 1 : 0) {}
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    Value(T v) {
        if constexpr (std::is_signed_v<T>) {
            kind_ = Kind::Integer;
            bits_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
        } else {
            kind_ = Kind::Unsigned;
            bits_ = static_cast<std::uint64_t>(v);
        }
    }
    // A double becomes its shortest round-trip text.  The API itself never
    // builds one (responses are exact); tests use it to send bad input.
    Value(double d);
    Value(const char* s) : kind_(Kind::String), text_(s) {}
    Value(std::string s) : kind_(Kind::String), text_(std::move(s)) {}
    Value(std::string_view s) : kind_(Kind::String), text_(s) {}
    template <class T>
    Value(const std::vector<T>& list) : kind_(Kind::Array) {
        for (const auto& v : list) items_.emplace_back(v);
    }
    template <class T>
    Value(const std::map<std::string, T>& map) : kind_(Kind::Object) {
        for (const auto& [k, v] : map) add_member(k) = Value(v);
    }
    // {{"key", value}, …} is an object (every element a [string, value]
    // pair), anything else an array — nlohmann's rule.
    Value(std::initializer_list<Value> init);

    static Value array(std::initializer_list<Value> init = {});
    static Value object(std::initializer_list<Value> init = {});
    static Value parse(std::string_view text, std::nullptr_t = nullptr, bool allow_exceptions = true);
    // The same, never throwing; on failure `error_offset` is the byte where
    // the text stopped being JSON (for messages such as "near byte 17").
    static Value parse(std::string_view text, std::size_t& error_offset);
    // The same, saying which rule the text broke (a cap, a repeated key).
    static Value parse(std::string_view text, ParseError& error);
    // Text the API has already written as JSON (a long numeric column):
    // dump() copies it as is, so thousands of numbers need no tree.
    static Value serialized(std::string json_text);

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::Null; }
    bool is_boolean() const { return kind_ == Kind::Boolean; }
    bool is_number() const { return kind_ == Kind::Unsigned || kind_ == Kind::Integer || kind_ == Kind::Real; }
    bool is_number_integer() const { return kind_ == Kind::Unsigned || kind_ == Kind::Integer; }
    bool is_number_unsigned() const { return kind_ == Kind::Unsigned; }
    bool is_number_float() const { return kind_ == Kind::Real; }
    bool is_string() const { return kind_ == Kind::String; }
    bool is_array() const { return kind_ == Kind::Array; }
    bool is_object() const { return kind_ == Kind::Object; }
    bool is_primitive() const { return !is_array() && !is_object() && !is_discarded(); }
    bool is_discarded() const { return kind_ == Kind::Discarded; }
    const char* type_name() const;

    template <class T>
    T get() const {
        if constexpr (std::is_same_v<T, Value>) {
            return *this;
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (!is_string()) throw Error(std::string("expected a string, found ") + type_name());
            return text_;
        } else if constexpr (std::is_same_v<T, bool>) {
            if (!is_boolean()) throw Error(std::string("expected a boolean, found ") + type_name());
            return bits_ != 0;
        } else {
            static_assert(std::is_integral_v<T>, "Value::get supports strings, booleans and integers");
            if (!is_number_integer()) throw Error(std::string("expected an integer, found ") + type_name());
            return static_cast<T>(bits_);
        }
    }

    // Implicit reads, as with nlohmann: `std::string id = j["id"];`
    template <class T, std::enable_if_t<std::is_same_v<T, std::string> || std::is_integral_v<T>, int> = 0>
    operator T() const {
        return get<T>();
    }

    // Objects.
    bool contains(const std::string& key) const { return find_index(key) != npos; }
    Value& operator[](const std::string& key);
    Value& operator[](const char* key) { return (*this)[std::string(key)]; }
    const Value& operator[](const std::string& key) const { return at(key); }
    const Value& operator[](const char* key) const { return at(std::string(key)); }
    Value& at(const std::string& key);
    const Value& at(const std::string& key) const;
    std::size_t erase(const std::string& key);
    iterator find(const std::string& key);
    const_iterator find(const std::string& key) const;
    template <class T>
    T value(const std::string& key, const T& fallback) const {
        return contains(key) ? at(key).get<T>() : fallback;
    }
    std::string value(const std::string& key, const char* fallback) const { return value<std::string>(key, fallback); }

    // Arrays.
    template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
    Value& operator[](I index) {
        return at(static_cast<std::size_t>(index));
    }
    template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
    const Value& operator[](I index) const {
        return at(static_cast<std::size_t>(index));
    }
    Value& at(std::size_t index);
    const Value& at(std::size_t index) const;
    void push_back(Value v);
    template <class... A>
    Value& emplace_back(A&&... args) {
        push_back(Value(std::forward<A>(args)...));
        return items_.back();
    }
    Value& front() { return at(std::size_t{0}); }
    Value& back() { return at(size() - 1); }
    const Value& front() const { return at(std::size_t{0}); }
    const Value& back() const { return at(size() - 1); }

    // Both.  Iterating an object visits its values in insertion order;
    // it.key() names each one.
    std::size_t size() const;
    bool empty() const { return size() == 0; }
    iterator begin();
    iterator end();
    const_iterator begin() const;
    const_iterator end() const;

    // Compact text, or `indent` characters per level.  Always UTF-8 as is
    // (no \u escapes for non-ASCII); invalid UTF-8 becomes U+FFFD.
    std::string dump(int indent = -1, char indent_char = ' ') const;

    friend bool operator==(const Value& a, const Value& b);
    friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }
    // Exact-match overloads keep `v == "text"` and `v == 3` unambiguous next
    // to the implicit reads above.
    friend bool operator==(const Value& a, const char* b) { return a == Value(b); }
    friend bool operator==(const Value& a, const std::string& b) { return a == Value(b); }
    template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
    friend bool operator==(const Value& a, T b) {
        return a == Value(b);
    }
    template <class T>
    friend bool operator!=(const Value& a, const T& b) {
        return !(a == b);
    }

  private:
    friend class Parser;
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t find_index(std::string_view key) const;
    // Appends a member (the key must be new) and keeps the index current.
    Value& add_member(std::string key);
    void rebuild_index();
    void write(std::string& out, int indent, char indent_char, int depth) const;

    Kind kind_ = Kind::Null;
    std::uint64_t bits_ = 0;         // Boolean, Unsigned, Integer (two's complement)
    std::string text_;               // String; a Real's source text
    std::vector<Value> items_;       // Array elements, Object values
    std::vector<std::string> keys_;  // Object keys, parallel to items_
    // Open-addressing hash table over keys_ (slot → position + 1, 0 empty),
    // kept only for objects of more than kLinearKeys keys: below that a
    // scan is faster and allocates nothing.
    std::vector<std::uint32_t> index_;
    static constexpr std::size_t kLinearKeys = 8;

    template <class V>
    class Iter {
      public:
        Iter(V* owner, std::size_t i) : owner_(owner), i_(i) {}
        V& operator*() const { return owner_->items_[i_]; }
        V* operator->() const { return &owner_->items_[i_]; }
        V& value() const { return owner_->items_[i_]; }
        const std::string& key() const {
            if (!owner_->is_object()) throw Error("key() on an element that is not an object member");
            return owner_->keys_[i_];
        }
        Iter& operator++() {
            ++i_;
            return *this;
        }
        bool operator==(const Iter& o) const { return owner_ == o.owner_ && i_ == o.i_; }
        bool operator!=(const Iter& o) const { return !(*this == o); }

      private:
        V* owner_;
        std::size_t i_;
    };
};

}  // namespace tally::json

#endif  // TALLY_JSON_NLOHMANN
