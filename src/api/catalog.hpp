// Models, GPUs and storage formats known to this build, parsed once from the
// embedded content/ files.
#pragma once

#include <string>
#include <vector>

#include "core/spec.hpp"

namespace tally::api {

struct Catalog {
    std::vector<ModelSpec> models;
    std::vector<Gpu> gpus;
    std::vector<Dtype> dtypes;
};

// Throws FieldError naming the file and JSON path if the content is invalid
// (the core tests load it, so a bad file fails the build's tests).
const Catalog& catalog();

const ModelSpec& find_model(const std::string& field, const std::string& id);
const Gpu& find_gpu(const std::string& field, const std::string& id);
const Dtype& find_dtype(const std::string& field, const std::string& id);

}  // namespace tally::api
