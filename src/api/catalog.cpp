#include "catalog.hpp"

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "catalog_data.hpp"
#include "catalog_words.hpp"
#include "core/params.hpp"
#include "core/stable_order.hpp"
#include "errors.hpp"
#include "fields.hpp"
#include "json_errors.hpp"
#include "object_reader.hpp"
#include "spec_json.hpp"

namespace tally::api {

namespace {

Json parse_file(const EmbeddedFile& f) {
    Json j = Json::parse(f.text, nullptr, false);
    if (j.is_discarded()) {
        throw FieldError(std::string(f.kind) + "/" + f.name, msg::content_invalid_json, {{"kind", f.kind}, {"name", f.name}});
    }
    return j;
}

// Every string of `j` that has words in `lang` takes them (the catalogs'
// texts are zh-Hant; ids and formats have none).
void translate(Json& j, Lang lang) {
    if (j.is_string()) {
        if (const char* words = catalog_word(lang, j.get<std::string>())) j = words;
        return;
    }
    // By index and by key, not by range-for: nlohmann (the JSON oracle's
    // value) iterates by copy, so a range-for would translate copies.
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) translate(j[i], lang);
    } else if (j.is_object()) {
        std::vector<std::string> keys;
        for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
        for (const std::string& key : keys) translate(j[key], lang);
    }
}

// The catalog in `lang`: its texts in that language, and whatever the
// parsers compose (a default label) rendered in it.
Catalog load(Lang lang) {
    const LangScope in_its_language(lang);
    Catalog c;
    const EmbeddedFiles files = embedded_files();
    for (std::size_t i = 0; i < files.count; ++i) {
        const EmbeddedFile& f = files.files[i];
        const std::string kind = f.kind;
        const std::string where = kind + "/" + f.name;
        Json j = parse_file(f);
        if (lang != Lang::zh_Hant) translate(j, lang);
        if (kind == "models") {
            c.models.push_back(parse_model(j, where));
        } else if (kind == "hardware") {
            c.gpus.push_back(parse_gpu(j, where));
        } else if (kind == "sets") {
            ObjectReader top(j, where);
            const Json& sets = top.get("sets");
            for (size_t k = 0; k < sets.size(); ++k) {
                ObjectReader r(sets[k], where + ".sets[" + std::to_string(k) + "]");
                ModelSet set{r.text("id"), r.text("name"), {}};
                for (const auto& id : r.get("models")) set.models.push_back(id.get<std::string>());
                c.sets.push_back(set);
            }
        } else {
            if (!j.contains("dtypes") || !j["dtypes"].is_array()) {
                throw FieldError(where + ".dtypes", msg::content_dtypes_not_array, {{"where", where}});
            }
            for (size_t k = 0; k < j["dtypes"].size(); ++k) {
                c.dtypes.push_back(parse_dtype(j["dtypes"][k], where + ".dtypes[" + std::to_string(k) + "]"));
            }
        }
    }
    // Pickers list small to large: models by parameters, GPUs by memory.
    // Partial models (no parameter count) go last.
    auto size = [](const ModelSpec& m) { return m.partial.empty() ? total_params(m) : ~u128{0}; };
    sort_stably_by(c.models, size);
    sort_stably_by(c.gpus, [](const Gpu& g) { return g.memory_bytes; });
    return c;
}

template <typename T>
std::string id_list(const std::vector<T>& items) {
    std::string out;
    for (const auto& it : items) out += (out.empty() ? "" : list_separator()) + it.id;
    return out;
}

// One catalog per language whose words are here, built once and kept as
// long as the program (results hold references into them).  Each language
// parses the same files, so the numbers are the same in all of them.
struct Catalogs {
    std::unique_ptr<const Catalog> by_lang[std::size(kAllLangs)];

    // Builds `lang`'s catalog if its files and words are here and it has none yet.
    void add(Lang lang) {
        auto& own = by_lang[static_cast<int>(lang)];
        const bool words_here = lang == Lang::zh_Hant || catalog_words_ready(lang);
        if (!own && words_here && embedded_files().count > 0) own = std::make_unique<const Catalog>(load(lang));
    }
};

// Built on first use, every language whose words are here at once: parsing
// is single-threaded (spec_deepseek_v41.cpp keeps parse state), and the
// WASM module's first use is outside any request (api::prepare()), so none
// lands in a request's arena.
Catalogs& catalogs() {
    static Catalogs all = [] {
        Catalogs c;
        for (Lang lang : kAllLangs) c.add(lang);
        return c;
    }();
    return all;
}

}  // namespace

// The current language's catalog, else zh-Hant's, else any built one.  None
// is built only in the browser's module before its page's catalog arrives
// (api/catalog_data.hpp): then it is empty, and every model is unknown.
const Catalog& catalog() {
    const Catalogs& all = catalogs();
    const auto& own = all.by_lang[static_cast<int>(current_lang())];
    if (own) return *own;
    if (const auto& hant = all.by_lang[static_cast<int>(Lang::zh_Hant)]) return *hant;
    for (const auto& other : all.by_lang) {
        if (other) return *other;
    }
    static const Catalog none;
    return none;
}

void prepare_catalog(Lang lang) { catalogs().add(lang); }

namespace {

template <typename T>
const T& find(const std::vector<T>& items, const std::string& field, const std::string& id, MessageId unknown) {
    for (const auto& it : items) {
        if (it.id == id) return it;
    }
    throw FieldError(field, unknown, {{"id", quoted_value(id)}, {"available", id_list(items)}});
}

}  // namespace

const ModelSpec& find_model(const std::string& field, const std::string& id) {
    return find(catalog().models, field, id, msg::model_unknown);
}

// A device answers to its id and to its aliases (ids the catalog used before).
const Gpu& find_gpu(const std::string& field, const std::string& id) {
    for (const Gpu& g : catalog().gpus) {
        for (const std::string& alias : g.aliases) {
            if (alias == id) return g;
        }
    }
    return find(catalog().gpus, field, id, msg::gpu_unknown);
}

const Dtype& find_dtype(const std::string& field, const std::string& id) {
    return find(catalog().dtypes, field, id, msg::dtype_unknown);
}

const ModelSet& find_set(const std::string& field, const std::string& id) {
    return find(catalog().sets, field, id, msg::model_set_unknown);
}

}  // namespace tally::api
