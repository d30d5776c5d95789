// Reads fields of a Hugging Face config.json.  Unlike a Tally spec, a
// config.json carries many fields Tally does not need (so unknown keys are
// ignored) and writes "absent" as null (so null counts as not given).  Every
// error names the field as "config.<key>".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/format.hpp"
#include "errors.hpp"
#include "json_out.hpp"

namespace tally::api {

class ConfigReader {
  public:
    explicit ConfigReader(const Json& config) : j_(config) {
        if (!j_.is_object()) throw FieldError("config", msg::config_not_object);
    }

    static std::string at(const std::string& key) { return "config." + key; }

    // Every accessor goes through given(), so `read_` ends up holding each key
    // the import depended on: minimal() keeps only those (a short share link).
    bool given(const std::string& key) const {
        const bool present = j_.contains(key) && !j_.at(key).is_null();
        if (present) read_.insert(key);
        return present;
    }

    const Json& get(const std::string& key) const {
        if (!given(key)) throw FieldError(at(key), msg::config_field_missing, {{"field", at(key)}});
        return j_.at(key);
    }

    // A JSON integer within [lo, hi] (config.json writes numbers, not strings).
    u128 integer(const std::string& key, u128 lo, u128 hi) const { return integer_value(get(key), at(key), lo, hi); }

    u128 integer_or(const std::string& key, u128 fallback, u128 lo, u128 hi) const {
        return given(key) ? integer(key, lo, hi) : fallback;
    }

    bool flag_or(const std::string& key, bool fallback) const {
        if (!given(key)) return fallback;
        const Json& v = j_.at(key);
        if (!v.is_boolean()) throw FieldError(at(key), msg::config_not_boolean, {{"field", at(key)}, {"received", received(v)}});
        return v.get<bool>();
    }

    std::string text(const std::string& key) const {
        const Json& v = get(key);
        if (!v.is_string() || v.get<std::string>().empty()) {
            throw FieldError(at(key), msg::config_not_text, {{"field", at(key)}, {"received", received(v)}});
        }
        return v.get<std::string>();
    }

    std::string text_or(const std::string& key, const std::string& fallback) const { return given(key) ? text(key) : fallback; }

    // An array of strings or integers (layer_types, mlp_only_layers).
    const Json& array(const std::string& key) const {
        const Json& v = get(key);
        if (!v.is_array()) throw FieldError(at(key), msg::config_not_array, {{"field", at(key)}, {"received", received(v)}});
        return v;
    }

    static u128 integer_value(const Json& v, const std::string& where, u128 lo, u128 hi) {
        if (v.is_number_integer() && !v.is_number_unsigned()) {
            throw FieldError(
                where, msg::config_negative,
                {{"field", where}, {"received", received(v)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
        }
        if (!v.is_number_unsigned())
            throw FieldError(
                where, msg::config_not_integer,
                {{"field", where}, {"received", received(v)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
        const u128 value = v.get<std::uint64_t>();
        if (value < lo || value > hi)
            throw FieldError(
                where, msg::config_out_of_range,
                {{"field", where}, {"received", received(v)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
        return value;
    }

    static std::string received(const Json& v) {
        return json::clip_utf8(v.dump(), 40);  // never cut inside a character
    }

    // The config reduced to the keys read so far, in the config's order.
    // Importing it gives the same spec, as long as it is called after the
    // whole import (tests/core/hf_import_test.cpp checks every fixture).
    Json minimal() const {
        Json out = Json::object();
        for (auto it = j_.begin(); it != j_.end(); ++it) {
            if (read_.count(it.key()) != 0) out[it.key()] = *it;
        }
        return out;
    }

  private:
    const Json& j_;
    mutable std::set<std::string> read_;
};

}  // namespace tally::api
