#include "json.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/utf8.hpp"

namespace tally::json {

#ifndef TALLY_JSON_NLOHMANN  // the oracle build uses nlohmann's parser and writer (json_nlohmann.hpp)
namespace {

bool is_pair(const Value& v) { return v.is_array() && v.size() == 2 && v.at(std::size_t{0}).is_string(); }

// Whether a well-formed JSON number is below the overflow threshold of a
// double (about 1.7976931348623158e308), decided on its digits; strtod
// would pull long-double arithmetic into the WASM module for this alone.
bool fits_double(std::string_view number) {
    std::string significant;  // digits from the first non-zero one
    long long point = 0;      // decimal exponent of the first significant digit, before e
    bool in_fraction = false;
    long long leading_fraction_zeros = 0, integer_digits = 0;
    std::size_t i = number[0] == '-' ? 1 : 0;
    for (; i < number.size() && number[i] != 'e' && number[i] != 'E'; ++i) {
        const char c = number[i];
        if (c == '.') {
            in_fraction = true;
        } else if (!significant.empty() || c != '0') {
            significant += c;
            if (!in_fraction) ++integer_digits;
        } else if (in_fraction) {
            ++leading_fraction_zeros;
        }
    }
    if (significant.empty()) return true;  // zero
    point = integer_digits > 0 ? integer_digits - 1 : -(leading_fraction_zeros + 1);
    long long exponent = 0;
    bool negative_exponent = false;
    if (i < number.size()) {
        ++i;
        if (number[i] == '+' || number[i] == '-') negative_exponent = number[i++] == '-';
        for (; i < number.size(); ++i) exponent = std::min(exponent * 10 + (number[i] - '0'), 100000LL);
    }
    const long long e10 = point + (negative_exponent ? -exponent : exponent);
    if (e10 != 308) return e10 < 308;
    return significant < "17976931348623158079";
}

}  // namespace
#endif

namespace {

// "00" "01" … "99": two digits per division.
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

char* put_pair(char* end, std::uint32_t pair) {
    end -= 2;
    end[0] = kDigitPairs[2 * pair];
    end[1] = kDigitPairs[2 * pair + 1];
    return end;
}

}  // namespace

char* write_unsigned(char* out, std::uint64_t v) {
    char digits[20];
    char* start = digits + sizeof digits;
    // Eight digits per 64-bit division, then 32-bit steps two digits at a
    // time: 64-bit division is the slow part in WASM, and state_curve writes
    // thousands of these per chart.
    while (v >= 100000000u) {
        std::uint32_t low = static_cast<std::uint32_t>(v % 100000000u);
        v /= 100000000u;
        for (int i = 0; i < 4; ++i) {
            start = put_pair(start, low % 100);
            low /= 100;
        }
    }
    std::uint32_t rest = static_cast<std::uint32_t>(v);
    while (rest >= 100) {
        start = put_pair(start, rest % 100);
        rest /= 100;
    }
    if (rest >= 10) {
        start = put_pair(start, rest);
    } else {
        *--start = static_cast<char>('0' + rest);
    }
    while (start != digits + sizeof digits) *out++ = *start++;
    return out;
}

void append_unsigned(std::string& out, std::uint64_t v) {
    char digits[20];
    out.append(digits, static_cast<std::size_t>(write_unsigned(digits, v) - digits));
}

std::string clip_utf8(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::size_t cut = max_bytes >= 3 ? max_bytes - 3 : 0;
    // Back over continuation bytes (10xxxxxx) to the start of a character.
    while (cut > 0 && utf8::is_continuation(text[cut])) --cut;
    return std::string(text.substr(0, cut)) + "...";
}

#ifndef TALLY_JSON_NLOHMANN  // the oracle build uses nlohmann's parser and writer (json_nlohmann.hpp)
namespace {

void write_string(std::string& out, std::string_view s) {
    static const char* hex = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8::sequence_length(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
            ++i;
            continue;
        }
        if (n > 1) {
            out.append(s.data() + i, n);
            i += n;
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 0xF];
                } else {
                    out += static_cast<char>(c);
                }
        }
        ++i;
    }
    out += '"';
}

}  // namespace

