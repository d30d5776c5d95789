// Audio playout with a jitter buffer (§3.3.3, Figures 3-19 and 3-20,
// Exercise 3-5).  Chunk k (from 0) is captured during [k·d, (k+1)·d), then
// processed, sent and carried over the network.  A stream has one model
// stage and one send link, each doing one chunk at a time (the book's
// calculator models them so): a chunk's processing starts at
// max(its capture end, the previous chunk's processing end), and its send at
// max(its processing end, the previous send's end).  With a model faster
// than a chunk nothing queues and chunk k arrives at
// (k+1)·d + process + send + network_k (20k + 38 ms with the chapter's
// 20/12/1/5 ms); a model slower than a chunk falls further behind with
// every chunk.  Playback starts a buffer's length after the first arrival
// and plays one chunk per d; a chunk that is not there when its turn comes
// stalls playback until it arrives, and everything after moves with it.
// Times are exact (ms as ratios).
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct PlayoutInput {
    Ratio chunk;                 // d, duration of one chunk
    Ratio process, send;         // after capture, before the network
    std::vector<Ratio> network;  // network delay of each chunk; its size is the number of chunks
    Ratio buffer;                // jitter buffer before the first play
};

struct ChunkTimes {
    Ratio processed;  // the model stage is done with it
    Ratio sent;       // the send link is done with it
    Ratio arrival;    // when it is there
    Ratio planned;    // first play + k·d: the playout clock without stalls
    Ratio play;       // when it actually starts: max(previous end, arrival)
    Ratio stall;      // silence before it: play − previous end (0 for the first)
};

struct Playout {
    std::vector<ChunkTimes> chunks;
    Ratio first_play;
    Ratio stall_total;
    u128 late_chunks = 0;  // chunks that arrived after their planned time
};
// network non-empty, chunk > 0 (the op checks).
Playout audio_playout(const PlayoutInput& in);

// Bytes of one chunk: sample rate × seconds × channels × bytes per sample.
Ratio chunk_bytes(const Ratio& sample_rate, const Ratio& chunk_seconds, u128 channels, u128 sample_bytes);

// A local interrupt: issued at t, the command reaches the device after the
// control delay, and the device acts on its next check, every `poll` from
// time 0.  mute = ⌈(t + control)/poll⌉·poll; the listener waits mute − t.
struct Interrupt {
    Ratio mute;
    Ratio perceived;
};
Interrupt audio_interrupt(const Ratio& issued, const Ratio& control, const Ratio& poll);

// Audio arriving at a fraction r < 1 of real time drains a pre-buffer B in
// B / (1 − r); at r ≥ 1 it never drains (false).
bool buffer_depletion(const Ratio& arrival_ratio, const Ratio& prebuffer, Ratio& seconds);

}  // namespace tally::ch03
