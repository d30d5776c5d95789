// Dispatch only: a request names an op, and the op's family file computes it
// (src/api/ops/).  evaluate() turns every error into an error response, so
// this file catches (CMakeLists.txt names it among the files that do).
#include "api.hpp"

#include <stdexcept>

#include "catalog.hpp"
#include "catching.hpp"
#include "core/exact.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/spec.hpp"
#include "errors.hpp"
#include "fields.hpp"
#include "json_errors.hpp"
#include "json_out.hpp"
#include "ops/all_ops.hpp"

namespace tally::api {

Json error_json(const std::string& field, MessageId id, const MessageParams& params) {
    Json e;
    e["field"] = field.empty() ? Json(nullptr) : Json(field);
    e["code"] = message_code(id);
    Json values = Json::object();
    for (const auto& [name, value] : params) values[name] = value;
    e["params"] = values;
    e["message"] = render(id, params);
    // Key by key, not as an initializer list: with nlohmann (the JSON
    // oracle's value) the list {{"ok", false}, {"error", e}} took `e` for a string.
    Json out = Json::object();
    out["ok"] = false;
    out["error"] = e;
    return out;
}

namespace {

// Runs one request already parsed as JSON: {"ok":true,"result":…} or the
// error as data.  May throw; evaluate() catches.
Json dispatch(const Json& req) {
    if (!req.is_object()) return error_json("", msg::request_not_object);
    // The list of ops is spelled out only when a request needs to be told.
    const auto ops = [] {
        std::string list;
        for (const OpDef* op : all_ops()) list += (list.empty() ? "" : list_separator()) + std::string(op->name);
        return list;
    };
    if (!req.contains("op") || !req["op"].is_string()) return error_json("op", msg::op_missing, {{"ops", ops()}});
    const std::string op = req["op"].get<std::string>();
    for (const OpDef* def : all_ops()) {
        if (op != def->name) continue;
        // Built in place: an initializer list would copy the whole result.
        Json out;
        out["ok"] = true;
        out["result"] = def->run(req);
        return out;
    }
    return error_json("op", msg::op_unknown, {{"op", quoted_value(op)}, {"ops", ops()}});
}

// A message without the field's name in front: "batch（請求數 B）必須是…"
// gives "必須是…".  Messages that do not start with the name are their own
// detail.
std::string detail_of(const FieldError& e) {
    if (const char* detail = message_text(e.id).detail) return render_template(detail, e.params);
    const std::string message = e.what();
    for (const std::string& head : {describe_field(e.field), e.field}) {
        if (head.empty() || message.compare(0, head.size(), head) != 0 || message.size() == head.size()) continue;
        std::string rest = message.substr(head.size());
        for (const std::string& joint : {std::string("："), std::string(" "), std::string("，")}) {
            if (rest.compare(0, joint.size(), joint) == 0) rest = rest.substr(joint.size());
        }
        return rest;
    }
    return message;
}

Json field_error_json(const FieldError& e) {
    Json out = error_json(e.field, e.id, e.params);
    out["error"]["detail"] = detail_of(e);
    return out;
}

// The caps of docs/api.md ("Limits") come first, so a huge request is refused
// before anything is built from it.  A repeated key is named as the field.
// False with the error response in `out` when the text is no request.
bool parse_request(const std::string& request_json, Json& req, Json& out) {
    if (request_json.size() > kMaxRequestBytes) {
        out = error_json("", msg::request_too_large, {{"limit", group_thousands(kMaxRequestBytes)}});
        return false;
    }
    json::ParseError problem;
    req = Json::parse(request_json, problem);
    if (!req.is_discarded()) return true;
    const std::string field = problem.problem == json::ParseProblem::DuplicateKey ? json::clip_utf8(problem.key, 60) : "";
    const auto rule = parse_rule(problem, render(msg::text_request));
    out = rule ? error_json(field, rule->id, rule->params) : error_json(field, msg::request_invalid_json);
    return false;
}

// The request's language: its "lang" field, read before anything else so
// the whole answer (errors included) is in it; when absent, the language
// already current (zh-Hant, or the CLI's --lang).  False with the error
// response in `out` for any other value.
bool request_lang(const Json& req, Lang& lang, Json& out) {
    lang = current_lang();
    if (!req.is_object() || !req.contains("lang")) return true;
    const Json& tag = req["lang"];
    if (tag.is_string() && lang_from_tag(tag.get<std::string>(), lang)) return true;
    out = field_error_json(FieldError("lang", msg::lang_unknown, {{"received", json::clip_utf8(tag.dump(), 40)}}));
    return false;
}

// The fields an overflow can come from, for its message: the op's number
// and list fields the request sets (all of them when it sets none), so the
// reader is pointed at fields the op has ("models, prompt", not chapter 2's
// "batch, context").
std::string overflow_fields(const Json& req) {
    const OpDef* op = nullptr;
    for (const OpDef* def : all_ops())
        if (req.contains("op") && req["op"].is_string() && req["op"].get<std::string>() == def->name) op = def;
    if (op == nullptr) return "";
    std::string sent, all;
    for (const FieldDecl& d : op->fields) {
        if (d.kind != FieldKind::Integer && d.kind != FieldKind::Decimal && d.kind != FieldKind::List &&
            d.kind != FieldKind::Object)
            continue;
        all += (all.empty() ? "" : list_separator()) + std::string(d.name);
        if (req.contains(d.name)) sent += (sent.empty() ? "" : list_separator()) + std::string(d.name);
    }
    return sent.empty() ? all : sent;
}

// Every error an op throws becomes its error response, rendered in the
// language current here.
Json answer(const Json& req) {
    try {
        return dispatch(req);
    } catch (const FieldError& e) {
        return field_error_json(e);
    } catch (const MessageError& e) {
        return error_json("", e.id, e.params);
    } catch (const NotGiven& e) {
        return error_json("model", msg::model_partial, {{"missing", e.what()}});
    } catch (const ArithmeticOverflow&) {
        return error_json("", msg::result_overflow, {{"fields", overflow_fields(req)}});
    } catch (const NegativeResult&) {
        return error_json("", msg::negative_size);
    } catch (const std::exception& e) {
        return error_json("", msg::internal_error, {{"what", e.what()}});
    }
}

Json parse_and_answer(const std::string& request_json) {
    Json req;
    Json out;
    Lang lang = kDefaultLang;
    if (!parse_request(request_json, req, out) || !request_lang(req, lang, out)) return out;
    const LangScope in_its_language(lang);
    return answer(req);
}

}  // namespace

std::string evaluate(const std::string& request_json) {
    Json out;
    try {
        out = parse_and_answer(request_json);
    } catch (const std::exception& e) {  // while reading the request, before its language is known
        out = error_json("", msg::internal_error, {{"what", e.what()}});
    }
    return out.dump();
}

void prepare() { catalog(); }

}  // namespace tally::api
