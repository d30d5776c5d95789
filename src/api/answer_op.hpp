// The `check_answer` op: one learner answer against one exercise's expected
// value (docs/answers.md).
#pragma once

#include "json_out.hpp"

namespace tally::api {

// {"answer": "1.125 GiB", "expected": {"value": "1207959552", "unit": "B",
//  "digits": 4, "mistakes": [{"code": "query_heads", "value": "4831838208"}]}}
// → {correct, mistake, message, understood, parsed, parsed_unit}.  An answer
// the checker cannot read is a verdict (mistake "unparsable"), not an error;
// only a malformed request raises FieldError.
Json op_check_answer(const Json& request);

}  // namespace tally::api
