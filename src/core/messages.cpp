#include "core/messages.hpp"

#include <algorithm>

namespace tally {

namespace {

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// "{name}" at text[i]: the length of name, or 0 when the brace is literal
// (JSON examples such as {"code": …} or {value, unit} are words, not slots).
std::size_t slot_at(const std::string& text, std::size_t i) {
    std::size_t j = i + 1;
    while (j < text.size() && is_name_char(text[j])) ++j;
    return (j > i + 1 && j < text.size() && text[j] == '}') ? j - i - 1 : 0;
}

}  // namespace

std::string render_template(const char* text, const MessageParams& params) {
    const std::string t(text);
    std::string out;
    out.reserve(t.size() + 32);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::size_t n = t[i] == '{' ? slot_at(t, i) : 0;
        const std::string name = n ? t.substr(i + 1, n) : std::string();
        const auto p = std::find_if(params.begin(), params.end(), [&](const auto& kv) { return kv.first == name; });
        if (n == 0 || p == params.end()) {
            out += t[i];
            continue;
        }
        out += p->second;
        i += n + 1;
    }
    return out;
}

}  // namespace tally