// Strict RFC 8259 parser; any failure makes the whole result Discarded.
class Parser {
  public:
    explicit Parser(std::string_view s) : s_(s), p_(s.data()), n_(s.size()) {}

    Value run() {
        Value v;
        skip_space();
        if (!value(v, 0)) return discarded();
        skip_space();
        if (i_ != n_) return discarded();
        return v;
    }

    // Why and where parsing stopped (offset: the first byte not accepted).
    ParseError error() const {
        ParseError e = error_;
        if (e.problem == ParseProblem::None) e.problem = ParseProblem::Syntax;
        e.offset = i_;
        return e;
    }

  private:
    // Records the first rule broken (the ones below it only unwind).
    bool refuse(ParseProblem problem) {
        if (error_.problem == ParseProblem::None) error_.problem = problem;
        return false;
    }

    static Value discarded() {
        Value v;
        v.kind_ = Kind::Discarded;
        return v;
    }

    void skip_space() {
        while (i_ < n_ && (p_[i_] == ' ' || p_[i_] == '\t' || p_[i_] == '\n' || p_[i_] == '\r')) ++i_;
    }

    bool literal(const char* word) {
        const std::size_t n = std::strlen(word);
        if (s_.compare(i_, n, word) != 0) return false;
        i_ += n;
        return true;
    }

    bool value(Value& out, int depth) {
        if (i_ >= n_) return false;
        switch (p_[i_]) {
            case '{': return object(out, depth + 1);
            case '[': return array(out, depth + 1);
            case '"': out.kind_ = Kind::String; return string(out.text_);
            case 't': out = Value(true); return literal("true");
            case 'f': out = Value(false); return literal("false");
            case 'n': out = Value(); return literal("null");
            default: return number(out);
        }
    }

    // `depth`: the nesting level of this object or array, 1 for the outermost.
    bool object(Value& out, int depth) {
        if (depth > Value::kMaxDepth) return refuse(ParseProblem::TooDeep);
        out.kind_ = Kind::Object;
        ++i_;  // {
        skip_space();
        if (i_ < n_ && p_[i_] == '}') return ++i_, true;
        for (;;) {
            std::string key;
            const std::size_t key_start = i_;
            if (i_ >= n_ || p_[i_] != '"' || !string(key)) return false;
            // A repeated key would silently let the last one win ("tokens":-5,
            // "tokens":8192 answering for 8,192): refused, naming the key.
            if (out.find_index(key) != Value::npos) {
                i_ = key_start;
                error_.key = std::move(key);
                return refuse(ParseProblem::DuplicateKey);
            }
            if (++members_ > Value::kMaxMembers) return refuse(ParseProblem::TooManyMembers);
            skip_space();
            if (i_ >= n_ || p_[i_] != ':') return false;
            ++i_;
            skip_space();
            // Parsed in place, as array elements are.
            if (!value(out.add_member(std::move(key)), depth)) return false;
            skip_space();
            if (i_ >= n_) return false;
            if (p_[i_] == '}') return ++i_, true;
            if (p_[i_] != ',') return false;
            ++i_;
            skip_space();
        }
    }

    bool array(Value& out, int depth) {
        if (depth > Value::kMaxDepth) return refuse(ParseProblem::TooDeep);
        out.kind_ = Kind::Array;
        ++i_;  // [
        skip_space();
        if (i_ < n_ && p_[i_] == ']') return ++i_, true;
        for (;;) {
            // Parsed in place: a request's long arrays (state_curve lengths)
            // then cost no move and no destructor per element.
            if (++elements_ > Value::kMaxElements) return refuse(ParseProblem::TooManyElements);
            if (!value(out.items_.emplace_back(), depth)) return false;
            skip_space();
            if (i_ >= n_) return false;
            if (p_[i_] == ']') return ++i_, true;
            if (p_[i_] != ',') return false;
            ++i_;
            skip_space();
        }
    }

