// The browser module's catalog: loaded, not compiled in.  A page loads its
// own language's catalog (a content-hashed JSON the site build writes,
// scripts/i18n/catalogs.mjs browserCatalogs) and hands it over once, before
// its first request (Module.setMessages, evaluate.post.js).  It carries what
// the native builds and the Node module compile in (messages_codes.cpp,
// messages_data.cpp, catalog_data.cpp), so the page's module ships none of
// it: the message codes and templates, the words of the content catalogs in
// its language ("content", api/catalog_words.hpp) and the content files the
// core parses ("files", api/catalog_data.hpp).  Compiled in, those cost the
// module about 17 KiB gzip (three languages' words, 4 KiB of codes, 3 KiB
// of models) of the 150 KiB it may weigh.  The module builds that
// language's catalog of models as it loads them.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "api/catalog.hpp"
#include "api/catalog_data.hpp"
#include "api/catalog_words.hpp"
#include "api/json_out.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"

namespace tally {

namespace {

struct LoadedCatalog {
    bool ready = false;
    std::vector<std::string> messages;  // by MessageId
    std::vector<std::string> details;   // empty: derived from the message
    // The content catalogs' words: zh-Hant text → this language's (none in zh-Hant).
    std::vector<std::pair<std::string, std::string>> words;
};

// The content files the core parses, from the first catalog loaded (each
// carries the same list: scripts/i18n/catalogs.mjs, embeddedContent()).
// EmbeddedFile points into these strings, kept as long as the module.
std::vector<std::string> file_texts;
std::vector<api::EmbeddedFile> files;

// [[kind, name, text]…] into `texts` (three strings a file), or false.
bool read_files(const api::Json& list, std::vector<std::string>& texts) {
    if (!list.is_array() || list.size() == 0) return false;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const api::Json& file = list[i];
        if (!file.is_array() || file.size() != 3) return false;
        for (std::size_t k = 0; k < 3; ++k) {
            if (!file[k].is_string()) return false;
            texts.push_back(file[k].get<std::string>());
        }
    }
    return true;
}

// Points `files` into `file_texts` (after which neither changes).
void keep_files(std::vector<std::string> texts) {
    file_texts = std::move(texts);
    for (std::size_t i = 0; i + 2 < file_texts.size(); i += 3) {
        files.push_back({file_texts[i].c_str(), file_texts[i + 1].c_str(), file_texts[i + 2].c_str()});
    }
}

// Every code by MessageId, from the first catalog loaded (each lists them,
// and each must list the same: the digest says so).  No table of codes is
// compiled into this module: it would repeat the catalog's.
std::vector<std::string> codes;

LoadedCatalog catalogs[std::size(kAllLangs)];

// The JSON text of a catalog, written here by JavaScript (outside any
// request: it lives as long as the module, never in the request arena).
std::string catalog_bytes;

const LoadedCatalog* loaded(Lang lang) {
    const LoadedCatalog& own = catalogs[static_cast<int>(lang)];
    if (own.ready) return &own;
    for (const LoadedCatalog& other : catalogs) {
        if (other.ready) return &other;
    }
    return nullptr;
}

// The page's language is the module's from now on: a request without its
// own "lang" is answered in it (evaluate() defaults to current_lang()), so
// its numbers are formatted in the words it has.
void speak(Lang lang) {
    static LangScope* page = nullptr;
    delete page;  // back to the default before the new language
    page = new LangScope(lang);
}

// "content": {zh-Hant text: text}, required beside the messages in every
// language but zh-Hant (the content's own).
bool read_words(const api::Json& catalog, Lang lang, LoadedCatalog& into) {
    if (!catalog.contains("content")) return lang == Lang::zh_Hant;
    const api::Json& words = catalog["content"];
    if (!words.is_object()) return false;
    for (auto it = words.begin(); it != words.end(); ++it) {
        if (!it->is_string()) return false;
        into.words.emplace_back(it.key(), it->get<std::string>());
    }
    return true;
}

// A list of exactly kMessageCount strings.
bool read_strings(const api::Json& list, std::vector<std::string>& into) {
    if (!list.is_array() || list.size() != kMessageCount) return false;
    for (std::size_t i = 0; i < kMessageCount; ++i) {
        if (!list[i].is_string()) return false;
        into.push_back(list[i].get<std::string>());
    }
    return true;
}

bool has_string(const api::Json& catalog, const char* key) { return catalog.contains(key) && catalog[key].is_string(); }

// {"lang": "<tag>", "codes_digest": "<hex>", "codes": [code…],
// "messages": [template…], "details": [template or ""…], "content": {…},
// "files": [[kind, name, text]…]},
// the lists in MessageId order (scripts/i18n/catalogs.mjs, browserCatalogs).
// Anything else is refused whole, so a stale catalog file is found at load,
// not halfway through a sentence.
bool load(const api::Json& catalog) {
    Lang lang = kDefaultLang;
    if (!catalog.is_object() || !has_string(catalog, "lang") || !lang_from_tag(catalog["lang"].get<std::string>(), lang) ||
        !has_string(catalog, "codes_digest") || catalog["codes_digest"].get<std::string>() != kMessageCodesDigest ||
        !catalog.contains("codes") || !catalog.contains("messages") || !catalog.contains("details") ||
        !catalog.contains("files")) {
        return false;
    }
    LoadedCatalog next;
    std::vector<std::string> listed;
    std::vector<std::string> texts;
    if (!read_strings(catalog["codes"], listed) || !read_strings(catalog["messages"], next.messages) ||
        !read_strings(catalog["details"], next.details) || !read_words(catalog, lang, next) ||
        !read_files(catalog["files"], texts)) {
        return false;
    }
    if (codes.empty()) codes = std::move(listed);
    if (files.empty()) keep_files(std::move(texts));
    next.ready = true;
    catalogs[static_cast<int>(lang)] = std::move(next);
    speak(lang);
    // Outside any request (the catalogs live as long as the module): this
    // language's, and zh-Hant's, the one a request in a language without
    // words falls back to, as in every other build.
    api::prepare_catalog(Lang::zh_Hant);
    api::prepare_catalog(lang);
    return true;
}

std::uintptr_t messages_buffer(std::uint32_t bytes) {
    catalog_bytes.resize(bytes);
    return reinterpret_cast<std::uintptr_t>(catalog_bytes.data());
}

bool load_messages(std::uint32_t bytes) {
    catalog_bytes.resize(bytes);
    const bool ok = load(api::Json::parse(catalog_bytes, nullptr, false));
    std::string().swap(catalog_bytes);
    return ok;
}

}  // namespace

