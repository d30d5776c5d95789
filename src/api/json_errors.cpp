#include "json_errors.hpp"

#include "core/format.hpp"

namespace tally::api {

namespace {

// Keys can be as long as the request; a message quotes at most this much.
constexpr std::size_t kQuotedKeyBytes = 60;

std::string count_text(std::size_t n) { return group_thousands(static_cast<u128>(n)); }

}  // namespace

std::optional<Message> parse_rule(const json::ParseError& error, const std::string& what) {
    using json::ParseProblem;
    using json::Value;
    switch (error.problem) {
        case ParseProblem::TooDeep:
            return Message{msg::json_too_deep, {{"text", what}, {"max", std::to_string(Value::kMaxDepth)}}};
        case ParseProblem::TooManyMembers:
            return Message{msg::json_too_many_members, {{"text", what}, {"max", count_text(Value::kMaxMembers)}}};
        case ParseProblem::TooManyElements:
            return Message{msg::json_too_many_elements, {{"text", what}, {"max", count_text(Value::kMaxElements)}}};
        case ParseProblem::DuplicateKey:
            return Message{msg::json_duplicate_key, {{"text", what}, {"key", json::clip_utf8(error.key, kQuotedKeyBytes)}}};
        case ParseProblem::None:
        case ParseProblem::Syntax: break;
    }
    return std::nullopt;
}

}  // namespace tally::api
