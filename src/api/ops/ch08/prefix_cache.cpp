// The prefix_cache_value op (§8.3.4, Exercise 8-4): whether a bounded cache
// should keep one prefix or a rival set of shorter ones.  Recompute time is
// chapter 2's forward FLOPs of the prefix over the card's dense BF16 peak
// times a prefill efficiency (Experiment 8-1 measured 0.622 at batch 1, 2K:
// the default); fetch and swap-out move its KV (chapter 2's state bytes)
// over the host link.
#include "api/ops/ch08/ops.hpp"
#include "kv_bytes.hpp"
#include "rates.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch08/prefix_value.hpp"
#include "core/forward.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "api/ops/unit_texts.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kPrefixCacheFields[] = {
    fields::kModel,
    field::integer("tokens", 1, kMaxPositions),
    field::of_kind("hit", FieldKind::Decimal, "0.5"),
    field::integer("copies", 1, 1 << 16, "1"),
    field::integer("rival_tokens", 1, kMaxPositions),
    field::integer("rival_copies", 1, 1 << 16, "1"),
    field::of_kind("rival_hit", FieldKind::Decimal),
    field::of_kind("compute_efficiency", FieldKind::Decimal, "0.622"),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("link_gbps", FieldKind::Decimal),
    fields::kGpu,
};

struct Kept {
    Ratio flops;
    Ratio bytes;
    ch08::PrefixValue value;
};

Kept kept(const ModelSpec& m, u128 tokens, const Ratio& hit, const RequestFields& f) {
    CallShape call;
    call.input = tokens;  // one request, nothing cached, the last position scored
    Kept k;
    k.flops = forward(m, call).total;
    k.bytes = ch08_kv::bytes_per_position(m, "bf16") * Ratio(tokens);
    ch08::PrefixInput in;
    in.flops = k.flops;
    in.bytes = k.bytes;
    in.hit = hit;
    in.flops_per_second = ch08_rates::peak_flops_per_second(f);
    in.efficiency = ch08_fields::efficiency_or(f, "compute_efficiency", "0.622");
    in.link_bytes_per_second = ch08_rates::link_bytes_per_second(f);
    k.value = ch08::prefix_value(in);
    return k;
}

Json optional_ms(const std::optional<Ratio>& v) { return v ? exact_json(*v) : Json(nullptr); }

// Displays at the book's precision: times to 0.1 ms (307.9 ms, 14.2 ms),
// hit rates to 0.1 % (4.8 %, 46.0 %), the gain per MiB to 0.001 ms.
std::string percent_text(const Ratio& share) { return fixed(share * Ratio(100), 1) + "%"; }
Json optional_text(const std::optional<Ratio>& v, std::string (*text)(const Ratio&)) {
    return v ? Json(text(*v)) : Json(nullptr);
}
std::string ms1(const Ratio& ms) { return ms_text(ms, 1); }
std::string ms3(const Ratio& ms) { return ms_text(ms, 3); }

Json kept_json(const Kept& k, u128 count) {
    Json r;
    r["flops"] = exact_json(k.flops);
    r["flops_display"] = flops_text(k.flops);
    r["bytes"] = exact_json(k.bytes);
    r["bytes_display"] = bytes_binary_text(k.bytes);
    r["cache_bytes"] = exact_json(k.bytes * Ratio(count));
    r["cache_bytes_display"] = bytes_binary_text(k.bytes * Ratio(count));
    r["recompute_ms"] = exact_json(k.value.recompute_ms);
    r["recompute_ms_display"] = ms_text(k.value.recompute_ms, 1);
    r["fetch_ms"] = exact_json(k.value.fetch_ms);
    r["fetch_ms_display"] = ms_text(k.value.fetch_ms, 1);
    r["swap_out_ms"] = exact_json(k.value.swap_out_ms);
    r["swap_out_ms_display"] = ms_text(k.value.swap_out_ms, 1);
    r["gain_ms"] = optional_ms(k.value.gain_ms);
    r["gain_ms_display"] = optional_text(k.value.gain_ms, ms1);
    r["loss_ms"] = optional_ms(k.value.loss_ms);
    r["loss_ms_display"] = optional_text(k.value.loss_ms, ms1);
    std::optional<Ratio> total_gain;
    if (k.value.gain_ms) total_gain = *k.value.gain_ms * Ratio(count);
    r["total_gain_ms"] = optional_ms(total_gain);
    r["total_gain_ms_display"] = optional_text(total_gain, ms1);
    // What one hit saves, the hit rate at which keeping starts to pay (p_h > T_m / (T_r − T_f)),
    // and the gain per MiB of cache; null when a hit saves nothing.
    const std::optional<Ratio> min_hit = ch08::break_even_hit(k.value, Ratio(0));
    std::optional<Ratio> saved;
    if (min_hit) saved = k.value.recompute_ms - k.value.fetch_ms;
    r["saved_per_hit_ms"] = optional_ms(saved);
    r["saved_per_hit_ms_display"] = optional_text(saved, ms1);
    r["min_hit"] = optional_ms(min_hit);
    r["min_hit_display"] = optional_text(min_hit, percent_text);
    std::optional<Ratio> per_mib;
    if (k.value.gain_ms) per_mib = *k.value.gain_ms / (k.bytes / Ratio(u128{1} << 20));
    r["gain_per_mib_ms"] = optional_ms(per_mib);
    r["gain_per_mib_ms_display"] = optional_text(per_mib, ms3);
    return r;
}

