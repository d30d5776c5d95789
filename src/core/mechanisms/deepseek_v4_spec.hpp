// DeepSeek V4-Flash data: window / CSA / HCA attention, mHC connections,
// the mHC head mixing and the MTP block.
#pragma once

#include "../exact.hpp"

namespace tally {

struct V4Attention {
    bool placeholder = false;  // to be filled by the V4 module
};

struct MhcConnection {
    bool placeholder = false;
};

struct MhcHead {
    bool placeholder = false;
};

struct MtpBlock {
    bool placeholder = false;
};

}  // namespace tally
