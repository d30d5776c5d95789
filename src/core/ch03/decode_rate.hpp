// The decode step rate a card's memory bandwidth allows (Example 3-1): one
// step of a batch reads the weights once for the whole batch, each
// sequence's old KV once, one embedding row per sequence, and writes each
// sequence's new KV.  Chapter 2's accounting gives every term; this file
// only adds them up and divides by the bandwidth.  With a dense peak the
// step is also bounded by its FLOPs (chapter 2's forward of one token per
// sequence): the step takes the longer of the two (Figure 4-36, §4.8.2).
#pragma once

#include <optional>

#include "core/exact.hpp"
#include "core/spec.hpp"
#include "core/state.hpp"

namespace tally::ch03 {

struct DecodeStepInput {
    u128 batch = 1;
    u128 context = 1;                       // old positions each sequence holds (the batch's mean)
    Ratio bandwidth;                        // bytes per second of one card
    Ratio efficiency{1};                    // share of the bandwidth reached
    u128 cards = 1;                         // identical cards, each with its own batch
    std::optional<Ratio> flops_per_second;  // dense peak; empty = bandwidth bound only
};

struct DecodeStepBytes {
    Ratio shared_weights;  // read once per step for the whole batch (no embedding table)
    Ratio embedding_rows;  // one embedding row per sequence
    Ratio kv_read;         // every sequence's old KV
    Ratio kv_write;        // every sequence's new position
    Ratio total;
};

// The bytes one step of `batch` sequences at `context` old positions moves.
DecodeStepBytes decode_step_bytes(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 batch,
                                  u128 context);

struct DecodeStepRate {
    DecodeStepBytes bytes;
    Ratio flops;                           // one step's forward FLOPs for the whole batch
    Ratio memory_seconds;                  // bytes ÷ (bandwidth × efficiency)
    std::optional<Ratio> compute_seconds;  // FLOPs ÷ peak, when a peak is known
    bool compute_bound = false;            // compute time ≥ memory time
    Ratio step_seconds;                    // the longer bound: a lower bound on the step
    Ratio steps_per_second;                // sequences' steps per second on one card: batch ÷ step time
    Ratio steps_per_second_all;            // × cards
};

// Bytes one card must hold for the batch: every weight once and each
// sequence's state after the step (context + 1 positions).
Ratio decode_resident_bytes(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 batch,
                            u128 context);

DecodeStepRate decode_step_rate(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecodeStepInput& in);

}  // namespace tally::ch03
