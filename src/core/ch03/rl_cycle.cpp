#include "rl_cycle.hpp"

#include "core/forward.hpp"
#include "training.hpp"

namespace tally::ch03 {

RlCycleWork rl_cycle(const ModelSpec& m, const RlCycleInput& in) {
    RlCycleWork w;
    w.samples = mul(in.prompts, in.answers);
    // The last generated token is never fed back, so a teacher-forced pass
    // over prompt and answer runs P + G − 1 positions.
    w.sequence = add(in.input, in.generated - 1);
    // No prefix sharing: every answer runs its own prefill, whose head
    // scores only the last position (the first output token).
    w.prefill = forward(m, CallShape{w.samples, 0, in.input, w.samples}).total;
    w.decode = decode_flops_sum(m, w.samples, in.input, in.generated - 1);
    // A scoring forward reads the log-probabilities of every position.
    const Ratio scoring = forward(m, CallShape{w.samples, 0, w.sequence, mul(w.samples, w.sequence)}).total;
    w.reference = scoring * Ratio(in.reference_passes);
    w.teacher = scoring * Ratio(in.teacher_passes);
    w.update = training_work(m, TrainingShape{in.keep, w.sequence, 0, HeadMode::Full}).total * Ratio(in.update_epochs);
    w.generation = w.prefill + w.decode + w.reference + w.teacher;
    w.total = w.generation + w.update;
    w.per_kept = w.total / Ratio(in.keep);
    w.per_answer = w.generation / Ratio(w.samples);
    w.kept_tokens = mul(in.keep, w.sequence);
    w.supervised_tokens = mul(in.keep, in.generated);
    return w;
}

}  // namespace tally::ch03
