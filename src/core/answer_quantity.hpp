// Widget fields read by the answer checker (src/answer/quantity.hpp); this
// header keeps the old include path for its callers.
#pragma once

#include "answer/quantity.hpp"
