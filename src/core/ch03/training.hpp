// Training work and training state of a dense model (section 3.4): one
// training step is the forward call plus two backward matrix products per
// forward product (input gradient and weight gradient), so its matrix FLOPs
// are three forward calls.  The forward call itself is chapter 2's forward()
// with every position a row; only the vocabulary head's rows change with the
// loss positions (a compact head runs only where a label is).
#pragma once

#include <vector>

#include "core/exact.hpp"
#include "core/spec.hpp"

namespace tally::ch03 {

enum class HeadMode { Full, Compact };

struct TrainingShape {
    u128 batch = 1;
    u128 input = 1;   // tokens per sequence (P)
    u128 labels = 0;  // positions with a loss per sequence; 0 = all of `input`
    HeadMode head = HeadMode::Full;
};

// Bytes a training run keeps per parameter besides activations (Example
// 3-3): BF16 weights, gradients, FP32 master weights and Adam's two moments.
struct StateBytesPerParam {
    u128 weights = 2;
    u128 gradients = 4;
    u128 master = 4;
    u128 moments = 8;
    u128 total() const { return weights + gradients + master + moments; }
};

struct TrainingWork {
    u128 rows = 0;       // B·P positions the layers run
    u128 head_rows = 0;  // rows the vocabulary head runs
    Ratio forward;
    Ratio backward;   // 2 × forward: input and weight gradient of each product
    Ratio total;      // forward + backward
    Ratio attention;  // causal QKᵀ and AV, forward and backward
    u128 params = 0;
    Ratio six_nd;       // 6 × all parameters × B·P
    Ratio state_bytes;  // params × bytes per parameter
    u128 state_bytes_per_param = 0;
};

// The caller checks labels ≤ input (the op says which field is wrong).
TrainingWork training_work(const ModelSpec& m, const TrainingShape& s, const StateBytesPerParam& state = {});

// Sequence packing (section 3.4.2): documents packed into one sequence with
// a block-diagonal causal mask see only their own positions.
struct PackedAttention {
    u128 pairs = 0;           // Σ L(L+1)/2
    Ratio forward;            // QKᵀ + AV forward, all layers
    Ratio forward_per_layer;  // the same over the model's layer count
};
PackedAttention packed_attention(const ModelSpec& m, const std::vector<u128>& documents);

// Tokens one optimizer update sees: a micro-batches of B_μ sequences of P
// tokens, of which P_label carry a loss.
struct UpdateTokens {
    u128 input = 0;
    u128 supervised = 0;
};
UpdateTokens update_tokens(u128 accumulation, u128 micro_batch, u128 input, u128 labels);

}  // namespace tally::ch03
