// The content/ JSON files compiled into the binary (see cmake/embed_content.cmake).
#pragma once

#include <cstddef>

namespace tally::api {

struct EmbeddedFile {
    const char* kind;  // "models", "hardware", "dtypes" or "sets"
    const char* name;  // file name, e.g. "qwen3-8b.json"
    const char* text;
};

extern const EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;

}  // namespace tally::api
