// The words the core composes come from a message catalog keyed by stable
// snake_case codes (content/messages/zh-Hant/*.json, compiled in by
// cmake/embed_messages.cmake).  A message names its parameters in braces:
// "{field} 超出範圍，{received}" rendered with {{"field", "batch"}, …}.
// Codes are C++ constants (core/messages_ids.hpp, tally::msg::…), so a code
// the catalog lacks fails the build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tally {

struct MessageId {
    std::uint16_t index;
};

// The values a message is rendered with, in the order they are written out
// ("params" of an error response): already formatted text.
using MessageParams = std::vector<std::pair<std::string, std::string>>;

struct MessageEntry {
    const char* code;     // "out_of_range"
    const char* message;  // the message template
    const char* detail;   // the message without the field's name in front; nullptr = derived
};

extern const MessageEntry kMessages[];
extern const std::size_t kMessageCount;

inline const char* message_code(MessageId id) { return kMessages[id.index].code; }

// The template with each {name} replaced by its parameter's value.  A name
// with no parameter stays as written (the catalog test forbids that).
std::string render_template(const char* text, const MessageParams& params);
inline std::string render(MessageId id, const MessageParams& params = {}) {
    return render_template(kMessages[id.index].message, params);
}

// An error the core raises in words a reader sees: its code and parameters
// travel with it, and what() is the rendered message.
struct MessageError : std::invalid_argument {
    MessageError(MessageId message_id, MessageParams message_params)
        : std::invalid_argument(render(message_id, message_params)), id(message_id), params(std::move(message_params)) {}
    MessageId id;
    MessageParams params;
};

}  // namespace tally

#include "core/messages_ids.hpp"
