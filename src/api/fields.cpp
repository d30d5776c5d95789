#include "fields.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "core/format.hpp"
#include "errors.hpp"

namespace tally::api {

// A constant array: nothing to build at start-up, nothing allocated inside a
// request (the WASM module reclaims that, src/wasm/request_arena.hpp).  The
// words are the catalog's (content/messages/<lang>/fields.json).
struct Meaning {
    const char* field;
    MessageId text;
};
constexpr Meaning kMeaning[] = {
    {"op", msg::field_meaning_op},
    {"lang", msg::field_meaning_lang},
    {"model", msg::field_meaning_model},
    {"batch", msg::field_meaning_batch},
    {"context", msg::field_meaning_context},
    {"input", msg::field_meaning_input},
    {"generated", msg::field_meaning_generated},
    {"head_tokens", msg::field_meaning_head_tokens},
    {"tokens", msg::field_meaning_tokens},
    {"gpu", msg::field_meaning_gpu},
    {"workspace_bytes", msg::field_meaning_workspace_bytes},
    {"requests", msg::field_meaning_requests},
    {"weight_dtype", msg::field_meaning_weight_dtype},
    {"execution", msg::field_meaning_execution},
    {"layout", msg::field_meaning_layout},
    {"mtp_steps", msg::field_meaning_mtp_steps},
    {"mla_path", msg::field_meaning_mla_path},
    {"dispatch", msg::field_meaning_dispatch},
    {"dispatches", msg::field_meaning_dispatches},
    {"max_batch", msg::field_meaning_max_batch},
    {"tokens_per_expert", msg::field_meaning_tokens_per_expert},
    {"kv_dtype", msg::field_meaning_kv_dtype},
    {"displays", msg::field_meaning_displays},
    {"bytes_per_token", msg::field_meaning_bytes_per_token},
    {"baseline_bytes_per_token", msg::field_meaning_baseline_bytes_per_token},
    {"with_window", msg::field_meaning_with_window},
    {"length", msg::field_meaning_length},
    {"position", msg::field_meaning_position},
    {"window", msg::field_meaning_window},
    {"stride", msg::field_meaning_stride},
    {"effort", msg::field_meaning_effort},
    {"config", msg::field_meaning_config},
    {"name", msg::field_meaning_name},
    {"text", msg::field_meaning_text},
    {"memory_unit", msg::field_meaning_memory_unit},
    {"kind", msg::field_meaning_kind},
};

std::string describe_field(const std::string& name) {
    for (const auto& m : kMeaning) {
        if (name == m.field) return render(msg::field_with_meaning, {{"name", name}, {"meaning", render(m.text)}});
    }
    return name;
}

std::string list_separator() { return render(msg::list_separator); }

namespace {

std::string received(const Json& v) {
    return json::clip_utf8(v.dump(), 40);  // never cut inside a character
}

}  // namespace

RequestFields::RequestFields(const Json& request, const std::vector<std::string>& allowed) : j_(request) {
    std::set<std::string> ok(allowed.begin(), allowed.end());
    ok.insert("op");
    ok.insert("lang");
    for (auto it = j_.begin(); it != j_.end(); ++it) {
        if (ok.count(it.key()) == 0) {
            std::string list;
            for (const auto& a : allowed) list += (list.empty() ? "" : list_separator()) + a;
            throw FieldError(it.key(), msg::field_unknown, {{"field", it.key()}, {"available", list}});
        }
    }
}

RequestFields::RequestFields(const Json& request, FieldList declared) : j_(request), declared_(declared), checks_(true) {
    for (auto it = j_.begin(); it != j_.end(); ++it) {
        if (it.key() == "op" || it.key() == "lang" || find(it.key()) != nullptr) continue;
        std::string list;
        for (const FieldDecl& d : declared_) list += (list.empty() ? "" : list_separator()) + std::string(d.name);
        throw FieldError(it.key(), msg::field_unknown, {{"field", it.key()}, {"available", list}});
    }
}

std::string RequestFields::text(const std::string& name) const {
    declared(name);
    if (!j_.contains(name)) throw FieldError(name, msg::field_missing, {{"label", describe_field(name)}});
    const Json& v = j_.at(name);
    if (!v.is_string() || v.get<std::string>().empty()) {
        throw FieldError(name, msg::field_not_text, {{"label", describe_field(name)}, {"received", received(v)}});
    }
    return v.get<std::string>();
}

std::string RequestFields::text_or(const std::string& name, const std::string& fallback) const {
    return j_.contains(name) ? text(name) : fallback;
}

namespace {

// Lengths read K as 1,024 (the chapter's 32K = 32,768); sizes take byte
// units; everything else is a plain count with decimal K/M/G/T.
constexpr const char* kTokenFields[] = {"context",     "input",  "generated",   "tokens", "length",
                                        "position",    "window", "head_tokens", "stride", "tokens_per_expert",
                                        "total_input", "cached", "edit_at"};
constexpr const char* kByteFields[] = {"workspace_bytes", "bytes_per_token", "baseline_bytes_per_token", "budget_bytes"};

bool listed_in(const std::string& name, const char* const* first, const char* const* last) {
    return std::find_if(first, last, [&](const char* f) { return name == f; }) != last;
}

// An integer field refused: its label, what it received and the range it
// accepts are the message's parameters.
[[noreturn]] void refuse(const std::string& name, MessageId id, const Json& v, u128 lo, u128 hi, MessageParams extra = {}) {
    MessageParams params{{"field", name}, {"label", describe_field(name)}};
    params.insert(params.end(), extra.begin(), extra.end());
    params.insert(params.end(), {{"received", received(v)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
    throw FieldError(name, id, std::move(params));
}

bool digits_only(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// A digit string exactly (beyond 2^53 without rounding); anything else a
// reader typed through the answer checker's reader.
u128 integer_text(const std::string& name, const Json& v, u128 lo, u128 hi) {
    const std::string s = v.get<std::string>();
    if (digits_only(s)) {
        if (s.size() > 20) refuse(name, msg::field_out_of_range, v, lo, hi);
        u128 value = 0;
        for (char c : s) value = value * 10 + static_cast<u128>(c - '0');
        return value;
    }
    // The quantity reader takes "0x10" for 0 × 10 = 0: say it is hexadecimal instead.
    const std::size_t start = s.find_first_not_of(" \t");
    if (start != std::string::npos && s.compare(start, 1, "0") == 0 && s.size() > start + 1 &&
        (s[start + 1] == 'x' || s[start + 1] == 'X'))
        refuse(name, msg::field_hex_integer, v, lo, hi);
    const QuantityReading q = read_quantity(s, field_quantity_kind(name));
    if (!q.ok) refuse(name, msg::field_unreadable_quantity, v, lo, hi, {{"problem", q.problem}});
    return q.value;
}

}  // namespace

QuantityKind field_quantity_kind(const std::string& name) {
    if (listed_in(name, std::begin(kTokenFields), std::end(kTokenFields))) return QuantityKind::Tokens;
    if (listed_in(name, std::begin(kByteFields), std::end(kByteFields))) return QuantityKind::Bytes;
    return QuantityKind::Count;
}

u128 RequestFields::integer(const std::string& name, u128 lo, u128 hi) const {
    declared(name);
    if (!j_.contains(name)) {
        throw FieldError(name, msg::field_integer_missing,
                         {{"label", describe_field(name)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
    }
    const Json& v = j_.at(name);
    u128 value = 0;
    if (v.is_number_unsigned()) {
        value = v.get<std::uint64_t>();
    } else if (v.is_number_integer()) {
        refuse(name, msg::field_negative, v, lo, hi);
    } else if (v.is_string()) {
        value = integer_text(name, v, lo, hi);
    } else {
        refuse(name, msg::field_not_integer, v, lo, hi);
    }
    if (value < lo || value > hi) refuse(name, msg::field_out_of_range, v, lo, hi);
    return value;
}

u128 RequestFields::integer_or(const std::string& name, u128 fallback, u128 lo, u128 hi) const {
    return j_.contains(name) ? integer(name, lo, hi) : fallback;
}

bool RequestFields::flag_or(const std::string& name, bool fallback) const {
    declared(name);
    if (!j_.contains(name)) return fallback;
    const Json& v = j_.at(name);
    if (!v.is_boolean())
        throw FieldError(name, msg::field_not_boolean, {{"label", describe_field(name)}, {"received", v.dump()}});
    return v.get<bool>();
}

const FieldDecl* RequestFields::find(const std::string& name) const {
    for (const FieldDecl& d : declared_) {
        if (name == d.name) return &d;
    }
    return nullptr;
}

const FieldDecl* RequestFields::declared(const std::string& name) const {
    if (const FieldDecl* d = find(name)) return d;
    if (checks_) throw std::logic_error("field " + name + " is read but not declared by its op");
    return nullptr;
}

const FieldDecl& RequestFields::ranged(const std::string& name) const {
    const FieldDecl* d = declared(name);
    if (d == nullptr || d->kind != FieldKind::Integer || d->hi == 0) {
        throw std::logic_error("field " + name + " has no declared range");
    }
    return *d;
}

u128 RequestFields::integer(const std::string& name) const {
    const FieldDecl& d = ranged(name);
    return integer(name, d.lo, d.hi);
}

u128 RequestFields::integer_or(const std::string& name, u128 fallback) const {
    const FieldDecl& d = ranged(name);
    return integer_or(name, fallback, d.lo, d.hi);
}

u128 RequestFields::integer_or(const std::string& name) const {
    const FieldDecl& d = ranged(name);
    if (d.fallback == nullptr || !digits_only(d.fallback)) throw std::logic_error("field " + name + " has no numeric default");
    u128 fallback = 0;
    for (const char* c = d.fallback; *c != 0; ++c) fallback = fallback * 10 + static_cast<u128>(*c - '0');
    return integer_or(name, fallback, d.lo, d.hi);
}

std::string RequestFields::text_or(const std::string& name) const {
    const FieldDecl* d = declared(name);
    return text_or(name, d != nullptr && d->fallback != nullptr ? d->fallback : "");
}

bool RequestFields::flag_or(const std::string& name) const {
    const FieldDecl* d = declared(name);
    return flag_or(name, d != nullptr && d->fallback != nullptr && std::string(d->fallback) == "true");
}

}  // namespace tally::api
