// What the reader is told when a text is refused by one of the parser's
// caps or rules (json::ParseError), for the request itself and for a pasted
// config.json alike.  Plain syntax errors keep their callers' own messages
// (which say where the text stops being JSON).
#pragma once

#include <optional>
#include <string>

#include "core/messages.hpp"
#include "json.hpp"

namespace tally::api {

// A value the reader sent, as a message quotes it: at most 60 bytes, cut on
// a character boundary ("..." marks the cut).  A 300 KB model id must not
// come back as a 300 KB message.
inline std::string quoted_value(const std::string& value) { return json::clip_utf8(value, 60); }

// A message's code and parameters, before it is rendered.
struct Message {
    MessageId id;
    MessageParams params;
};

// "請求的巢狀層數超過上限 256 層" and the like; `what` names the text ("請求",
// "config.json").  nullopt for a plain syntax error.
std::optional<Message> parse_rule(const json::ParseError& error, const std::string& what);

}  // namespace tally::api
