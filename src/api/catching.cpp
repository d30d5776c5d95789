#include "catching.hpp"

#include <stdexcept>

#include "api.hpp"
#include "core/exact.hpp"
#include "core/format.hpp"
#include "core/spec.hpp"
#include "errors.hpp"
#include "fields.hpp"
#include "json_errors.hpp"

namespace tally::api {

std::optional<std::string> failure_of(const std::function<void()>& body) {
    try {
        body();
    } catch (const FieldError& e) {
        return std::string(e.what());
    } catch (const NotGiven& e) {
        return std::string(e.what());
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

namespace {

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

}  // namespace tally::api
