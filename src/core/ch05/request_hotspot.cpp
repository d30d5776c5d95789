#include "core/ch05/request_hotspot.hpp"

namespace tally::ch05 {

namespace {

Ratio gap(const Ratio& a, const Ratio& b) { return a < b ? b - a : a - b; }

}  // namespace

RequestHotspot request_hotspot(u128 layers, u128 input_tokens, u128 output_tokens, const HotspotTimes& t) {
    RequestHotspot h;
    h.decode_steps = output_tokens - 1;
    h.prefill_calls = layers;
    h.decode_calls = mul(layers, h.decode_steps);
    h.calls = mul(layers, output_tokens);
    h.prefill_rows = mul(layers, input_tokens);
    h.old_ms = t.prefill_old_ms + t.decode_old_ms;
    h.new_ms = t.prefill_new_ms + t.decode_new_ms;
    h.decode_speedup = t.decode_old_ms / t.decode_new_ms;
    h.decode_saved_ms = gap(t.decode_old_ms, t.decode_new_ms);
    h.prefill_slower = t.prefill_old_ms < t.prefill_new_ms;
    h.prefill_change_ms = gap(t.prefill_old_ms, t.prefill_new_ms);
    h.slower = h.old_ms < h.new_ms;
    h.saved_ms = gap(h.old_ms, h.new_ms);
    h.saved_per_step_ms = h.decode_saved_ms / Ratio(h.decode_steps);
    return h;
}

HotspotProjection project_hotspot(u128 output_tokens, u128 projected_output_tokens, const HotspotTimes& t) {
    HotspotProjection p;
    p.decode_steps = projected_output_tokens - 1;
    const Ratio scale = Ratio(p.decode_steps) / Ratio(output_tokens - 1);
    const Ratio old_ms = t.prefill_old_ms + t.decode_old_ms * scale;
    const Ratio new_ms = t.prefill_new_ms + t.decode_new_ms * scale;
    p.decode_saved_ms = gap(t.decode_old_ms, t.decode_new_ms) * scale;
    p.slower = old_ms < new_ms;
    p.saved_ms = gap(old_ms, new_ms);
    return p;
}

}  // namespace tally::ch05
