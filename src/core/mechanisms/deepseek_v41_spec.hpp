// DeepSeek V4.1 Flash data: CSA2 attention (Full / Reindex / Reuse / SWA),
// Single-Pass mHC and the Engram branch.
#pragma once

#include "../exact.hpp"

namespace tally {

struct Csa2Attention {
    bool placeholder = false;  // to be filled by the V4.1 module
};

struct SinglePassMhcConnection {
    bool placeholder = false;
};

// An n-gram lookup branch; `enabled` is false on layers without Engram.
struct EngramBranch {
    bool enabled = false;
};

}  // namespace tally
