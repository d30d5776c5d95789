// §3.3.3's audio timeline (Figures 3-19 and 3-20, Exercise 3-5): 20 ms
// chunks of 960 B arriving at 20k + 38 ms, a 40 ms jitter buffer (first play
// 78 ms, a 5 ms stall when chunk 2 takes 50 ms on the network), a 60 ms one
// (98 ms, no stall), a local interrupt muting at 130 ms, and a 0.3 s
// pre-buffer lasting 3 s at 0.9 s of audio per second.
#include <doctest/doctest.h>

#include "core/ch03/audio_playout.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

ch03::PlayoutInput chapter_timeline(u128 buffer) {
    ch03::PlayoutInput in{20, 12, 1, std::vector<Ratio>(8, Ratio(5)), buffer};
    in.network[2] = 50;
    return in;
}

}  // namespace

TEST_CASE("ch03 audio: a 20 ms chunk at 24 kHz, mono, 2 B per sample is 960 B") {
    CHECK(ch03::chunk_bytes(24000, Ratio(20, 1000), 1, 2) == Ratio(960));
}

TEST_CASE("ch03 audio: a 40 ms buffer plays at 78 ms and stalls 5 ms for the third chunk") {
    const auto p = ch03::audio_playout(chapter_timeline(40));
    CHECK(p.chunks[0].arrival == Ratio(38));
    CHECK(p.chunks[1].arrival == Ratio(58));  // 20k + 38
    CHECK(p.first_play == Ratio(78));
    CHECK(p.chunks[2].arrival == Ratio(123));
    CHECK(p.chunks[2].planned == Ratio(118));
    CHECK(p.chunks[2].stall == Ratio(5));
    CHECK(p.stall_total == Ratio(5));
    CHECK(p.late_chunks == 1);
    // Later chunks keep the 5 ms shift: chunk 3 plays at 143, not 138.
    CHECK(p.chunks[3].play == Ratio(143));
    CHECK(p.chunks[3].stall == Ratio(0));
}

TEST_CASE("ch03 audio: a model slower than a chunk falls behind, one chunk after another") {
    // The book's slow-model case: 25 ms of processing per 20 ms chunk.  The
    // model works on chunk 1 from 45 ms (when chunk 0 is done), not from
    // its capture end at 40 ms, so it arrives at 76 ms; chunk 2 (50 ms on
    // the network) arrives at 146 ms and stalls playback 15 ms.
    ch03::PlayoutInput in = chapter_timeline(40);
    in.process = 25;
    const auto p = ch03::audio_playout(in);
    CHECK(p.chunks[0].processed == Ratio(45));
    CHECK(p.chunks[0].arrival == Ratio(51));
    CHECK(p.chunks[1].processed == Ratio(70));
    CHECK(p.chunks[1].arrival == Ratio(76));
    CHECK(p.chunks[2].arrival == Ratio(146));
    CHECK(p.first_play == Ratio(91));
    CHECK(p.chunks[2].stall == Ratio(15));
    CHECK(p.stall_total == Ratio(15));
    // The backlog grows by 5 ms a chunk: chunk 7 leaves the model at 220 ms.
    CHECK(p.chunks[7].processed == Ratio(220));
}

TEST_CASE("ch03 audio: a slow send link queues chunks behind it too") {
    // 12 ms model, 30 ms send: the link, not the model, sets the pace.
    ch03::PlayoutInput in{20, 12, 30, std::vector<Ratio>(3, Ratio(5)), 40};
    const auto p = ch03::audio_playout(in);
    CHECK(p.chunks[0].sent == Ratio(62));
    CHECK(p.chunks[1].sent == Ratio(92));  // waits for the link until 62
    CHECK(p.chunks[2].sent == Ratio(122));
    CHECK(p.chunks[2].arrival == Ratio(127));
}

TEST_CASE("ch03 audio: a 60 ms buffer starts at 98 ms and never stalls") {
    const auto p = ch03::audio_playout(chapter_timeline(60));
    CHECK(p.first_play == Ratio(98));
    CHECK(p.stall_total == Ratio(0));
    CHECK(p.late_chunks == 0);
}

TEST_CASE("ch03 audio: the interrupt mutes at 130 ms, 7 ms after it is issued") {
    const auto i = ch03::audio_interrupt(123, 5, 10);
    CHECK(i.mute == Ratio(130));
    CHECK(i.perceived == Ratio(7));
    CHECK(ch03::audio_interrupt(125, 5, 10).mute == Ratio(130));  // reaches the device just at a check
}

TEST_CASE("ch03 audio: 0.3 s buffered at 0.9 s of audio per second lasts 3 s") {
    Ratio seconds;
    REQUIRE(ch03::buffer_depletion(Ratio(9, 10), Ratio(3, 10), seconds));
    CHECK(seconds == Ratio(3));
    CHECK_FALSE(ch03::buffer_depletion(1, Ratio(3, 10), seconds));
}

TEST_CASE("ch03 audio ops") {
    const Json r = result(Json::parse(R"({"op":"audio_playout","late":[{"chunk":2,"network_ms":"50"}]})"));
    CHECK(r["chunk_bytes"] == 960);
    CHECK(r["first_play_ms"] == 78);
    CHECK(r["stall_ms"] == 5);
    CHECK(json_item_named(r["chunks"], "2")["arrival_ms"] == 123);
    const Json slow = result(Json::parse(R"({"op":"audio_playout","process_ms":"25","late":[{"chunk":2,"network_ms":"50"}]})"));
    CHECK(slow["stall_ms"] == 15);
    CHECK(json_item_named(slow["chunks"], "1")["arrival_ms"] == 76);
    const Json wide = result(Json::parse(R"({"op":"audio_playout","buffer_ms":"60","late":[{"chunk":2,"network_ms":"50"}]})"));
    CHECK(wide["first_play_display"] == "98 ms");
    CHECK(wide["stall_ms"] == 0);
    const Json i = result(Json::parse(R"({"op":"audio_interrupt","issued_ms":"123"})"));
    CHECK(i["mute_ms"] == 130);
    CHECK(i["perceived_ms"] == 7);
    const Json d = result(Json::parse(R"({"op":"buffer_depletion","arrival_ratio":"0.9","prebuffer_seconds":"0.3"})"));
    CHECK(d["seconds"] == 3);
    const Json beyond = error_of(Json::parse(R"({"op":"audio_playout","late":[{"chunk":8,"network_ms":"50"}]})"));
    CHECK(beyond["field"] == "late[0].chunk");
    CHECK(beyond["code"] == "flow_count_invalid");
    CHECK(error_of(Json::parse(R"({"op":"audio_interrupt","issued_ms":"123","poll_ms":"0"})"))["field"] == "poll_ms");
    CHECK(error_of(Json::parse(R"({"op":"audio_playout","chunk_ms":"-20"})"))["code"] == "flow_decimal_negative");
}
