// Chapter 4's die locality (§4.5.1, Figs. 4-22 and 4-23): where the work of
// a phase runs in a two-die package, and what crosses the link between the
// dies.  A catalog device (`gpu`) gives each die's memory bandwidth (its
// bandwidth over its dies) and, where the catalog has it, the die link in
// one direction; sent fields override both.
#include <optional>

#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch04/die_locality.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kDieLocalityFields[] = {
    field::integer("bytes_per_die", 1, kMaxCount),
    field::integer("exchange_bytes", 0, kMaxCount, "0"),
    field::of_kind("local_bandwidth", FieldKind::Decimal),
    field::of_kind("die_link_bandwidth", FieldKind::Decimal),
    fields::kGpu,
};

const Gpu* gpu_of(const RequestFields& f) { return f.has("gpu") ? &find_gpu("gpu", f.text("gpu")) : nullptr; }

// One die's memory bandwidth, GB/s: sent, or the device's bandwidth shared
// evenly by its dies (the book's B200: 8 TB/s over two dies, 4 each).
Ratio local_gbps(const RequestFields& f, const Gpu* g) {
    if (f.has("local_bandwidth") || !g || !g->memory_bandwidth || g->dies == 0)
        return ch04_fields::positive(f, "local_bandwidth");
    return *g->memory_bandwidth / Ratio(1000000000) / Ratio(g->dies);
}

// The die link in one direction, GB/s: sent, or the catalog's (a device
// whose die link states no direction, the B200's NV-HBI, needs it sent).
Ratio link_gbps(const RequestFields& f, const Gpu* g) {
    if (f.has("die_link_bandwidth") || !g || !g->die_link) return ch04_fields::positive(f, "die_link_bandwidth");
    return *g->die_link / Ratio(1000000000);
}

// Milliseconds with two decimals, or μs below a tenth of a millisecond (the
// B200's 64 MiB exchange: 6.71 μs, not 0.01 ms).
std::string time_text(const Ratio& us) {
    if (us < Ratio(100)) return fixed(us, 2) + " μs";
    return fixed(us / Ratio(1000), 2) + " ms";
}

Json op_die_locality(const Json& req) {
    RequestFields f(req, kDieLocalityFields);
    const Ratio bytes(f.integer("bytes_per_die"));
    const Ratio exchange(f.integer_or("exchange_bytes"));
    const Gpu* g = gpu_of(f);
    const Ratio local = local_gbps(f, g);  // one field per statement: the same refusal natively and in WASM
    const Ratio link = link_gbps(f, g);
    const ch04::DieLocality d = ch04::die_locality(bytes, exchange, local, link);
    Json r;
    r["gpu"] = g ? Json(g->id) : Json(nullptr);
    r["local_bandwidth"] = exact_json(local);
    r["die_link_bandwidth"] = exact_json(link);
    // Times in ms, the scale of these phases (the exchange's display drops to μs).
    const Ratio ms(1000);
    r["local_read_ms"] = exact_json(d.local_read_us / ms);
    r["local_read_display"] = time_text(d.local_read_us);
    r["remote_read_ms"] = exact_json(d.remote_read_us / ms);
    r["remote_read_display"] = time_text(d.remote_read_us);
    r["remote_bound"] = d.link_bound ? "link" : "memory";
    r["gathered_ms"] = exact_json(d.gathered_us / ms);
    r["gathered_display"] = time_text(d.gathered_us);
    r["exchange_ms"] = exact_json(d.exchange_us / ms);
    r["exchange_display"] = time_text(d.exchange_us);
    r["link_over_local"] = exact_json(d.link_over_local);
    r["link_over_local_display"] = fixed(d.link_over_local, 2);
    r["remote_over_local"] = exact_json(d.remote_read_us / d.local_read_us);
    r["remote_over_local_display"] = fixed(d.remote_read_us / d.local_read_us, 1);
    return r;
}

constexpr ResultDecl kDieLocalityResult[] = {
    result::nullable(result::text("gpu")),  result::exact("local_bandwidth"),
    result::exact("die_link_bandwidth"),    result::exact("local_read_ms"),
    result::display("local_read_display"),  result::exact("remote_read_ms"),
    result::display("remote_read_display"), result::text("remote_bound"),
    result::exact("gathered_ms"),           result::display("gathered_display"),
    result::exact("exchange_ms"),           result::display("exchange_display"),
    result::exact("link_over_local"),       result::display("link_over_local_display"),
    result::exact("remote_over_local"),     result::display("remote_over_local_display"),
};
constexpr const char* kDieLocalitySamples[] = {
    R"({"op":"die_locality","gpu":"ascend-910c","bytes_per_die":34359738368,"exchange_bytes":67108864})",
    R"({"op":"die_locality","gpu":"b200","die_link_bandwidth":"10000","bytes_per_die":34359738368,"exchange_bytes":67108864})",
    R"({"op":"die_locality","local_bandwidth":"1600","die_link_bandwidth":"270","bytes_per_die":1048576})",
};

}  // namespace

const OpDef kDieLocalityOp = {"die_locality", op_die_locality, kDieLocalityFields, kDieLocalityResult, kDieLocalitySamples};

}  // namespace tally::api
