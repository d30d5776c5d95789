#include "columns.hpp"

#include <string>

#include "core/format.hpp"

namespace tally::api {
namespace {

template <typename T, typename Append>
Json column(const std::vector<T>& values, Append&& append) {
    std::string text;
    text.reserve(values.size() * 12 + 2);
    text += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i != 0) text += ',';
        append(text, values[i]);
    }
    text += ']';
    return Json::serialized(std::move(text));
}

}  // namespace

Json exact_column(const std::vector<u128>& values) {
    return column(values, [](std::string& out, u128 v) { append_exact_json(out, v); });
}

Json exact_column(const std::vector<Ratio>& values) {
    return column(values, [](std::string& out, const Ratio& v) { append_exact_json(out, v); });
}

Json bytes_display_column(const std::vector<Ratio>& values) {
    return column(values, [](std::string& out, const Ratio& v) { out += Json(bytes_binary_text(v)).dump(); });
}

}  // namespace tally::api
