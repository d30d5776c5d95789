#include "core/lang.hpp"

namespace tally {

namespace {
// thread_local: the native tests may answer requests from several threads.
thread_local Lang current = kDefaultLang;
}  // namespace

Lang current_lang() { return current; }

LangScope::LangScope(Lang lang) : previous_(current) { current = lang; }
LangScope::~LangScope() { current = previous_; }

const char* lang_tag(Lang lang) {
    switch (lang) {
        case Lang::zh_Hans: return "zh-Hans";
        case Lang::en: return "en";
        case Lang::zh_Hant: break;
    }
    return "zh-Hant";
}

bool lang_from_tag(std::string_view tag, Lang& out) {
    for (Lang lang : kAllLangs) {
        if (tag == lang_tag(lang)) {
            out = lang;
            return true;
        }
    }
    return false;
}

}  // namespace tally
