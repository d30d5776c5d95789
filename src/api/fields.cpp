#include "fields.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "core/format.hpp"
#include "errors.hpp"

namespace tally::api {

// A constant array: nothing to build at start-up, nothing allocated inside a
// request (the WASM module reclaims that, src/wasm/request_arena.hpp).
struct Meaning {
    const char* field;
    const char* text;
};
constexpr Meaning kMeaning[] = {
    {"op", "操作"},
    {"model", "模型"},
    {"batch", "請求數 B"},
    {"context", "已有上下文 S"},
    {"input", "本次輸入 P"},
    {"generated", "回傳 token 數 G"},
    {"head_tokens", "詞表頭行數 m_out"},
    {"tokens", "上下文 token 數 H"},
    {"gpu", "GPU"},
    {"workspace_bytes", "工作區預留位元組"},
    {"requests", "併發請求數"},
    {"weight_dtype", "權重精度"},
    {"execution", "執行路徑"},
    {"layout", "儲存格式"},
    {"mtp_steps", "MTP 預測步數"},
    {"mla_path", "MLA 快取路徑"},
    {"dispatch", "分派方式"},
    {"dispatches", "要畫的分派方式"},
    {"max_batch", "橫軸至少到的 batch"},
    {"tokens_per_expert", "每個專家的 token 數"},
    {"kv_dtype", "KV 精度"},
    {"displays", "是否附上顯示文字"},
    {"bytes_per_token", "每 token 位元組"},
    {"baseline_bytes_per_token", "對照基準的每 token 位元組"},
    {"with_window", "是否計入區域視窗"},
    {"length", "時間軸 token 數"},
    {"position", "最新 token 的位置"},
    {"window", "重放視窗大小"},
    {"stride", "長距離標記間隔"},
    {"effort", "reasoning effort 刻度"},
    {"config", "Hugging Face config.json"},
    {"name", "模型名稱"},
    {"text", "讀者輸入的文字"},
    {"memory_unit", "卡的容量單位"},
    {"kind", "數量的種類"},
};

std::string describe_field(const std::string& name) {
    for (const auto& m : kMeaning) {
        if (name == m.field) return name + "（" + m.text + "）";
    }
    return name;
}

namespace {

std::string received(const Json& v) {
    return json::clip_utf8(v.dump(), 40);  // never cut inside a character
}

}  // namespace

RequestFields::RequestFields(const Json& request, const std::vector<std::string>& allowed) : j_(request) {
    std::set<std::string> ok(allowed.begin(), allowed.end());
    ok.insert("op");
    for (auto it = j_.begin(); it != j_.end(); ++it) {
        if (ok.count(it.key()) == 0) {
            std::string list;
            for (const auto& a : allowed) list += (list.empty() ? "" : "、") + a;
            throw FieldError(it.key(), msg::field_unknown, {{"field", it.key()}, {"available", list}});
        }
    }
}

RequestFields::RequestFields(const Json& request, FieldList declared)
    : j_(request), declared_(declared), checks_(true) {
    for (auto it = j_.begin(); it != j_.end(); ++it) {
        if (it.key() == "op" || find(it.key()) != nullptr) continue;
        std::string list;
        for (const FieldDecl& d : declared_) list += (list.empty() ? "" : "、") + std::string(d.name);
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
constexpr const char* kTokenFields[] = {"context", "input",  "generated",   "tokens",      "length",
                                        "position", "window", "head_tokens", "stride",      "tokens_per_expert",
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
        throw FieldError(name, msg::field_integer_missing, {{"label", describe_field(name)}, {"min", group_thousands(lo)}, {"max", group_thousands(hi)}});
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
    if (!v.is_boolean()) throw FieldError(name, msg::field_not_boolean, {{"label", describe_field(name)}, {"received", v.dump()}});
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
