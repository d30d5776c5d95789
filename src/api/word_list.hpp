// The items of a list in a message, joined in the request's language
// ("gqa、mha" / "gqa, mha"). The joiner is a word of the message catalog
// (list_separator in content/messages/<lang>/fields.json), never a character
// in code, so an English answer carries no Chinese punctuation.
#pragma once

#include <iterator>
#include <string>
#include <vector>

namespace tally::api {

std::string word_list(const std::vector<std::string>& items);

// Any range of texts (an array of names, an initializer_list of const char*).
template <class Items>
std::string word_list(const Items& items) {
    return word_list(std::vector<std::string>(std::begin(items), std::end(items)));
}

}  // namespace tally::api
