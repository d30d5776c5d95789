#include "request.hpp"

#include <algorithm>

#include "forward.hpp"
#include "mechanisms/deepseek_v4_sums.hpp"
#include "mechanisms/gqa.hpp"

namespace tally {

RequestResult request(const ModelSpec& m, const StateOptions& options, const RequestShape& r) {
    RequestResult out;
    const u128 H = add(r.context, r.input);
    const u128 nd = r.generated - 1;  // generated ≥ 1 is validated by the API
    out.decode_steps = nd;
    // Σ_{j=0}^{n_d−1} (H + j); n_d(n_d−1)/2 is exact because one factor is even.
    const u128 tri = nd == 0 ? 0 : (nd % 2 == 0 ? mul(nd / 2, nd - 1) : mul(nd, (nd - 1) / 2));
    out.kv_read_tokens = add(mul(nd, H), tri);

    // c: bytes one more stored position adds (K/V or latents, not fixed state).
    const Ratio c = state(m, 1, options).per_token;
    const Ratio B(r.batch);
    out.kv_read_bytes = c * Ratio(out.kv_read_tokens) * B;
    out.prefill_kv_bytes = c * Ratio(r.input) * B;
    out.new_kv_bytes = c * Ratio(nd) * B;
    out.final_kv_bytes = c * Ratio(add(H, nd)) * B;
    // Sliding-window layers hold min(t, W) positions at length t: step j
    // reads min(H+j, W) of them, and writes stop once the window is full.
    for (const auto& w : mech::windowed_kv(m, options.history)) {
        const auto held = [&](u128 t) { return Ratio(std::min<u128>(t, w.window)); };
        const Ratio per = w.bytes_per_position * B;
        const u128 read_positions = nd == 0 ? 0 : mech::v4::run_min(H - 1, nd, w.window);
        out.kv_read_bytes = out.kv_read_bytes + per * Ratio(read_positions);
        out.prefill_kv_bytes = out.prefill_kv_bytes + per * (held(H) - held(r.context));
        out.new_kv_bytes = out.new_kv_bytes + per * (held(add(H, nd)) - held(H));
        out.final_kv_bytes = out.final_kv_bytes + per * held(add(H, nd));
    }

    CallShape prefill{r.batch, r.context, r.input, r.batch};
    prefill.execution = r.execution;
    out.prefill_flops = forward(m, prefill).total;
    out.decode_flops = decode_flops_sum(m, r.batch, H, nd, r.execution);
    out.total = out.prefill_flops + out.decode_flops;
    return out;
}

}  // namespace tally
