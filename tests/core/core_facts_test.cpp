// The arithmetic the ops used to do inline, now core functions tested
// without JSON: the state's fixed part, H*, the kv op's cache, the longest
// context a budget holds, a turn's reuse shares, exercise 2-1's chains and
// routing's all-layer bytes.
#include <doctest/doctest.h>

#include "core/dependency_chain.hpp"
#include "core/routing.hpp"
#include "core/state_facts.hpp"
#include "core/turn.hpp"
#include "support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

LineItem row(const std::string& id, const std::string& section, const Ratio& bytes) {
    LineItem it;
    it.id = id;
    it.section = section;
    it.value = bytes;
    return it;
}

StateOptions bf16() { return StateOptions{dtype("bf16")}; }

}  // namespace

TEST_CASE("state facts: fixed part, history, H* and the kv cache from a state's rows") {
    StateResult s;
    s.items = {
        row("kv", "history", Ratio(600)),         row("latent", "compressed", Ratio(40)), row("idx", "index", Ratio(2)),
        row("ssm", "recurrent", Ratio(900)),      row("conv", "conv", Ratio(300)),        row("kv_window", "window", Ratio(64)),
        row("kv_window@w2", "window", Ratio(16)), row("ids", "token_ids", Ratio(8))};
    s.per_token = Ratio(6);
    CHECK(fixed_state_bytes(s) == Ratio(1200));
    CHECK(history_state_bytes(s) == Ratio(642));
    REQUIRE(h_star(s).has_value());
    CHECK(*h_star(s) == Ratio(200));  // 1,200 B ÷ 6 B per token
    // 6 B × 100 tokens on the slope, plus the two sliding-window rows.
    CHECK(kv_cache_bytes(s, 100) == Ratio(600 + 64 + 16));
    CHECK(is_window_kv(s.items[5]));
    CHECK_FALSE(is_window_kv(s.items[0]));
    s.per_token = Ratio(0);
    CHECK_FALSE(h_star(s).has_value());  // nothing grows: no crossing length
}

TEST_CASE("state facts on catalog models: Qwen3-8B's KV at 8K is 1.125 GiB, with no fixed part") {
    const StateResult s = state(model("qwen3-8b"), 8192, bf16());
    CHECK(s.per_token == Ratio(147456));  // 144 KiB per token
    CHECK(kv_cache_bytes(s, 8192) == Ratio(1207959552));
    CHECK(fixed_state_bytes(s) == Ratio(0));
    REQUIRE(h_star(s).has_value());
    CHECK(*h_star(s) == Ratio(0));
}

TEST_CASE("longest_context_within: exercise 2-5's 256 MiB budget holds 9,939 positions of Qwen3.6-35B-A3B") {
    const ModelSpec& m = model("qwen3.6-35b-a3b");
    const Ratio budget(268435456);
    CHECK(longest_context_within(m, bf16(), budget, kMaxSafeInteger) == 9939);
    CHECK(state(m, 9939, bf16()).total <= budget);
    CHECK(state(m, 9940, bf16()).total > budget);
    // The fixed part alone (recurrent and convolution state) passes 1 byte:
    // not even one position fits.
    CHECK(longest_context_within(m, bf16(), Ratio(1), kMaxSafeInteger) == 0);
    // The cap bounds the search.
    CHECK(longest_context_within(m, bf16(), budget, 4096) == 4096);
}

TEST_CASE("reuse_shares: a turn's prefill saved, kept and rows skipped, exactly in percent") {
    const ReuseShares r = reuse_shares(Ratio(400), Ratio(100), 3, 4);
    CHECK(r.saved_percent == Ratio(75));
    CHECK(r.kept_percent == Ratio(25));
    CHECK(r.rows_saved_percent == Ratio(75));
    const ReuseShares third = reuse_shares(Ratio(3), Ratio(2), 1, 3);
    CHECK(third.saved_percent == Ratio(100, 3));
    CHECK(third.kept_percent == Ratio(200, 3));
    CHECK(third.rows_saved_percent == Ratio(100, 3));
}

TEST_CASE("reusable_prefix: only the positions before the first edit are reused") {
    CHECK(reusable_prefix(100, 1) == 0);    // the first token changed
    CHECK(reusable_prefix(100, 50) == 49);  // an edit inside the cached prefix
    CHECK(reusable_prefix(10, 50) == 10);   // an edit after it keeps the whole cache
}

TEST_CASE("dependency_chains: L + T − 1 for an RNN, L for a Transformer (exercise 2-1)") {
    const DependencyChains c = dependency_chains(32, 1024);
    CHECK(c.nodes == 32768);
    CHECK(c.rnn == 1055);
    CHECK(c.transformer == 32);
    const DependencyChains one = dependency_chains(1, 1);
    CHECK(one.nodes == 1);
    CHECK(one.rnn == 1);
    CHECK(one.transformer == 1);
}

TEST_CASE("routing: all-layer bytes are per-layer bytes × MoE layers; an expectation is reported in whole bytes") {
    RoutingInput in;
    in.batch = 4;
    in.top_k = 2;
    in.experts = 8;
    in.expert_params = 10;
    const RoutingResult exact = route(in);  // uniform: U = min(8, 8) = 8 experts
    CHECK(exact.bytes_read == Ratio(160));  // 2 B × 10 × 8
    CHECK(all_layer_bytes(exact, 48) == Ratio(7680));
    CHECK(reported_bytes(exact, Ratio(7, 2)) == Ratio(7, 2));
    in.dispatch = Dispatch::RandomExpectation;
    const RoutingResult expected = route(in);
    REQUIRE(expected.approximate);
    CHECK(all_layer_bytes(expected, 3) == expected.bytes_read * Ratio(3));
    CHECK(reported_bytes(expected, Ratio(7, 2)) == Ratio(3));
}
