// Errors are values at the API boundary: every failure becomes
// {"ok":false,"error":{"field":…,"message":…,"detail":…}} and never escapes as an
// exception into the CLI's exit path or into JavaScript.
#pragma once

#include <stdexcept>
#include <string>

namespace tally::api {

// A request field (or a JSON path inside an inline spec) is invalid.
// `detail` is the message without the field's name ("超出範圍，收到 "0"；…"),
// so a page can put its own on-screen label in front; empty = derived from
// the message when the error is written (catching.cpp).
struct FieldError : std::runtime_error {
    FieldError(std::string field_name, const std::string& message, std::string detail_text = "")
        : std::runtime_error(message), field(std::move(field_name)), detail(std::move(detail_text)) {}
    std::string field;
    std::string detail;
};

}  // namespace tally::api
