// What chapter 2's own request fields mean, for `tally schema` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
#include "api/ops/ch02/ops.hpp"

namespace tally::api {

namespace {

constexpr FieldMeaning kMeanings[] = {
    {"bytes_per_token", "a given per-token size instead of a model", "a positive decimal (445, 3514.25)"},
    {"baseline_bytes_per_token", "a per-token size to compare against (adds `ratio`)", "a positive decimal"},
    {"with_window", "add the model's local window per request", "`true`, `false`"},
    {"length", "positions on the replay timeline", ""},
    {"position", "the newest token's position", ""},
    {"window", "replay window size", ""},
    {"stride", "interval of the long-distance marks", ""},
    {"effort", "reasoning effort on the 1 … 100 scale", ""},
};

}  // namespace

DeclList<FieldMeaning> ch02_field_meanings() { return kMeanings; }

}  // namespace tally::api
