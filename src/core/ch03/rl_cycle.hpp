// One RL cycle's matrix work (Example 3-4, Table 3.5.3-a): generate n
// answers (one prefill and G − 1 decode steps each), score them with a
// reference (and optionally a teacher) forward over the teacher-forced
// sequence of P + G − 1 positions, then update the policy on the kept
// samples as a training step.  Every stage is chapter 2's forward() or
// decode sum, or section 3.4's training step; nothing here knows a shape.
#pragma once

#include "core/exact.hpp"
#include "core/spec.hpp"

namespace tally::ch03 {

struct RlCycleInput {
    u128 prompts = 1;
    u128 answers = 1;    // per prompt
    u128 input = 1;      // P
    u128 generated = 1;  // G
    u128 keep = 1;       // samples the update uses
    u128 reference_passes = 1;
    u128 teacher_passes = 0;
    u128 update_epochs = 1;
};

struct RlCycleWork {
    u128 samples = 0;   // answers generated: prompts × answers
    u128 sequence = 0;  // teacher-forced length P + G − 1
    Ratio prefill;      // all answers' prefills
    Ratio decode;       // their G − 1 decode steps each
    Ratio reference;    // reference forward over every answer
    Ratio teacher;      // teacher forward over every answer
    Ratio update;       // training step on the kept samples
    Ratio generation;   // n(f_g + f_r): everything that grows with the answers
    Ratio total;
    Ratio per_kept;              // total ÷ keep
    Ratio per_answer;            // what one more generated answer adds: prefill, decode, reference, teacher
    u128 kept_tokens = 0;        // keep × (P + G − 1)
    u128 supervised_tokens = 0;  // keep × G
};

RlCycleWork rl_cycle(const ModelSpec& m, const RlCycleInput& in);

}  // namespace tally::ch03
