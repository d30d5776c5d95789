// The reader-facing words of the content the core compiles in (model group
// names, a partial model's note, storage-format names, model-set names) in
// the other languages.  The catalogs are written in zh-Hant; each other
// language has a table keyed by the zh-Hant text itself, made at configure
// time by scripts/i18n/catalogs.mjs (English from content/i18n/en/, zh-Hans
// by toHans()): compiled in for the CLI, the tests and the Node module
// (messages_data.cpp, cmake/embed_messages.cmake), and loaded with the
// page's message catalog in the browser's module (src/wasm/messages_loaded.cpp).
// catalog.cpp builds one catalog per language from them.
#pragma once

#include <string_view>

#include "core/lang.hpp"

namespace tally::api {

// One row of a language's table.
struct CatalogWord {
    const char* hant;  // the text as content/ writes it
    const char* text;  // the same in the table's language
};

// Whether `lang`'s words are here (always, except in a browser module whose
// page has not loaded that language).
bool catalog_words_ready(Lang lang);

// The words of the zh-Hant `hant` in `lang`; nullptr for zh-Hant, and for a
// text the table lacks (the configure step fails on a missing one).
const char* catalog_word(Lang lang, std::string_view hant);

// The row of a table ended by a null row whose `hant` is `hant`.
inline const char* find_catalog_word(const CatalogWord* rows, std::string_view hant) {
    for (; rows->hant != nullptr; ++rows) {
        if (hant == rows->hant) return rows->text;
    }
    return nullptr;
}

}  // namespace tally::api
