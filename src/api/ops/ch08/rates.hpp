// The card's rates chapter 8's ops use: the dense BF16 peak (`peak_tflops`
// or the catalog card `gpu`) and a host link (`link_gbps` or the card's
// PCIe), in bytes and FLOPs per second.
#pragma once

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch08_rates {

Ratio peak_flops_per_second(const RequestFields& f);
Ratio link_bytes_per_second(const RequestFields& f);
// Memory bandwidth: `bandwidth` (GB/s) or the card's.
Ratio memory_bytes_per_second(const RequestFields& f);

}  // namespace tally::api::ch08_rates
