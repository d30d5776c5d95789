#include "critical_batch.hpp"

namespace tally::ch10 {

CriticalBatch critical_batch(const Ratio& steps, const Ratio& batch_tokens, const Ratio& noise_tokens) {
    CriticalBatch c;
    c.batch_over_noise = batch_tokens / noise_tokens;
    c.min_steps = steps * c.batch_over_noise / (Ratio(1) + c.batch_over_noise);
    c.min_tokens = c.min_steps * noise_tokens;
    c.step_cap = steps / c.min_steps;
    return c;
}

Ratio weak_steps(const CriticalBatch& c, const Ratio& batch_tokens, const Ratio& noise_tokens, const Ratio& multiple) {
    return c.min_steps * (Ratio(1) + noise_tokens / (multiple * batch_tokens));
}

}  // namespace tally::ch10
