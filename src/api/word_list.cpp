#include "word_list.hpp"

#include "fields.hpp"

namespace tally::api {

std::string word_list(const std::vector<std::string>& items) {
    const std::string separator = list_separator();
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
    return out;
}

}  // namespace tally::api
