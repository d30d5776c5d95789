// Every op's declaration (src/api/ops/: fields, result keys, samples) says
// what the op really does: its samples answer with exactly the declared keys
// of the declared kinds, every declared key shows up, the declared defaults
// and ranges are the ones the op applies, and an op explains exactly when it
// declares `explain`.  `tally schema` prints these declarations and
// scripts/gen-api.mjs generates the TypeScript side from them.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;
using api::FieldDecl;
using api::FieldKind;
using api::OpDef;
using api::Presence;
using api::ResultDecl;
using api::ResultKind;
using api::ResultList;

namespace {

bool is_exact(const Json& v) {
    if (v.is_number_unsigned()) return true;
    if (!v.is_string()) return false;
    const std::string s = v.get<std::string>();
    return !s.empty() && s.find_first_not_of("0123456789./") == std::string::npos;
}

bool all_of(const Json& list, bool (*ok)(const Json&)) {
    if (!list.is_array()) return false;
    for (const auto& v : list) {
        if (!ok(v)) return false;
    }
    return true;
}

bool is_string(const Json& v) { return v.is_string(); }

bool columns_of(const Json& v, bool (*ok)(const Json&)) {
    if (!v.is_object()) return false;
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (!all_of(it.value(), ok)) return false;
    }
    return true;
}

bool has_kind(const Json& v, ResultKind kind) {
    switch (kind) {
        case ResultKind::Exact: return is_exact(v);
        case ResultKind::Ratio: return is_exact(v);
        case ResultKind::Display:
        case ResultKind::Text: return v.is_string();
        case ResultKind::Flag: return v.is_boolean();
        case ResultKind::List: return v.is_array();
        case ResultKind::ExactList: return all_of(v, is_exact);
        case ResultKind::TextList: return all_of(v, is_string);
        case ResultKind::ExactColumns: return columns_of(v, is_exact);
        case ResultKind::DisplayColumns: return columns_of(v, is_string);
        case ResultKind::Object:
        case ResultKind::How: return v.is_object();
    }
    return false;
}

// Checks one result object against its declaration; records the declared
// keys seen (as "items.display") so the caller can ask which never showed up.
void check_object(const Json& obj, ResultList decl, const std::string& path, std::set<std::string>& seen) {
    REQUIRE_MESSAGE(obj.is_object(), path);
    bool failed = false;
    for (const ResultDecl& d : decl) failed = failed || (d.presence == Presence::Failure && obj.contains(d.key));
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const ResultDecl* d = nullptr;
        for (const ResultDecl& c : decl) {
            if (it.key() == c.key) d = &c;
        }
        CHECK_MESSAGE(d != nullptr, "undeclared result key " << path << it.key());
    }
    for (const ResultDecl& d : decl) {
        const std::string name = path + d.key;
        if (!obj.contains(d.key)) {
            CHECK_MESSAGE((d.presence != Presence::Always || failed), "missing result key " << name);
            continue;
        }
        seen.insert(name);
        const Json& v = obj.at(d.key);
        if (d.presence == Presence::Nullable && v.is_null()) continue;
        CHECK_MESSAGE(has_kind(v, d.kind), name << " is not of its declared kind: " << v.dump().substr(0, 80));
        if (d.kind != ResultKind::List || !v.is_array()) continue;
        for (const auto& item : v) check_object(item, d.items, name + ".", seen);
    }
}

void declared_keys(ResultList decl, const std::string& path, std::set<std::string>& out) {
    for (const ResultDecl& d : decl) {
        if (d.presence == Presence::Failure) continue;  // only a row that fails alone has it
        out.insert(path + d.key);
        if (d.kind == ResultKind::List) declared_keys(d.items, path + d.key + ".", out);
    }
}

bool declares(const OpDef& op, const std::string& field) {
    for (const FieldDecl& d : op.fields) {
        if (field == d.name) return true;
    }
    return false;
}

Json sample(const char* text) { return Json::parse(text); }

