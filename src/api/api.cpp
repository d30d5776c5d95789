// Dispatch only: a request names an op, and the op's family file computes it
// (src/api/ops/).  evaluate() turns every error into an error response, so
// this file catches (CMakeLists.txt names it among the files that do).
#include "api.hpp"

#include <stdexcept>

#include "catalog.hpp"
#include "catching.hpp"
#include "core/exact.hpp"
#include "core/format.hpp"
#include "core/spec.hpp"
#include "errors.hpp"
#include "fields.hpp"
#include "json_errors.hpp"
#include "json_out.hpp"
#include "ops/all_ops.hpp"

namespace tally::api {

Json error_json(const std::string& field, const std::string& message) {
    Json e;
    e["field"] = field.empty() ? Json(nullptr) : Json(field);
    e["message"] = message;
    return {{"ok", false}, {"error", e}};
}

namespace {

// The ops in the order the API names them (docs/api.md, and the list an
// unknown op is told).  Each is defined in its family's file, src/api/ops/.
constexpr const OpDef* kOps[] = {
    &kCatalogOp,     &kParamsOp,          &kForwardOp,         &kKvOp,           &kStateOp,
    &kRoutingOp,     &kStateCurveOp,      &kCompareOp,         &kRequestOp,      &kCrossoverOp,
    &kCapacityOp,    &kParamBudgetOp,     &kCheckAnswerOp,     &kReadQuantityOp, &kTurnOp,
    &kDependencyChainOp, &kKvFootprintOp, &kReplayWindowOp,    &kEffortScaleOp,  &kImportHfConfigOp,
    &kCandidatePoolOp,  &kCrossoverCurveOp,  &kRoutingCurveOp,
};

}  // namespace

DeclList<const OpDef*> all_ops() { return kOps; }

namespace {

// Runs one request already parsed as JSON: {"ok":true,"result":…} or the
// error as data.  May throw; evaluate() catches.
Json dispatch(const Json& req) {
    if (!req.is_object()) return error_json("", "請求必須是 JSON 物件，例如 {\"op\":\"forward\",\"model\":\"qwen3-8b\"}");
    // The list of ops is spelled out only when a request needs to be told.
    const auto ops = [] {
        std::string list;
        for (const OpDef* op : kOps) list += (list.empty() ? "" : "、") + std::string(op->name);
        return list;
    };
    if (!req.contains("op") || !req["op"].is_string()) return error_json("op", "缺少 op（操作）；可用：" + ops());
    const std::string op = req["op"].get<std::string>();
    for (const OpDef* def : kOps) {
        if (op != def->name) continue;
        // Built in place: an initializer list would copy the whole result.
        Json out;
        out["ok"] = true;
        out["result"] = def->run(req);
        return out;
    }
    return error_json("op", "未知的 op「" + quoted_value(op) + "」；可用：" + ops());
}

// A message without the field's name in front: "batch（請求數 B）必須是…"
// gives "必須是…".  Messages that do not start with the name are their own
// detail.
std::string detail_of(const FieldError& e) {
    if (!e.detail.empty()) return e.detail;
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
    Json out = error_json(e.field, e.what());
    out["error"]["detail"] = detail_of(e);
    return out;
}

// The caps of docs/api.md ("Limits") come first, so a huge request is refused
// before anything is built from it.  A repeated key is named as the field.
Json parse_and_dispatch(const std::string& request_json) {
    if (request_json.size() > kMaxRequestBytes) {
        return error_json("", "請求超過上限 " + group_thousands(kMaxRequestBytes) + " 位元組（4 MiB）");
    }
    json::ParseError problem;
    const Json req = Json::parse(request_json, problem);
    if (!req.is_discarded()) return dispatch(req);
    const std::string field = problem.problem == json::ParseProblem::DuplicateKey ? json::clip_utf8(problem.key, 60) : "";
    return error_json(field, parse_rule_text(problem, "請求").value_or("請求不是有效的 JSON"));
}

}  // namespace

std::string evaluate(const std::string& request_json) {
    Json out;
    try {
        out = parse_and_dispatch(request_json);
    } catch (const FieldError& e) {
        out = field_error_json(e);
    } catch (const NotGiven& e) {
        out = error_json("model", std::string("此模型只有部分資料：") + e.what());
    } catch (const ArithmeticOverflow&) {
        out = error_json("", "結果超出 128 位元整數的精確範圍；請縮小 batch、context、input 或 generated");
    } catch (const NegativeResult&) {
        out = error_json("", "計算出現負的大小；請檢查輸入");
    } catch (const std::exception& e) {
        out = error_json("", std::string("內部錯誤：") + e.what());
    }
    return out.dump();
}

void prepare() { catalog(); }

}  // namespace tally::api
