// What chapter 5's own request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
#include "api/ops/ch05/ops.hpp"

namespace tally::api {

// Return an array of {"field", "meaning", "accepted"} once the chapter's ops have fields of their own.
DeclList<FieldMeaning> ch05_field_meanings() { return {}; }

}  // namespace tally::api
