#include "core/ch03/lifecycle.hpp"

#include "core/ch03/approximate.hpp"

namespace tally::ch03 {

namespace {

const u128 kTera = u128{1000000000000ULL};

// The cost line of one model, in FLOPs: intercept and slope.
struct Line {
    Ratio intercept;
    Ratio slope;
};

LifecycleCrossover crossing(const Line& a, const Line& b, const Ratio& rate) {
    LifecycleCrossover x;
    x.a_cheaper_first = a.intercept < b.intercept || (a.intercept == b.intercept && a.slope <= b.slope);
    const Line& low = x.a_cheaper_first ? a : b;
    const Line& high = x.a_cheaper_first ? b : a;
    const Ratio extra = high.intercept - low.intercept;
    x.extra_training_gpu_seconds = extra / rate;
    // The line that starts lower is overtaken only if it rises faster.
    x.crosses = low.intercept < high.intercept && high.slope < low.slope;
    if (x.crosses) {
        const Ratio saving = low.slope - high.slope;
        x.saving_per_call_gpu_seconds = saving / rate;
        x.calls = extra / saving;  // FLOPs over FLOPs: the rate cancels
    } else {
        x.saving_per_call_gpu_seconds = (low.slope < high.slope ? high.slope - low.slope : low.slope - high.slope) / rate;
    }
    return x;
}

// x^n, or false when it passes `limit`.
bool power_at_most(u128 x, u128 n, u128 limit, u128& out) {
    if (x <= 1) {
        out = n == 0 ? 1 : x;
        return out <= limit;
    }
    u128 r = 1;  // x ≥ 2: at most 128 rounds before passing the limit
    for (u128 i = 0; i < n; ++i) {
        if (x != 0 && r > limit / x) return false;
        r *= x;
    }
    out = r;
    return r <= limit;
}

// The integer q-th root of n when n is a perfect q-th power.
bool exact_root(u128 n, u128 q, u128& root) {
    if (n <= 1 || q == 1) {
        root = n;
        return true;
    }
    if (q >= 128) return false;  // 2^q > n
    u128 lo = 1, hi = u128{1} << (128 / q + 1);
    while (lo <= hi) {
        const u128 mid = lo + (hi - lo) / 2;
        u128 p = 0;
        if (!power_at_most(mid, q, n, p) || p > n) {
            hi = mid - 1;
        } else if (p < n) {
            lo = mid + 1;
        } else {
            root = mid;
            return true;
        }
    }
    return false;
}

}  // namespace

Lifecycle lifecycle_cost(const std::vector<LifecycleModel>& models, u128 prompt, u128 output, const Ratio& peak_tflops,
                         const Ratio& mfu) {
    Lifecycle out;
    out.rate = peak_tflops * Ratio(kTera) * mfu;
    const Ratio positions = Ratio(add(prompt, sub(output, 1)));
    std::vector<Line> lines;
    for (const LifecycleModel& m : models) {
        LifecycleRow row;
        row.training_flops = Ratio(6) * m.params * m.tokens;
        row.training_gpu_seconds = row.training_flops / out.rate;
        row.training_gpu_hours = row.training_gpu_seconds / Ratio(3600);
        row.per_call_flops = Ratio(2) * m.params * positions;
        row.per_call_gpu_seconds = row.per_call_flops / out.rate;
        lines.push_back({row.training_flops, row.per_call_flops});
        out.rows.push_back(row);
    }
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) out.crossovers.push_back(crossing(lines[i], lines[i + 1], out.rate));
    return out;
}

AllocationExponents allocation_exponents(const Ratio& alpha, const Ratio& beta) {
    const Ratio sum = alpha + beta;
    return {beta / sum, alpha / sum};
}

Power rational_power(const Ratio& base, const Ratio& exponent) {
    Power p;
    p.approximate = power(to_double(base), to_double(exponent));
    u128 r = 0, s = 0;
    if (exact_root(base.num(), exponent.den(), r) && exact_root(base.den(), exponent.den(), s)) {
        // (r/s)^p with p < q never exceeds the base, so no overflow.
        u128 rp = 0, sp = 0;
        const u128 limit = ~u128{0};
        if (power_at_most(r, exponent.num(), limit, rp) && power_at_most(s, exponent.num(), limit, sp)) {
            p.exact = true;
            p.value = Ratio(rp, sp);
        }
    }
    return p;
}

Ratio lifecycle_gpu_hours_at(const LifecycleRow& row, const Ratio& calls) {
    return row.training_gpu_hours + calls * row.per_call_gpu_seconds / Ratio(3600);
}

}  // namespace tally::ch03
