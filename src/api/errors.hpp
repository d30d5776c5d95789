// Errors are values at the API boundary: every failure becomes
// {"ok":false,"error":{"field":…,"message":…}} and never escapes as an
// exception into the CLI's exit path or into JavaScript.
#pragma once

#include <stdexcept>
#include <string>

namespace tally::api {

// A request field (or a JSON path inside an inline spec) is invalid.
struct FieldError : std::runtime_error {
    FieldError(std::string field_name, const std::string& message)
        : std::runtime_error(message), field(std::move(field_name)) {}
    std::string field;
};

}  // namespace tally::api
