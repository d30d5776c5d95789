#include "catching.hpp"

#include <stdexcept>

#include "api.hpp"
#include "core/exact.hpp"
#include "core/spec.hpp"
#include "errors.hpp"

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

std::string evaluate(const std::string& request_json) {
    Json out;
    try {
        Json req = Json::parse(request_json, nullptr, false);
        if (req.is_discarded()) {
            out = error_json("", "請求不是有效的 JSON");
        } else {
            out = dispatch(req);
        }
    } catch (const FieldError& e) {
        out = error_json(e.field, e.what());
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
