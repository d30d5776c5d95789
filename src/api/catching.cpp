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

}  // namespace tally::api
