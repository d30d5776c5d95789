// The data of every attention, connection and model-part kind that belongs
// to one model family.  Each family keeps its structs in its own header so
// the modules can grow independently; spec.hpp assembles the variants.
#pragma once

#include "deepseek_v41_spec.hpp"
#include "deepseek_v4_spec.hpp"
#include "kimi_spec.hpp"
