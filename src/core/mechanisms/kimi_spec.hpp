// Kimi K3 and DeepSeek-V3 data: multi-head latent attention (compact and
// expanded paths), Kimi Delta Attention, and Attention Residuals.
#pragma once

#include "../exact.hpp"

namespace tally {

struct MlaAttention {
    bool placeholder = false;  // to be filled by the MLA module
};

struct KdaAttention {
    bool placeholder = false;
};

struct AttnResConnection {
    bool placeholder = false;
};

}  // namespace tally
