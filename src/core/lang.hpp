// The language the core composes its words in (messages, labels, number
// words), for the request being answered. evaluate() sets it from the
// request's "lang" field for the request's duration (LangScope); the CLI from
// --lang. Everything else asks current_lang() instead of threading a
// parameter through every formatter: the words change, the numbers never do.
#pragma once

#include <string_view>

namespace tally {

enum class Lang : unsigned char { zh_Hant, zh_Hans, en };

inline constexpr Lang kDefaultLang = Lang::zh_Hant;
inline constexpr Lang kAllLangs[] = {Lang::zh_Hant, Lang::zh_Hans, Lang::en};

Lang current_lang();

// Sets the current language until the scope ends, then restores the previous one.
class LangScope {
  public:
    explicit LangScope(Lang lang);
    ~LangScope();
    LangScope(const LangScope&) = delete;
    LangScope& operator=(const LangScope&) = delete;

  private:
    Lang previous_;
};

// "zh-Hant", "zh-Hans", "en": the BCP 47 tags pages, URLs and requests use.
const char* lang_tag(Lang lang);
// The language of a tag; false for any other text.
bool lang_from_tag(std::string_view tag, Lang& out);

}  // namespace tally
