#include "api/device_rates.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {}  // namespace

DeviceRates device_rates(const RequestFields& f, const std::optional<Ratio>& sent_gb_per_second,
                         const std::optional<Ratio>& sent_tflops, const std::string& format) {
    DeviceRates d;
    if (f.has("gpu")) d.gpu = &find_gpu("gpu", f.text("gpu"));
    if (sent_gb_per_second) {
        d.bytes_per_second = *sent_gb_per_second * kGiga;
    } else if (d.gpu && d.gpu->memory_bandwidth) {
        d.bytes_per_second = *d.gpu->memory_bandwidth;
        d.bandwidth_from_gpu = true;
    }
    if (sent_tflops) {
        d.flops_per_second = *sent_tflops * kTera;
    } else if (d.gpu) {
        if (const Ratio* peak = d.gpu->dense_peak(format)) {
            d.flops_per_second = *peak;
            d.peak_from_gpu = true;
        }
    }
    return d;
}

Ratio require_bandwidth(const DeviceRates& d, const std::string& bandwidth_label) {
    if (d.bytes_per_second) return *d.bytes_per_second;
    if (d.gpu) throw FieldError("gpu", msg::gpu_no_bandwidth, {{"id", d.gpu->id}, {"label", bandwidth_label}});
    throw FieldError("bandwidth", msg::field_missing, {{"label", bandwidth_label}});
}

Ratio require_peak(const DeviceRates& d, const std::string& format, const std::string& peak_label) {
    if (d.flops_per_second) return *d.flops_per_second;
    if (d.gpu) throw FieldError("gpu", msg::gpu_no_peak, {{"id", d.gpu->id}, {"format", format}, {"label", peak_label}});
    throw FieldError("peak_tflops", msg::field_missing, {{"label", peak_label}});
}

std::optional<Ratio> gpu_bandwidth_gb_per_second(const RequestFields& f, const std::string& bandwidth_label) {
    if (!f.has("gpu") || f.has("bandwidth")) return std::nullopt;
    return require_bandwidth(device_rates(f, std::nullopt, std::nullopt, "bf16"), bandwidth_label) / kGiga;
}

std::optional<Ratio> gpu_peak_tflops(const RequestFields& f, const std::string& format, const std::string& peak_label) {
    return gpu_peak_tflops(f, format, peak_label, "gpu", "peak_tflops");
}

std::optional<Ratio> gpu_peak_tflops(const RequestFields& f, const std::string& format, const std::string& peak_label,
                                     const std::string& gpu_field, const std::string& peak_field) {
    if (!f.has(gpu_field) || f.has(peak_field)) return std::nullopt;
    const Gpu& gpu = find_gpu(gpu_field, f.text(gpu_field));
    if (const Ratio* peak = gpu.dense_peak(format)) return *peak / kTera;
    throw FieldError(gpu_field, msg::gpu_no_peak, {{"id", gpu.id}, {"format", format}, {"label", peak_label}});
}

std::string peak_format_of(const std::string& dtype_id) { return dtype_id; }

}  // namespace tally::api
