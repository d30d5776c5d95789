// Reads one JSON object of a spec, remembering its path so every error
// names the exact field ("groups[0].attention.kv_heads").
#pragma once

#include <initializer_list>
#include <string>

#include "core/format.hpp"
#include "errors.hpp"
#include "json_out.hpp"
#include "word_list.hpp"

namespace tally::api {

// Widths, counts and heads accepted in specs: far above any real model,
// low enough that products stay inside 128 bits.
constexpr u128 kMaxWidth = u128{1} << 24;  // 16,777,216
constexpr u128 kMaxLayers = 4096;
constexpr u128 kMaxHeads = 65536;
constexpr u128 kMaxExperts = 65536;
constexpr u128 kMaxWindow = u128{1} << 40;  // sliding windows, in positions

// Walks one JSON object, remembering its path for error messages.
class ObjectReader {
  public:
    ObjectReader(const Json& j, std::string path) : j_(j), path_(std::move(path)) {
        if (!j_.is_object()) throw FieldError(path_, msg::spec_not_object, {{"field", path_}});
    }

    std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

    bool has(const std::string& key) const { return j_.contains(key); }

    // A typo ("kv_head") must not silently fall back to a default.
    void only(std::initializer_list<const char*> allowed) const {
        for (auto it = j_.begin(); it != j_.end(); ++it) {
            // "$schema" names the JSON Schema editors check a content file
            // against (content/schemas/); it is no field of the spec.
            if (it.key() == "$schema") continue;
            bool known = false;
            for (const char* a : allowed) known = known || it.key() == a;
            if (!known) {
                throw FieldError(at(it.key()), msg::spec_field_unknown,
                                 {{"field", at(it.key())}, {"available", word_list(allowed)}});
            }
        }
    }

    const Json& get(const std::string& key) const {
        if (!j_.contains(key)) throw FieldError(at(key), msg::spec_field_missing, {{"field", at(key)}});
        return j_.at(key);
    }

    std::string text(const std::string& key) const {
        const Json& v = get(key);
        if (!v.is_string() || v.get<std::string>().empty()) {
            throw FieldError(at(key), msg::spec_not_text, {{"field", at(key)}});
        }
        return v.get<std::string>();
    }

    std::string text_or(const std::string& key, const std::string& fallback) const { return has(key) ? text(key) : fallback; }

    bool flag_or(const std::string& key, bool fallback) const {
        if (!has(key)) return fallback;
        const Json& v = j_.at(key);
        if (!v.is_boolean()) throw FieldError(at(key), msg::spec_not_boolean, {{"field", at(key)}});
        return v.get<bool>();
    }

    // A positive integer (JSON number or digit string) within [lo, hi].
    u128 integer(const std::string& key, u128 lo, u128 hi) const { return integer_value(get(key), at(key), lo, hi); }

    u128 integer_or(const std::string& key, u128 fallback, u128 lo, u128 hi) const {
        return has(key) ? integer(key, lo, hi) : fallback;
    }

    static u128 integer_value(const Json& v, const std::string& where, u128 lo, u128 hi) {
        u128 value = 0;
        if (v.is_number_unsigned()) {
            value = v.get<std::uint64_t>();
        } else if (v.is_string()) {
            const std::string s = v.get<std::string>();
            if (s.empty() || s.size() > 38 || s.find_first_not_of("0123456789") != std::string::npos) {
                throw FieldError(where, msg::spec_not_integer,
                                 {{"field", where}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
            }
            for (char c : s) value = value * 10 + static_cast<u128>(c - '0');
        } else {
            throw FieldError(where, msg::spec_not_integer,
                             {{"field", where}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
        }
        if (value < lo || value > hi)
            throw FieldError(where, msg::spec_out_of_range,
                             {{"field", where}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
        return value;
    }

    const Json& json() const { return j_; }

  private:
    const Json& j_;
    std::string path_;
};

}  // namespace tally::api
