// Facts read off one state (section 2.3.5–2.3.6, exercise 2-5): the parts
// that do and do not grow with the context, H*, the KV cache of the kv op,
// and the longest context a state budget holds.
#pragma once

#include <optional>

#include "exact.hpp"
#include "spec.hpp"
#include "state.hpp"

namespace tally {

// Rows that do not grow with the context: recurrent matrices, convolution slots.
bool is_fixed_state(const LineItem& it);
// The global history: per-token K/V or latents, compressed entries and their index.
bool is_history_state(const LineItem& it);
// A sliding-window GQA cache row (ids "kv_window", "kv_window@w…").
bool is_window_kv(const LineItem& it);

Ratio fixed_state_bytes(const StateResult& s);
Ratio history_state_bytes(const StateResult& s);

// H* = fixed state ÷ bytes per token: the length at which per-token history
// equals the fixed part.  None when nothing grows per token.
std::optional<Ratio> h_star(const StateResult& s);

// The kv op's cache at `tokens`: the per-token slope × tokens, plus the
// sliding-window rows (they hold min(tokens, W) positions, off the slope).
Ratio kv_cache_bytes(const StateResult& s, u128 tokens);

// The longest context (≤ max_tokens) whose whole state fits `budget` bytes;
// 0 when one position does not fit.  State grows with the length, so a
// binary search over the closed-form state finds it exactly.
u128 longest_context_within(const ModelSpec& m, const StateOptions& options, const Ratio& budget, u128 max_tokens);

}  // namespace tally