// Before any catalog is loaded (a page always loads one before its first
// request) an error still has a code: a fixed one, never an empty string.
const char* message_code(MessageId id) { return codes.empty() ? "catalog_not_loaded" : codes[id.index].c_str(); }

MessageText message_text(Lang lang, MessageId id) {
    const LoadedCatalog* c = loaded(lang);
    if (c == nullptr) return {message_code(id), nullptr};
    const std::string& detail = c->details[id.index];
    return {c->messages[id.index].c_str(), detail.empty() ? nullptr : detail.c_str()};
}

namespace api {

EmbeddedFiles embedded_files() { return {files.data(), files.size()}; }

bool catalog_words_ready(Lang lang) { return catalogs[static_cast<int>(lang)].ready; }

const char* catalog_word(Lang lang, std::string_view hant) {
    if (lang == Lang::zh_Hant) return nullptr;
    for (const auto& [from, to] : catalogs[static_cast<int>(lang)].words) {
        if (from == hant) return to.c_str();
    }
    return nullptr;
}

}  // namespace api

}  // namespace tally

// Module._tally_messages_buffer / _tally_load_messages (src/wasm/evaluate.post.js).
extern "C" {
EMSCRIPTEN_KEEPALIVE std::uintptr_t tally_messages_buffer(std::uint32_t bytes) { return tally::messages_buffer(bytes); }
EMSCRIPTEN_KEEPALIVE bool tally_load_messages(std::uint32_t bytes) { return tally::load_messages(bytes); }
}