    bool hex4(std::uint32_t& cp) {
        if (i_ + 4 > n_) return false;
        cp = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = p_[i_++];
            cp <<= 4;
            if (c >= '0' && c <= '9')
                cp |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                cp |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                cp |= static_cast<std::uint32_t>(c - 'A' + 10);
            else
                return false;
        }
        return true;
    }

    bool escape(std::string& out) {
        if (i_ >= n_) return false;
        const char c = p_[i_++];
        switch (c) {
            case '"': out += '"'; return true;
            case '\\': out += '\\'; return true;
            case '/': out += '/'; return true;
            case 'b': out += '\b'; return true;
            case 'f': out += '\f'; return true;
            case 'n': out += '\n'; return true;
            case 'r': out += '\r'; return true;
            case 't': out += '\t'; return true;
            case 'u': break;
            default: return false;
        }
        std::uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xDC00 && cp <= 0xDFFF) return false;  // a low surrogate alone
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t low = 0;
            if (s_.compare(i_, 2, "\\u") != 0) return false;
            i_ += 2;
            if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        utf8::append(out, cp);
        return true;
    }

    bool string(std::string& out) {
        ++i_;  // "
        while (i_ < n_) {
            const unsigned char c = static_cast<unsigned char>(p_[i_]);
            if (c == '"') return ++i_, true;
            if (c == '\\') {
                ++i_;
                if (!escape(out)) return false;
                continue;
            }
            if (c < 0x20) return false;
            const std::size_t n = utf8::sequence_length(s_, i_);
            if (n == 0) return false;
            out.append(s_.data() + i_, n);
            i_ += n;
        }
        return false;
    }

    // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?  An integer that fits 64
    // bits is exact; anything else keeps its text (Real).
    bool number(Value& out) {
        const std::size_t start = i_;
        const bool negative = p_[i_] == '-';
        if (negative) ++i_;
        const auto digits = [&] {
            const std::size_t from = i_;
            while (i_ < n_ && p_[i_] >= '0' && p_[i_] <= '9') ++i_;
            return i_ - from;
        };
        const std::size_t int_start = i_;
        const std::size_t n = digits();
        if (n == 0 || (n > 1 && p_[int_start] == '0')) return false;
        bool integral = true;
        if (i_ < n_ && p_[i_] == '.') {
            ++i_;
            if (digits() == 0) return false;
            integral = false;
        }
        if (i_ < n_ && (p_[i_] == 'e' || p_[i_] == 'E')) {
            ++i_;
            if (i_ < n_ && (p_[i_] == '+' || p_[i_] == '-')) ++i_;
            if (digits() == 0) return false;
            integral = false;
        }
        if (integral) {
            std::uint64_t v = 0;
            bool fits = true;
            // v·10 + d fits 64 bits while v < ⌊max/10⌋, or v equals it and d ≤ max mod 10.
            constexpr std::uint64_t kLimit = UINT64_MAX / 10, kLastDigit = UINT64_MAX % 10;
            for (std::size_t k = int_start; k < i_ && fits; ++k) {
                const auto d = static_cast<std::uint64_t>(p_[k] - '0');
                fits = v < kLimit || (v == kLimit && d <= kLastDigit);
                v = v * 10 + d;
            }
            if (fits && !negative) {
                out.kind_ = Kind::Unsigned;
                out.bits_ = v;
                return true;
            }
            if (fits && v <= static_cast<std::uint64_t>(INT64_MAX) + 1) {
                out.kind_ = Kind::Integer;
                out.bits_ = ~v + 1;  // two's complement of −v
                return true;
            }
        }
        // A number no double can hold (1e400) is refused, as nlohmann does.
        out.kind_ = Kind::Real;
        out.text_ = std::string(s_.substr(start, i_ - start));
        return fits_double(out.text_);
    }

    // The text, also as a bare pointer and length: the parser is compiled
    // for size, and string_view's bounds-asserting operator[] then stays a
    // call per byte (a state_curve request carries thousands of digits).
    std::string_view s_;
    const char* p_;
    std::size_t n_;
    std::size_t i_ = 0;
    std::size_t members_ = 0;   // over the whole document
    std::size_t elements_ = 0;  // over the whole document
    ParseError error_;
};

Value::Value(double d) : kind_(Kind::Real) {
    char buf[32];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, d);
        if (std::strtod(buf, nullptr) == d) break;
    }
    text_ = buf;
}

Value::Value(std::initializer_list<Value> init) {
    const bool object = std::all_of(init.begin(), init.end(), is_pair);
    kind_ = object ? Kind::Object : Kind::Array;
    for (const Value& v : init) {
        if (object) {
            (*this)[v.items_[0].text_] = v.items_[1];
        } else {
            items_.push_back(v);
        }
    }
}

