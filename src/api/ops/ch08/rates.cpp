#include "rates.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

namespace tally::api::ch08_rates {

namespace {

const Gpu* gpu_of(const RequestFields& f) { return f.has("gpu") ? &find_gpu("gpu", f.text("gpu")) : nullptr; }

}  // namespace

Ratio peak_flops_per_second(const RequestFields& f) {
    if (f.has("peak_tflops") || !f.has("gpu")) return ch08_fields::positive(f, "peak_tflops") * kTera;
    const Ratio* peak = gpu_of(f)->dense_peak("bf16");
    if (peak == nullptr) throw FieldError("peak_tflops", msg::field_missing, {{"label", ch08_fields::label("peak_tflops")}});
    return *peak;
}

Ratio link_bytes_per_second(const RequestFields& f) {
    if (f.has("link_gbps") || !f.has("gpu")) return ch08_fields::positive(f, "link_gbps") * kGiga;
    const Gpu* g = gpu_of(f);
    if (!g->pcie) throw FieldError("link_gbps", msg::field_missing, {{"label", ch08_fields::label("link_gbps")}});
    return *g->pcie;
}

Ratio memory_bytes_per_second(const RequestFields& f) {
    if (f.has("bandwidth") || !f.has("gpu")) return ch08_fields::positive(f, "bandwidth") * kGiga;
    const Gpu* g = gpu_of(f);
    if (!g->memory_bandwidth) throw FieldError("bandwidth", msg::field_missing, {{"label", ch08_fields::label("bandwidth")}});
    return *g->memory_bandwidth;
}

}  // namespace tally::api::ch08_rates