// `how` on the result, or on its rows (compare explains each model).
bool has_how(const Json& result) {
    if (result.contains("how")) return true;
    for (auto it = result.begin(); it != result.end(); ++it) {
        if (!it.value().is_array()) continue;
        for (const auto& row : it.value()) {
            if (row.is_object() && row.contains("how")) return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("every op's samples answer with exactly the result keys it declares") {
    for (const OpDef* op : api::all_ops()) {
        const std::string op_name = op->name;
        CAPTURE(op_name);
        REQUIRE(op->samples.size() >= 1);
        std::set<std::string> seen, declared;
        for (const char* text : op->samples) {
            const Json request = sample(text);
            REQUIRE(request["op"] == op->name);
            const Json response = call(request);
            REQUIRE_MESSAGE(response["ok"] == true, text << " → " << response.dump().substr(0, 300));
            check_object(response["result"], op->result, "", seen);
        }
        declared_keys(op->result, "", declared);
        for (const std::string& key : declared)
            CHECK_MESSAGE(seen.count(key) == 1, "no sample of " << op_name << " shows " << key);
    }
}

TEST_CASE("an op explains exactly when it declares explain") {
    int explaining = 0;
    for (const OpDef* op : api::all_ops()) {
        const std::string op_name = op->name;
        CAPTURE(op_name);
        bool explained = false;
        for (const char* text : op->samples) {
            Json request = sample(text);
            const bool asked = request.contains("explain");
            request.erase("explain");
            CHECK_FALSE(has_how(result(request)));
            if (asked) explained = has_how(result(sample(text)));
        }
        CHECK(explained == declares(*op, "explain"));
        if (explained) ++explaining;
    }
    CHECK(explaining == 13);  // docs/api.md's list of explained ops
}

TEST_CASE("an unknown field is refused with the declared fields, in order") {
    for (const OpDef* op : api::all_ops()) {
        const std::string op_name = op->name;
        CAPTURE(op_name);
        Json request = sample(op->samples.first[0]);
        request["zz_typo"] = 1;
        const Json e = error_of(request);
        CHECK(e["field"] == "zz_typo");
        std::string list;
        for (const FieldDecl& d : op->fields) list += (list.empty() ? "" : "、") + std::string(d.name);
        CHECK(e["message"] == "未知欄位「zz_typo」；此操作可用的欄位：" + list);
    }
}

// A literal default sent explicitly must answer exactly as the field left out.
// Where a field only fits some samples (kv_footprint's layout needs a model)
// one sample suffices.
TEST_CASE("a declared default is the value the op uses") {
    int checked = 0;
    for (const OpDef* op : api::all_ops()) {
        for (const FieldDecl& d : op->fields) {
            if (d.fallback == nullptr) continue;
            const std::string text = d.fallback;
            Json value;
            if (d.kind == FieldKind::Flag) {
                value = text == "true";
            } else if (d.kind == FieldKind::Integer) {
                if (text.find_first_not_of("0123456789") != std::string::npos) continue;  // "B", "length": set by the request
                value = Json::parse(text);
            } else if (d.kind == FieldKind::List) {
                value = Json::parse(text);  // a list's default is written as JSON
            } else {
                value = text;
            }
            const std::string op_name = op->name, field_name = d.name;
            CAPTURE(op_name);
            CAPTURE(field_name);
            bool applied = false;
            for (const char* s : op->samples) {
                Json request = sample(s);
                request.erase(d.name);
                const Json without = call(request);
                request[d.name] = value;
                const Json with = call(request);
                if (with["ok"] != true) continue;
                CHECK(with.dump() == without.dump());
                applied = true;
            }
            CHECK(applied);
            ++checked;
        }
    }
    CHECK(checked >= 40);
}

TEST_CASE("a declared integer range is the one the op enforces") {
    int checked = 0;
    for (const OpDef* op : api::all_ops()) {
        for (const FieldDecl& d : op->fields) {
            if (d.kind != FieldKind::Integer) continue;
            const std::string op_name = op->name, field_name = d.name;
            CAPTURE(op_name);
            CAPTURE(field_name);
            Json request = sample(op->samples.first[0]);
            std::vector<u128> outside{d.hi == 0 ? kMaxSafeInteger + 1 : d.hi + 1};
            if (d.lo > 0) outside.push_back(d.lo - 1);
            for (u128 v : outside) {
                request[d.name] = Json(to_decimal(v));
                CHECK(error_of(request)["field"] == d.name);
                ++checked;
            }
        }
    }
    CHECK(checked >= 40);
}

TEST_CASE("tally schema prints every op with its fields, result and samples") {
    const Json s = api::schema_json();
    REQUIRE(s["ops"].size() == api::all_ops().size());
    const Json& forward = s["ops"][2];
    CHECK(forward["name"] == "forward");
    CHECK(forward["explains"] == true);
    CHECK(forward["fields"][2] ==
          Json::parse(R"({"name":"context","kind":"integer","min":0,"max":9007199254740991,"default":"0"})"));
    CHECK(forward["fields"][4]["max"] == "B·P");
    CHECK(forward["result"][0] == Json::parse(R"({"key":"model","kind":"text","presence":"always"})"));
    CHECK(s["ops"][0]["explains"] == false);
    // Every field an op declares has a meaning for the docs.
    std::set<std::string> meant;
    for (const auto& f : s["fields"]) meant.insert(f["name"].get<std::string>());
    for (const OpDef* op : api::all_ops()) {
        for (const FieldDecl& d : op->fields) CHECK_MESSAGE(meant.count(d.name) == 1, d.name << " has no meaning");
    }
}
