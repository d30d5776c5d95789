// The book's chapters (content/book.json) with their ledgers of printed
// numbers (tests/ledger/<pattern>) and the datasets their sourced entries
// read (content/<chapter>/data/*.json), compiled into the CLI (see
// cmake/embed_ledger.cmake).
#pragma once

#include <cstddef>

namespace tally::cli {

struct BookChapter {
    const char* id;     // a chapter id of content/book.json: what `tally reproduce` takes
    int number;         // its number in the book
    const char* title;  // its zh-Hant title
    bool draft;         // listed for the ledger and `tally reproduce`, not yet on the site
    const char* const* ledger_files;
    std::size_t ledger_file_count;
    const char* const* dataset_names;  // "vllm-replay" for content/ch03/data/vllm-replay.json
    const char* const* dataset_files;
    std::size_t dataset_count;
};

extern const BookChapter kBookChapters[];
extern const std::size_t kBookChapterCount;

}  // namespace tally::cli
