// Chapter 10's moving parts against the book: the cast paths (§10.2.3),
// ring all-reduce and buckets (§10.3.4), MegaScale's scaling (§10.3.3),
// stragglers (Table 10-i), the 6ND scale (§10.6.4), asynchronous saves
// (§10.4.3) and the RL flow (§10.5.2–§10.5.3).
#include <doctest/doctest.h>

#include "core/ch10/async_checkpoint.hpp"
#include "core/ch10/collectives.hpp"
#include "core/ch10/compute_floor.hpp"
#include "core/ch10/offload_cast.hpp"
#include "core/ch10/rl_flow.hpp"
#include "core/ch10/straggler.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const Ratio kGiga(1000000000), kMiB(u128{1} << 20), kMs(1, 1000);

std::string ms(const Ratio& seconds) { return fixed(seconds / kMs, 2); }

}  // namespace

TEST_CASE("ch10 cast paths: 4.13 against 6.59 ms over PCIe, 1.21 against 0.75 ms over NVLink-C2C, B* ≈ 147 GB/s") {
    const Ratio g = Ratio(96) * kMiB;
    const ch10::CastPaths pcie = ch10::cast_paths(g, Ratio(32) * kGiga, Ratio(3072, 10) * kGiga, Ratio(1008) * kGiga);
    CHECK(ms(pcie.cpu_path_seconds) == "4.13");
    CHECK(ms(pcie.gpu_path_seconds) == "6.59");
    CHECK(fixed(pcie.crossover_bytes_per_second / kGiga, 0) == "147");
    CHECK(pcie.gpu_peak_bytes == Ratio(288) * kMiB);
    const ch10::CastPaths c2c = ch10::cast_paths(g, Ratio(450) * kGiga, Ratio(3072, 10) * kGiga, Ratio(1008) * kGiga);
    CHECK(ms(c2c.cpu_path_seconds) == "1.21");
    CHECK(ms(c2c.gpu_path_seconds) == "0.75");
    // At B* the two paths take the same time.
    const ch10::CastPaths even =
        ch10::cast_paths(g, pcie.crossover_bytes_per_second, Ratio(3072, 10) * kGiga, Ratio(1008) * kGiga);
    CHECK(even.cpu_path_seconds == even.gpu_path_seconds);
}

TEST_CASE("ch10 ring all-reduce: 72 MiB over 4 members is 4.55 ms whole and 3 × 1.53 ms in buckets") {
    const Ratio start = Ratio(2) * kMs / Ratio(100);  // 0.02 ms
    const ch10::Ring whole = ch10::ring_all_reduce(Ratio(72) * kMiB, 4, Ratio(25) * kGiga, start);
    CHECK(whole.moved_bytes == Ratio(108) * kMiB);
    CHECK(ms(whole.seconds) == "4.55");
    const ch10::Ring bucket = ch10::ring_all_reduce(Ratio(24) * kMiB, 4, Ratio(25) * kGiga, start);
    CHECK(ms(bucket.seconds) == "1.53");
    CHECK(ms(bucket.seconds * Ratio(3)) == "4.59");
    // 3 ms of reduce under 5 ms of compute on a link busy for 4: 2 ms exposed.
    CHECK(ch10::exposed_reduce(3, 5, 4) == Ratio(2));
    CHECK(ch10::exposed_reduce(3, 5, 0) == Ratio(0));
    // Fig. 10-26: the link is busy for 4 ms, the 3 ms reduce runs 4–7 ms, 1 ms of it inside the 5 ms of compute.
    const ch10::BusyLinkReduce busy = ch10::busy_link_reduce(3, 5, 4);
    CHECK(busy.end == Ratio(7));
    CHECK(busy.usable == Ratio(1));
    CHECK(busy.exposed == ch10::exposed_reduce(3, 5, 4));
    // A link busy past the compute exposes more than the reduce itself.
    CHECK(ch10::busy_link_reduce(3, 5, 6).exposed == Ratio(4));
    CHECK(ch10::busy_link_reduce(3, 5, 6).usable == Ratio(0));
    const ch10::Scaling mega = ch10::strong_scaling(3072, Ratio(2366, 100), 12288, Ratio(634, 100));
    CHECK(fixed(mega.efficiency * Ratio(100), 1) == "93.3");
    CHECK(fixed(mega.ideal_step, 1) == "5.9");
}

