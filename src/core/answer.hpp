// The answer checker is its own library (src/answer/, docs/answers.md); this
// header keeps the old include path for its callers.
#pragma once

#include "answer/answer.hpp"