Value Value::array(std::initializer_list<Value> init) {
    Value v;
    v.kind_ = Kind::Array;
    v.items_.assign(init.begin(), init.end());
    return v;
}

Value Value::object(std::initializer_list<Value> init) {
    Value v;
    v.kind_ = Kind::Object;
    for (const Value& pair : init) {
        if (!is_pair(pair)) throw Error("Value::object needs [key, value] pairs");
        v[pair.items_[0].text_] = pair.items_[1];
    }
    return v;
}

Value Value::serialized(std::string json_text) {
    Value v;
    v.kind_ = Kind::Serialized;
    v.text_ = std::move(json_text);
    return v;
}

Value Value::parse(std::string_view text, ParseError& error) {
    Parser parser(text);
    Value v = parser.run();
    error = v.is_discarded() ? parser.error() : ParseError{};
    return v;
}

Value Value::parse(std::string_view text, std::size_t& error_offset) {
    ParseError error;
    Value v = parse(text, error);
    error_offset = error.offset;
    return v;
}

Value Value::parse(std::string_view text, std::nullptr_t, bool allow_exceptions) {
    Value v = Parser(text).run();
    if (v.is_discarded() && allow_exceptions) throw Error("invalid JSON");
    return v;
}

const char* Value::type_name() const {
    switch (kind_) {
        case Kind::Null: return "null";
        case Kind::Boolean: return "boolean";
        case Kind::Unsigned:
        case Kind::Integer:
        case Kind::Real: return "number";
        case Kind::String: return "string";
        case Kind::Array: return "array";
        case Kind::Object: return "object";
        case Kind::Discarded: return "discarded";
        case Kind::Serialized: return "serialized";
    }
    return "?";
}

namespace {

// FNV-1a: a few instructions per byte, no tables, good enough spread for
// object keys (the table is at most half full).
std::uint32_t key_hash(std::string_view key) {
    std::uint32_t h = 2166136261u;
    for (const char c : key) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}

}  // namespace

std::size_t Value::find_index(std::string_view key) const {
    if (!is_object()) return npos;
    if (index_.empty()) {
        for (std::size_t i = 0; i < keys_.size(); ++i) {
            if (keys_[i] == key) return i;
        }
        return npos;
    }
    const std::size_t mask = index_.size() - 1;
    for (std::size_t slot = key_hash(key) & mask;; slot = (slot + 1) & mask) {
        const std::uint32_t at = index_[slot];
        if (at == 0) return npos;
        if (keys_[at - 1] == key) return at - 1;
    }
}

// Twice the keys, rounded up to a power of two: probes stay short.
void Value::rebuild_index() {
    index_.clear();
    if (keys_.size() <= kLinearKeys) return;
    std::size_t slots = 16;
    while (slots < keys_.size() * 2) slots *= 2;
    index_.assign(slots, 0);
    const std::size_t mask = slots - 1;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        std::size_t slot = key_hash(keys_[i]) & mask;
        while (index_[slot] != 0) slot = (slot + 1) & mask;
        index_[slot] = static_cast<std::uint32_t>(i + 1);
    }
}

Value& Value::add_member(std::string key) {
    keys_.push_back(std::move(key));
    items_.emplace_back();
    if (keys_.size() * 2 > index_.size()) {
        rebuild_index();  // doubling: linear over all insertions
    } else {
        const std::size_t mask = index_.size() - 1;
        std::size_t slot = key_hash(keys_.back()) & mask;
        while (index_[slot] != 0) slot = (slot + 1) & mask;
        index_[slot] = static_cast<std::uint32_t>(keys_.size());
    }
    return items_.back();
}

Value& Value::operator[](const std::string& key) {
    if (is_null()) kind_ = Kind::Object;
    if (!is_object()) throw Error(std::string("cannot use a key on a ") + type_name());
    const std::size_t i = find_index(key);
    if (i != npos) return items_[i];
    return add_member(key);
}

const Value& Value::at(const std::string& key) const {
    const std::size_t i = find_index(key);
    if (i == npos) throw Error("key \"" + key + "\" not found");
    return items_[i];
}

Value& Value::at(const std::string& key) { return const_cast<Value&>(static_cast<const Value&>(*this).at(key)); }

