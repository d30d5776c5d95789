// The book's chapters as the API sees them: which ops each contributes and
// what their fields mean.  Written from content/book.json at build time
// (cmake/book_chapters.cmake → <build>/generated/book_chapters.cpp), so a new
// chapter's ops join the API through its folder src/api/ops/chNN/ and its
// book.json entry alone.  all_ops() itself is declared in ops/all_ops.hpp.
#pragma once

#include "api/schema.hpp"

namespace tally::api {

// Each chapter's field meanings, in book order (only `tally schema` reads them).
DeclList<DeclList<FieldMeaning>> book_field_meanings();

}  // namespace tally::api
