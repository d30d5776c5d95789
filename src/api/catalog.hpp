// Models, GPUs and storage formats known to this build, parsed once from the
// embedded content/ files.
#pragma once

#include <string>
#include <vector>

#include "core/lang.hpp"
#include "core/spec.hpp"

namespace tally::api {

// A named list of model ids (content/model_sets.json).
struct ModelSet {
    std::string id;
    std::string name;
    std::vector<std::string> models;
};

struct Catalog {
    std::vector<ModelSpec> models;
    std::vector<Gpu> gpus;
    std::vector<Dtype> dtypes;
    std::vector<ModelSet> sets;
};

// The catalog in the current language (core/lang.hpp): the same models,
// GPUs and formats in every language, their names and notes in its words
// (api/catalog_words.hpp); zh-Hant's where a browser module has not loaded
// the language's words.  Throws FieldError naming the file and JSON path if
// the content is invalid (the core tests load it, so a bad file fails the
// build's tests).
const Catalog& catalog();

// Builds `lang`'s catalog now, if its words are here (the browser module,
// once it has loaded them: outside any request, so not in its arena).
void prepare_catalog(Lang lang);

const ModelSpec& find_model(const std::string& field, const std::string& id);
const Gpu& find_gpu(const std::string& field, const std::string& id);
const Dtype& find_dtype(const std::string& field, const std::string& id);
const ModelSet& find_set(const std::string& field, const std::string& id);

}  // namespace tally::api
