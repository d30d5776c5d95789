// Errors are values at the API boundary: every failure becomes
// {"ok":false,"error":{"field":…,"code":…,"params":{…},"message":…,"detail":…}}
// and never escapes as an exception into the CLI's exit path or into
// JavaScript.  The words come from the message catalog (core/messages.hpp).
#pragma once

#include <stdexcept>
#include <string>

#include "core/messages.hpp"

namespace tally::api {

// A request field (or a JSON path inside an inline spec) is invalid.
// `id` is the message's stable code and `params` the values it is rendered
// with; what() is the rendered message.  Its detail, the message without
// the field's name ("超出範圍，收到 "0"；…") so a page can put its own
// on-screen label in front, is the catalog's "<code>.detail" or else is
// derived from the message when the error is written (api.cpp).
struct FieldError : std::runtime_error {
    FieldError(std::string field_name, MessageId message_id, MessageParams message_params = {})
        : std::runtime_error(render(message_id, message_params)),
          field(std::move(field_name)),
          id(message_id),
          params(std::move(message_params)) {}
    std::string field;
    MessageId id;
    MessageParams params;
};

}  // namespace tally::api
