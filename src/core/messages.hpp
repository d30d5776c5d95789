// The words the core composes come from a message catalog keyed by stable
// snake_case codes, one catalog per language (content/messages/<lang>/*.json;
// zh-Hans generated from zh-Hant by scripts/i18n/catalogs.mjs).  A message
// names its parameters in braces: "{field} 超出範圍，{received}" rendered with
// {{"field", "batch"}, …}.  Codes are C++ constants (core/messages_ids.hpp,
// tally::msg::…, from the zh-Hant reference), so a code the catalog lacks
// fails the build; every language has the same codes and {params}.
//
// Messages render in current_lang() (core/lang.hpp): evaluate() answers a
// request inside its language's scope, so an error rendered where it is
// raised is already in the reader's language.  The templates come from
// message_text(): compiled in for the CLI, the tests and the Node module
// (generated messages_data.cpp), loaded once per page in the browser's
// module (src/wasm/messages_loaded.cpp), which ships no catalog.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/lang.hpp"

namespace tally {

struct MessageId {
    std::uint16_t index;
};

// The values a message is rendered with, in the order they are written out
// ("params" of an error response): already formatted text.
using MessageParams = std::vector<std::pair<std::string, std::string>>;

// One code's words in one language.
struct MessageText {
    const char* message;  // the message template
    const char* detail;   // the message without the field's name in front; nullptr = derived
};

// Every code, in MessageId order: compiled in for the CLI, the tests and the
// Node module (generated messages_codes.cpp).  The browser's module has no
// such table: its codes come with the catalog it loads.  (kMessageCount is
// in messages_ids.hpp, a constant of every build.)
extern const char* const kMessageCodes[];

// The stable snake_case code of `id` (responses carry it beside the message).
const char* message_code(MessageId id);

// The words of `id` in `lang`.  Never a null message: a language whose
// catalog a page has not loaded falls back to one that is, then to the code.
MessageText message_text(Lang lang, MessageId id);
inline MessageText message_text(MessageId id) { return message_text(current_lang(), id); }

// The template with each {name} replaced by its parameter's value.  A name
// with no parameter stays as written (the catalog test forbids that).
std::string render_template(const char* text, const MessageParams& params);
inline std::string render(MessageId id, const MessageParams& params = {}) {
    return render_template(message_text(id).message, params);
}

// An error the core raises in words a reader sees: its code and parameters
// travel with it, and what() is the message rendered in the language current
// where it is raised (inside the request's scope).
struct MessageError : std::invalid_argument {
    MessageError(MessageId message_id, MessageParams message_params)
        : std::invalid_argument(render(message_id, message_params)), id(message_id), params(std::move(message_params)) {}
    MessageId id;
    MessageParams params;
};

}  // namespace tally

#include "core/messages_ids.hpp"