TEST_CASE("ch10 stragglers: E[max] of 8, 48, 1024 normals is 1.4236, 2.2331, 3.2482 σ") {
    CHECK(ch10::expected_max_sigmas(1) == Ratio(0));
    CHECK(ch10::expected_max_sigmas(2) == Ratio(5642, 10000));  // 1/√π
    CHECK(ch10::expected_max_sigmas(8) == Ratio(14236, 10000));
    // One card at μ + 3σ (σ = 1.044 s, 2 % of 52.2 s): the other 7 reach μ + 1.3522σ, so the step waits
    // 1.6478σ ≈ 1.72 s more; among 1024 the other 1023 already pass μ + 3σ and it waits nothing.
    const Ratio sigma(1044, 1000);
    const ch10::SlowCardResponses eight = ch10::slow_card_responses(8, Ratio(522, 10), sigma, 3);
    CHECK(eight.wait_sigmas == Ratio(3) - ch10::expected_max_sigmas(7));
    CHECK(fixed(eight.wait_sigmas * sigma, 2) == "1.72");
    CHECK(ch10::slow_card_responses(1024, Ratio(522, 10), sigma, 3).wait_sigmas == Ratio(0));
    // Spreading the slow card's work: 52.2 × 8/7 + k_7 σ ≈ 61.07 s of compute, 61.6 s with the 0.58 s fixed part.
    CHECK(fixed(eight.reallocated_compute_seconds + Ratio(58, 100), 1) == "61.6");
    CHECK(fixed(ch10::slow_card_responses(48, Ratio(522, 10), sigma, 3).reallocated_compute_seconds + Ratio(58, 100), 1) ==
          "56.2");
    // Evicting with τ = 600 s and r = 120 s: 420 s.
    CHECK(ch10::evict_seconds(600, 120) == Ratio(420));
    CHECK(ch10::expected_max_sigmas(48) == Ratio(22331, 10000));
    CHECK(ch10::expected_max_sigmas(1024) == Ratio(32482, 10000));
}

TEST_CASE("ch10 6ND scale: 1T × 20T on 16,384 cards at 40 % is 679 / 214 / 94 days; 17,147 B200s for 90 days") {
    const Ratio flops = Ratio(6) * Ratio(1000000000000ULL) * Ratio(20000000000000ULL);
    const Ratio day(86400), tera(1000000000000ULL), eta(2, 5);
    const ch10::ComputeFloor a100 = ch10::compute_floor(flops, Ratio(312) * tera, eta, Ratio(90) * day, 16384);
    CHECK(fixed(a100.seconds_on_cards / day, 0) == "679");
    CHECK(a100.cards == 123655);  // Exercise 10-10's A100 cell
    const ch10::ComputeFloor b200 = ch10::compute_floor(flops, Ratio(2250) * tera, eta, Ratio(90) * day, 16384);
    CHECK(fixed(b200.seconds_on_cards / day, 0) == "94");
    CHECK(b200.cards == 17147);
}

