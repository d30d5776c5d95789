// The dense GQA shape that chapter 10's saved-activation ledger reads
// (src/core/ch10/saved_activations.hpp), taken from a catalog model: the
// model's numbers live in content/models/, never restated in code.
#pragma once

#include "api/catalog.hpp"
#include "core/ch10/saved_activations.hpp"

namespace tally::api {

// Refused (field "model") unless every layer group is GQA attention over a
// dense FFN, the only shape the ledger's object list describes.
ch10::DenseShape dense_shape_of(const ModelSpec& m);

}  // namespace tally::api
