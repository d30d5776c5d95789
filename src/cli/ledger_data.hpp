// tests/ledger/ch02*.json compiled into the CLI (see cmake/embed_ledger.cmake).
#pragma once

#include <cstddef>

namespace tally::cli {

extern const char* const kLedgerFiles[];
extern const std::size_t kLedgerFileCount;

}  // namespace tally::cli
