#include "catching.hpp"

#include <stdexcept>

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

void within_field(const std::string& prefix, const std::function<void()>& body) {
    try {
        body();
    } catch (const FieldError& e) {
        const std::string field = prefix + "." + e.field;
        MessageParams params = e.params;
        for (auto& [key, value] : params)
            if (key == "field") value = field;
        throw FieldError(field, e.id, params);
    }
}

}  // namespace tally::api
