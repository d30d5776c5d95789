#include "catalog.hpp"

#include <algorithm>
#include <string>

#include "catalog_data.hpp"
#include "core/params.hpp"
#include "core/stable_order.hpp"
#include "errors.hpp"
#include "json_errors.hpp"
#include "object_reader.hpp"
#include "spec_json.hpp"

namespace tally::api {

namespace {

Json parse_file(const EmbeddedFile& f) {
    Json j = Json::parse(f.text, nullptr, false);
    if (j.is_discarded()) {
        throw FieldError(std::string(f.kind) + "/" + f.name, std::string("content/") + f.kind + "/" + f.name + " 不是有效的 JSON");
    }
    return j;
}

Catalog load() {
    Catalog c;
    for (std::size_t i = 0; i < kEmbeddedFileCount; ++i) {
        const EmbeddedFile& f = kEmbeddedFiles[i];
        const std::string kind = f.kind;
        const std::string where = kind + "/" + f.name;
        Json j = parse_file(f);
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
                throw FieldError(where + ".dtypes", where + ".dtypes 必須是陣列");
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
    for (const auto& it : items) out += (out.empty() ? "" : "、") + it.id;
    return out;
}

template <typename T>
const T& find(const std::vector<T>& items, const std::string& field, const std::string& id, const char* what) {
    for (const auto& it : items) {
        if (it.id == id) return it;
    }
    throw FieldError(field, std::string("未知的") + what + "「" + quoted_value(id) + "」；可用：" + id_list(items));
}

}  // namespace

const Catalog& catalog() {
    static const Catalog instance = load();
    return instance;
}

const ModelSpec& find_model(const std::string& field, const std::string& id) {
    return find(catalog().models, field, id, "模型");
}

const Gpu& find_gpu(const std::string& field, const std::string& id) {
    return find(catalog().gpus, field, id, "GPU");
}

const Dtype& find_dtype(const std::string& field, const std::string& id) {
    return find(catalog().dtypes, field, id, "精度");
}

const ModelSet& find_set(const std::string& field, const std::string& id) {
    return find(catalog().sets, field, id, "模型組");
}

}  // namespace tally::api
