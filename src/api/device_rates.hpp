// The rates an op computes with, from the request: a catalog device named by
// `gpu` (content/hardware/) supplies its memory bandwidth and its dense peak
// for the op's input format, and a rate the request states itself overrides
// the device's.  Every op that takes a bandwidth or a peak reads them here,
// so `gpu` means the same in every chapter.
#pragma once

#include <optional>
#include <string>

#include "api/fields.hpp"
#include "core/exact.hpp"
#include "core/spec.hpp"

namespace tally::api {

struct DeviceRates {
    const Gpu* gpu = nullptr;               // the device `gpu` names, if sent
    std::optional<Ratio> bytes_per_second;  // memory bandwidth
    std::optional<Ratio> flops_per_second;  // dense peak for the format
    bool bandwidth_from_gpu = false;        // the device gave it, not the request
    bool peak_from_gpu = false;
};

// `sent_gb_per_second` and `sent_tflops` are the request's own fields as the
// op has read them (GB/s, TFLOP/s; empty when absent).  A device that states
// no peak for `format` leaves the peak empty; the op decides whether it
// needs one (require_peak, require_bandwidth).
DeviceRates device_rates(const RequestFields& f, const std::optional<Ratio>& sent_gb_per_second,
                         const std::optional<Ratio>& sent_tflops, const std::string& format);

// The bandwidth, or a refusal naming `bandwidth` (no device) or `gpu` (a
// device whose sources state none).
Ratio require_bandwidth(const DeviceRates& d, const std::string& bandwidth_label);
// The peak, or a refusal naming `peak_tflops` or `gpu` (the device states no
// dense peak for `format`).
Ratio require_peak(const DeviceRates& d, const std::string& format, const std::string& peak_label);

// For ops whose rate fields have defaults: when `gpu` is sent and the field
// is not, the device's rate in the field's unit (GB/s, TFLOP/s), refusing a
// device that states none; otherwise empty (the field or its default holds).
std::optional<Ratio> gpu_bandwidth_gb_per_second(const RequestFields& f, const std::string& bandwidth_label);
std::optional<Ratio> gpu_peak_tflops(const RequestFields& f, const std::string& format, const std::string& peak_label);
// The same for an op with more than one device (gpu_hour_factor's `gpu` and
// `gpu_to`): the device named by `gpu_field` supplies `peak_field`, and a
// refusal names `gpu_field`.
std::optional<Ratio> gpu_peak_tflops(const RequestFields& f, const std::string& format, const std::string& peak_label,
                                     const std::string& gpu_field, const std::string& peak_field);

// The catalog's name for an input format's peak: a storage format (dtype id)
// maps to the matrix input format it feeds ("bf16" → "bf16").
std::string peak_format_of(const std::string& dtype_id);

}  // namespace tally::api
