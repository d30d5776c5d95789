#include "core/ch03/audio_playout.hpp"

namespace tally::ch03 {

Playout audio_playout(const PlayoutInput& in) {
    Playout p;
    Ratio previous_end, model_free, link_free;  // when the stream's model stage and send link are next free
    for (size_t k = 0; k < in.network.size(); ++k) {
        ChunkTimes c;
        const Ratio captured = in.chunk * Ratio(k + 1);
        c.processed = (captured < model_free ? model_free : captured) + in.process;
        c.sent = (c.processed < link_free ? link_free : c.processed) + in.send;
        model_free = c.processed;
        link_free = c.sent;
        c.arrival = c.sent + in.network[k];
        if (k == 0) p.first_play = c.arrival + in.buffer;
        c.planned = p.first_play + in.chunk * Ratio(k);
        c.play = k == 0 ? p.first_play : (previous_end < c.arrival ? c.arrival : previous_end);
        c.stall = k == 0 ? Ratio(0) : c.play - previous_end;
        if (c.planned < c.arrival) ++p.late_chunks;
        p.stall_total = p.stall_total + c.stall;
        previous_end = c.play + in.chunk;
        p.chunks.push_back(c);
    }
    return p;
}

Ratio chunk_bytes(const Ratio& sample_rate, const Ratio& chunk_seconds, u128 channels, u128 sample_bytes) {
    return sample_rate * chunk_seconds * Ratio(mul(channels, sample_bytes));
}

Interrupt audio_interrupt(const Ratio& issued, const Ratio& control, const Ratio& poll) {
    const Ratio reaches = issued + control;
    const Ratio mute = poll * Ratio((reaches / poll).ceil());
    return {mute, mute - issued};
}

bool buffer_depletion(const Ratio& arrival_ratio, const Ratio& prebuffer, Ratio& seconds) {
    if (!(arrival_ratio < Ratio(1))) return false;
    seconds = prebuffer / (Ratio(1) - arrival_ratio);
    return true;
}

}  // namespace tally::ch03
