// The `check_answer` op: one learner answer against one exercise's expected
// value (docs/answers.md).
#pragma once

#include "json_out.hpp"

namespace tally::api {

// {"answer": "1.125 GiB", "expected": {"value": "1207959552", "unit": "B",
//  "digits": 4, "per": "token", "mistakes": [{"code": "query_heads", "value": "4831838208"}]}}
// → {correct, mistake, message, understood, parsed, parsed_unit}.  An answer
// the checker cannot read is a verdict (mistake "unparsable"), not an error;
// only a malformed request raises FieldError.
Json op_check_answer(const Json& request);

// {"text": "32K", "kind": "tokens"|"count"|"bytes"} → {"value": "32768",
// "understood": "32,768 個 token（K 以 1,024 計）"}: a reader's text read
// exactly as a widget field reads it (sliders, URL state).  Text that cannot
// be a whole quantity of that kind is a FieldError on "text".
Json op_read_quantity(const Json& request);

}  // namespace tally::api
