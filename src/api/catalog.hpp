// Models, GPUs and storage formats known to this build, parsed once from the
// embedded content/ files.
#pragma once

#include <string>
#include <vector>

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

// Throws FieldError naming the file and JSON path if the content is invalid
// (the core tests load it, so a bad file fails the build's tests).
const Catalog& catalog();

const ModelSpec& find_model(const std::string& field, const std::string& id);
const Gpu& find_gpu(const std::string& field, const std::string& id);
const Dtype& find_dtype(const std::string& field, const std::string& id);
const ModelSet& find_set(const std::string& field, const std::string& id);

}  // namespace tally::api
