// The decode step rate a card's memory bandwidth allows (Example 3-1): one
// step of a batch reads the weights once for the whole batch, each
// sequence's old KV once, one embedding row per sequence, and writes each
// sequence's new KV.  Chapter 2's accounting gives every term; this file
// only adds them up and divides by the bandwidth.
#pragma once

#include "core/exact.hpp"
#include "core/spec.hpp"
#include "core/state.hpp"

namespace tally::ch03 {

struct DecodeStepInput {
    u128 batch = 1;
    u128 context = 1;     // old positions each sequence holds (the batch's mean)
    Ratio bandwidth;      // bytes per second of one card
    Ratio efficiency{1};  // share of the bandwidth reached
    u128 cards = 1;       // identical cards, each with its own batch
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
    Ratio step_seconds;          // bytes ÷ (bandwidth × efficiency): a lower bound
    Ratio steps_per_second;      // sequences' steps per second on one card: batch ÷ step time
    Ratio steps_per_second_all;  // × cards
};

DecodeStepRate decode_step_rate(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecodeStepInput& in);

}  // namespace tally::ch03
