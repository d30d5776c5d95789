#include "json_errors.hpp"

#include "core/format.hpp"

namespace tally::api {

namespace {

// Keys can be as long as the request; a message quotes at most this much.
constexpr std::size_t kQuotedKeyBytes = 60;

std::string count_text(std::size_t n) { return group_thousands(static_cast<u128>(n)); }

}  // namespace

std::optional<std::string> parse_rule_text(const json::ParseError& error, const std::string& what) {
    using json::ParseProblem;
    using json::Value;
    switch (error.problem) {
        case ParseProblem::TooDeep:
            return what + "的巢狀層數超過上限 " + std::to_string(Value::kMaxDepth) + " 層（物件與陣列一層套一層）";
        case ParseProblem::TooManyMembers:
            return what + "的物件成員總數超過上限 " + count_text(Value::kMaxMembers) + " 個";
        case ParseProblem::TooManyElements:
            return what + "的陣列元素總數超過上限 " + count_text(Value::kMaxElements) + " 個";
        case ParseProblem::DuplicateKey:
            return what + "中的鍵「" + json::clip_utf8(error.key, kQuotedKeyBytes) + "」出現了兩次；同一個物件裡每個鍵只能出現一次";
        case ParseProblem::None:
        case ParseProblem::Syntax: break;
    }
    return std::nullopt;
}

}  // namespace tally::api
