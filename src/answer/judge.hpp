// The judge: a Reading against the expected answer, with the verdict's
// zh-Hant message, mistake code and display fields.  Internal.
#pragma once

#include <string>

#include "answer.hpp"
#include "parser.hpp"

namespace tally::checker {

// Throws ArithmeticOverflow past the exact 128-bit range.
AnswerVerdict judge(const Reading& reading, const ExpectedAnswer& expected);

// The verdict for text that could not be read, with the accepted forms.
AnswerVerdict unparsable(const std::string& reason);

}  // namespace tally::checker