std::size_t Value::erase(const std::string& key) {
    const std::size_t i = find_index(key);
    if (i == npos) return 0;
    keys_.erase(keys_.begin() + static_cast<std::ptrdiff_t>(i));
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(i));
    rebuild_index();  // positions after i moved
    return 1;
}

Value::iterator Value::find(const std::string& key) {
    const std::size_t i = find_index(key);
    return i == npos ? end() : iterator(this, i);
}

Value::const_iterator Value::find(const std::string& key) const {
    const std::size_t i = find_index(key);
    return i == npos ? end() : const_iterator(this, i);
}

const Value& Value::at(std::size_t index) const {
    if (!is_array()) throw Error(std::string("cannot index a ") + type_name());
    if (index >= items_.size()) throw Error("array index " + std::to_string(index) + " out of range");
    return items_[index];
}

Value& Value::at(std::size_t index) { return const_cast<Value&>(static_cast<const Value&>(*this).at(index)); }

void Value::push_back(Value v) {
    if (is_null()) kind_ = Kind::Array;
    if (!is_array()) throw Error(std::string("cannot push_back onto a ") + type_name());
    items_.push_back(std::move(v));
}

std::size_t Value::size() const {
    if (is_array() || is_object()) return items_.size();
    return is_null() ? 0 : 1;
}

Value::iterator Value::begin() { return iterator(this, 0); }
Value::iterator Value::end() { return iterator(this, items_.size()); }
Value::const_iterator Value::begin() const { return const_iterator(this, 0); }
Value::const_iterator Value::end() const { return const_iterator(this, items_.size()); }

bool operator==(const Value& a, const Value& b) {
    if (a.is_number_integer() && b.is_number_integer()) {
        if (a.kind_ == b.kind_) return a.bits_ == b.bits_;
        // Unsigned vs Integer: equal only when the signed one is not negative.
        const Value& s = a.kind_ == Kind::Integer ? a : b;
        return static_cast<std::int64_t>(s.bits_) >= 0 && a.bits_ == b.bits_;
    }
    if (a.kind_ != b.kind_) return false;
    switch (a.kind_) {
        case Kind::Null:
        case Kind::Discarded: return true;
        case Kind::Boolean: return a.bits_ == b.bits_;
        case Kind::Real:
        case Kind::Serialized:
        case Kind::String: return a.text_ == b.text_;
        case Kind::Array: return a.items_ == b.items_;
        case Kind::Object: return a.keys_ == b.keys_ && a.items_ == b.items_;
        default: return false;
    }
}

std::string Value::dump(int indent, char indent_char) const {
    std::string out;
    write(out, indent, indent_char, 0);
    return out;
}

void Value::write(std::string& out, int indent, char indent_char, int depth) const {
    const auto newline = [&](int level) {
        if (indent < 0) return;
        out += '\n';
        out.append(static_cast<std::size_t>(indent) * static_cast<std::size_t>(level), indent_char);
    };
    switch (kind_) {
        case Kind::Null: out += "null"; return;
        case Kind::Discarded: out += "<discarded>"; return;
        case Kind::Boolean: out += bits_ ? "true" : "false"; return;
        case Kind::Unsigned: append_unsigned(out, bits_); return;
        case Kind::Integer:
            if (static_cast<std::int64_t>(bits_) < 0) {
                out += '-';
                append_unsigned(out, ~bits_ + 1);
            } else {
                append_unsigned(out, bits_);
            }
            return;
        case Kind::Real:
        case Kind::Serialized: out += text_; return;
        case Kind::String: write_string(out, text_); return;
        case Kind::Array:
        case Kind::Object: break;
    }
    const bool object = is_object();
    out += object ? '{' : '[';
    if (items_.empty()) {
        out += object ? '}' : ']';
        return;
    }
    for (std::size_t i = 0; i < items_.size(); ++i) {
        if (i > 0) out += ',';
        newline(depth + 1);
        if (object) {
            write_string(out, keys_[i]);
            out += indent < 0 ? ":" : ": ";
        }
        items_[i].write(out, indent, indent_char, depth + 1);
    }
    newline(depth);
    out += object ? '}' : ']';
}

#endif

}  // namespace tally::json