TEST_CASE("ch10 dense_scale with gpu: A100's catalog 312 TFLOP/s gives the 312 request's 123,655 cards; a sent peak wins") {
    const Json sent = ask(R"({"op":"dense_scale","peak_tflops":"312"})");
    const Json a100 = ask(R"({"op":"dense_scale","gpu":"a100-80g"})");
    CHECK(a100["cards_needed"] == 123655);
    CHECK(a100 == sent);
    // H100 SXM's catalog peak is 989.4, not the default's rounded 989: 38,994 cards against the default's 39,010.
    const Json h100 = ask(R"({"op":"dense_scale","gpu":"h100-sxm"})");
    CHECK(h100 == ask(R"({"op":"dense_scale","peak_tflops":"989.4"})"));
    CHECK(h100["cards_needed"] == 38994);
    CHECK(ask(R"({"op":"dense_scale"})")["cards_needed"] == 39010);
    // An explicit peak overrides the device's.
    CHECK(ask(R"({"op":"dense_scale","gpu":"a100-80g","peak_tflops":"2250"})")["cards_needed"] == 17147);
    CHECK(error_of(Json::parse(R"({"op":"dense_scale","gpu":"no-such-card"})"))["field"] == "gpu");
    const Json v100 = error_of(Json::parse(R"({"op":"dense_scale","gpu":"v100-sxm2"})"));  // no BF16 peak
    CHECK(v100["field"] == "gpu");
    CHECK(v100["code"] == "gpu_no_peak");
}

TEST_CASE("ch10 asynchronous saves: 112 GB at 7 GB/s commits at 36.5 and 56.5 s; at 20 GB/s at 26.1 and 46.1 s") {
    const std::vector<Ratio> captures = {20, 40};
    const ch10::AsyncSaves slow = ch10::async_saves(Ratio(112) * kGiga, Ratio(7) * kGiga, captures, Ratio(1, 2), 50);
    REQUIRE(slow.commits.size() == 2);
    CHECK(slow.commits[0].commit == Ratio(73, 2));
    CHECK(slow.commits[1].commit == Ratio(113, 2));
    CHECK(slow.redo_seconds == Ratio(30));
    const ch10::AsyncSaves fast = ch10::async_saves(Ratio(112) * kGiga, Ratio(20) * kGiga, captures, Ratio(1, 2), 50);
    CHECK(fast.commits[0].commit == Ratio(261, 10));
    CHECK(fast.redo_seconds == Ratio(10));
    CHECK(fast.pause_seconds == Ratio(1));
    // A failure before any commit redoes everything since 0.
    const ch10::AsyncSaves early = ch10::async_saves(Ratio(112) * kGiga, Ratio(7) * kGiga, captures, Ratio(1, 2), 30);
    CHECK_FALSE(early.recovered);
    CHECK(early.redo_seconds == Ratio(30));
}

TEST_CASE("ch10 RL flow: 4.5 per second until verification doubles (8), and the 11/15 keep threshold") {
    CHECK(ch10::stage_rates(12, 6, 8, Ratio(3, 4)).effective == Ratio(9, 2));
    CHECK(std::string(ch10::stage_rates(12, 6, 8, Ratio(3, 4)).bottleneck) == "verification");
    CHECK(ch10::stage_rates(24, 6, 8, Ratio(3, 4)).effective == Ratio(9, 2));
    // Verification doubled: 0.75 × 12 = 9 samples per second reach learning, which takes 8.
    CHECK(ch10::stage_rates(12, 12, 8, Ratio(3, 4)).verified == Ratio(9));
    CHECK(ch10::stage_rates(12, 12, 8, Ratio(3, 4)).effective == Ratio(8));
    CHECK(ch10::stage_rates(12, 12, 8, Ratio(3, 4)).effective == Ratio(8));
    CHECK(std::string(ch10::stage_rates(12, 12, 8, Ratio(3, 4)).bottleneck) == "learning");
    const ch10::RlCycles c = ch10::rl_cycles(40, 16, 4, Ratio(4, 5));
    CHECK(c.in_turn_seconds == Ratio(60));
    CHECK(c.overlapped_seconds == Ratio(44));
    CHECK(c.keep_threshold == Ratio(11, 15));
    CHECK(fixed((c.overlapped_over_in_turn - Ratio(1)) * Ratio(100), 1) == "9.1");
}