Json op_prefix_cache_value(const Json& req) {
    RequestFields f(req, kPrefixCacheFields);
    const ModelSpec m = model_of(f);
    const Ratio hit = ch08_fields::share_or(f, "hit", "0.5");
    const u128 count = f.integer_or("copies");
    const u128 rival_count = f.integer_or("rival_copies");  // its range is checked even without a rival
    const Kept prefix = kept(m, f.integer("tokens"), hit, f);
    Json r = kept_json(prefix, count);
    r["model"] = m.id;
    r["rival"] = nullptr;
    r["keep"] = nullptr;
    r["break_even_hit"] = nullptr;
    r["break_even_hit_display"] = nullptr;
    if (!f.has("rival_tokens")) return r;
    const Ratio rival_hit = f.has("rival_hit") ? ch08_fields::share(f, "rival_hit") : hit;
    const Kept rival = kept(m, f.integer("rival_tokens"), rival_hit, f);
    r["rival"] = kept_json(rival, rival_count);
    // Compare what each choice saves on average; a loss saves nothing.
    const Ratio mine = prefix.value.gain_ms ? *prefix.value.gain_ms * Ratio(count) : Ratio(0);
    const Ratio theirs = rival.value.gain_ms ? *rival.value.gain_ms * Ratio(rival_count) : Ratio(0);
    r["keep"] = mine == theirs ? "either" : (theirs < mine ? "prefix" : "rival");
    // The hit rate of this prefix at which the rival's total gain is matched (per copy).
    if (count == 1) {
        const std::optional<Ratio> even = ch08::break_even_hit(prefix.value, theirs);
        r["break_even_hit"] = optional_ms(even);
        r["break_even_hit_display"] = optional_text(even, percent_text);
    }
    return r;
}

constexpr ResultDecl kPrefixCacheResult[] = {
    result::text("model"),
    result::exact("flops"),
    result::display("flops_display"),
    result::exact("bytes"),
    result::display("bytes_display"),
    result::exact("cache_bytes"),
    result::display("cache_bytes_display"),
    result::exact("recompute_ms"),
    result::display("recompute_ms_display"),
    result::exact("fetch_ms"),
    result::display("fetch_ms_display"),
    result::exact("swap_out_ms"),
    result::display("swap_out_ms_display"),
    result::nullable(result::exact("gain_ms")),
    result::nullable(result::display("gain_ms_display")),
    result::nullable(result::exact("loss_ms")),
    result::nullable(result::display("loss_ms_display")),
    result::nullable(result::exact("total_gain_ms")),
    result::nullable(result::display("total_gain_ms_display")),
    result::nullable(result::exact("saved_per_hit_ms")),
    result::nullable(result::display("saved_per_hit_ms_display")),
    result::nullable(result::exact("min_hit")),
    result::nullable(result::display("min_hit_display")),
    result::nullable(result::exact("gain_per_mib_ms")),
    result::nullable(result::display("gain_per_mib_ms_display")),
    result::nullable(result::object("rival")),
    result::nullable(result::text("keep")),
    result::nullable(result::exact("break_even_hit")),
    result::nullable(result::display("break_even_hit_display")),
};
constexpr const char* kPrefixCacheSamples[] = {
    R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"gpu":"rtx-pro-6000"})",
    R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"rival_tokens":2048,"rival_copies":3,"gpu":"rtx-pro-6000"})",
    R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":6144,"rival_tokens":2048,"rival_copies":3,"gpu":"rtx-pro-6000","link_gbps":"32"})",
    R"({"op":"prefix_cache_value","model":"qwen3-8b","tokens":16,"hit":"0.01","peak_tflops":"503.8","link_gbps":"1"})",
};

}  // namespace

const OpDef kPrefixCacheValueOp = {"prefix_cache_value", op_prefix_cache_value, kPrefixCacheFields, kPrefixCacheResult,
                                   kPrefixCacheSamples};

}  // namespace tally::api
