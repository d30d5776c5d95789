// Model, GPU and storage-format specs from JSON, validated field by field.
// A bad field raises FieldError whose field is the JSON path ("groups[0].layers").
#pragma once

#include <string>

#include "core/spec.hpp"
#include "json_out.hpp"

namespace tally::api {

ModelSpec parse_model(const Json& j, const std::string& path);
Gpu parse_gpu(const Json& j, const std::string& path);
Dtype parse_dtype(const Json& j, const std::string& path);

}  // namespace tally::api
