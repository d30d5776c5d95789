// Speculative decoding (§8.5.2, §8.5.4, Exercise 8-7): the book's printed
// numbers from the core's closed form and from the fixed `speculative` op
// shape of issue 42, and the refusals that name the field.
#include <doctest/doctest.h>

#include "core/ch08/speculative.hpp"
#include "core/format.hpp"
#include "exact_of.hpp"

using namespace tally;
using namespace tally::test;

namespace {

std::string at2(const Json& exact) { return fixed(exact_of(exact), 2); }

ch08::Speculative uniform(const Ratio& a, std::size_t m, const Ratio& per_draft, u128 group = 1) {
    ch08::SpeculativeInput in;
    in.acceptances.assign(m, a);
    in.round_ms = Ratio(263, 10);
    in.per_draft_ms = per_draft;
    in.group = group;
    return ch08::speculative(in);
}

}  // namespace

TEST_CASE("ch08 speculative: Exercise 8-7's E[N] and ms per token at a = 3/4") {
    const Ratio a(3, 4);
    const Ratio per(36, 10);
    CHECK(uniform(a, 1, per).expected_outputs == Ratio(7, 4));
    CHECK(uniform(a, 2, per).expected_outputs == Ratio(37, 16));
    CHECK(uniform(a, 4, per).expected_outputs == Ratio(781, 256));
    CHECK(uniform(a, 8, per).expected_outputs == Ratio(242461, 65536));
    const char* ms[] = {"17.09", "14.49", "13.34", "14.89"};
    const std::size_t drafts[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; ++i) {
        CAPTURE(drafts[i]);
        CHECK(fixed(uniform(a, drafts[i], per).ms_per_token, 2) == ms[i]);
    }
    CHECK(uniform(a, 4, per).round_ms == Ratio(407, 10));
    // Marginal rule: 2 → 4 adds 7.2 ms for 0.74 outputs (9.8 ms each, below 14.49); 4 → 8 costs 22.2 ms each.
    const ch08::Marginal up = ch08::marginal(uniform(a, 2, per), uniform(a, 4, per));
    CHECK(up.added_ms == Ratio(72, 10));
    CHECK(fixed(up.added_outputs, 2) == "0.74");
    CHECK(fixed(*up.ms_per_added_token, 1) == "9.8");
    CHECK(up.worth_it);
    const ch08::Marginal on = ch08::marginal(uniform(a, 4, per), uniform(a, 8, per));
    CHECK(fixed(on.added_outputs, 2) == "0.65");
    CHECK(fixed(*on.ms_per_added_token, 1) == "22.2");
    CHECK_FALSE(on.worth_it);
    // Grouped timing, groups of 4: m = 5 pays a whole second group.
    CHECK(fixed(uniform(a, 4, per, 4).ms_per_token, 2) == "13.34");
    const ch08::Speculative five = uniform(a, 5, per, 4);
    CHECK(five.charged_positions == 8);
    CHECK(fixed(five.ms_per_token, 2) == "16.76");
    CHECK(fixed(Ratio(243, 1024), 2) == "0.24");  // (3/4)^5, what the fifth position adds
}

TEST_CASE("ch08 speculative: §8.5.2's AAAA and BBBB rounds (26.26 ms verify, 0.1 ms query)") {
    ch08::SpeculativeInput in;
    in.round_ms = Ratio(2626, 100);
    in.query_ms = Ratio(1, 10);
    in.acceptances.assign(4, Ratio(1, 4));
    const ch08::Speculative aaaa = ch08::speculative(in);
    CHECK(aaaa.expected_outputs == Ratio(341, 256));
    CHECK(fixed(aaaa.expected_outputs, 2) == "1.33");
    CHECK(aaaa.round_ms == Ratio(2636, 100));
    CHECK(fixed(aaaa.ms_per_token, 1) == "19.8");
    CHECK(fixed(*aaaa.break_even_query_ms, 1) == "8.7");
    in.acceptances.assign(4, Ratio(3, 4));
    const ch08::Speculative bbbb = ch08::speculative(in);
    CHECK(fixed(bbbb.expected_outputs, 2) == "3.05");
    CHECK(fixed(bbbb.ms_per_token, 2) == "8.64");
    CHECK(fixed(*bbbb.break_even_query_ms, 1) == "53.9");
    // The op's displays: §8.5.2's break-even look-up times, and the speedups behind 19.8 and 8.64 ms per token.
    const Json aaaa_op = ask(R"({"op":"speculative","acceptance":"0.25","draft":4,"round_ms":"26.26","query_ms":"0.1"})");
    CHECK(aaaa_op["break_even_query_ms_display"] == "8.7 ms");
    CHECK(aaaa_op["expected_outputs_display"] == "1.33");
    CHECK(aaaa_op["speedup_display"] == "1.33×");
    const Json bbbb_op = ask(R"({"op":"speculative","acceptance":"0.75","draft":4,"round_ms":"26.26","query_ms":"0.1"})");
    CHECK(bbbb_op["break_even_query_ms_display"] == "53.9 ms");
    CHECK(bbbb_op["speedup_display"] == "3.04×");
    const Json never = ask(R"({"op":"speculative","acceptance":"0","draft":1,"round_ms":"26","per_draft_ms":"1"})");
    CHECK(never["break_even_query_ms"].is_null());
    CHECK(never["break_even_query_ms_display"].is_null());
    // A draft whose positions cost more than they return never pays.
    in.acceptances.assign(1, Ratio(0));
    in.per_draft_ms = Ratio(1);
    CHECK_FALSE(ch08::speculative(in).break_even_query_ms.has_value());
}

TEST_CASE("ch08 speculative op: issue 42's shape reproduces Exercise 8-7") {
    const char* en[] = {"1.75", "2.31", "3.05", "3.70"};
    const char* ms[] = {"17.09", "14.49", "13.34", "14.89"};
    const int drafts[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; ++i) {
        CAPTURE(drafts[i]);
        Json req = Json::parse(R"({"op":"speculative","acceptance":"0.75","round_ms":"26.3","per_draft_ms":"3.6"})");
        req["draft"] = drafts[i];
        const Json r = result(req);
        CHECK(at2(r["expected_outputs"]) == en[i]);
        CHECK(at2(r["ms_per_token"]) == ms[i]);
        CHECK(r["ms_per_token_display"] == std::string(ms[i]) + " ms");
        CHECK(r["by_draft"].size() == static_cast<std::size_t>(drafts[i] + 1));
    }
    const Json four = ask(R"({"op":"speculative","acceptance":"0.75","draft":4,"round_ms":"26.3","per_draft_ms":"3.6"})");
    CHECK(four["round_ms"] == "40.7");
    CHECK(four["expected_outputs"] == "3.05078125");
    CHECK(four["marginal"].is_null());
    // Per-position acceptances give the same E[N] as a uniform rate.
    const Json listed =
        ask(R"({"op":"speculative","acceptances":["0.75","0.75","0.75","0.75"],"round_ms":"26.3","per_draft_ms":"3.6"})");
    CHECK(listed["expected_outputs"] == four["expected_outputs"]);
    const Json eight =
        ask(R"({"op":"speculative","acceptance":"0.75","draft":8,"round_ms":"26.3","per_draft_ms":"3.6","from_draft":4})");
    CHECK(at2(eight["marginal"]["ms_per_added_token"]) == "22.19");
    CHECK(eight["marginal"]["worth_it"] == false);
    CHECK(eight["marginal"]["ms_per_added_token_display"] == "22.2 ms");
    CHECK(eight["marginal"]["added_ms_display"] == "14.4 ms");
    CHECK(eight["marginal"]["added_outputs_display"] == "0.65");
    CHECK(eight["marginal"]["added_outputs"] == "0.6488800048828125");
    CHECK(eight["marginal"]["added_outputs_fraction"] == "42525/65536");  // a⁵ + … + a⁸
    const Json up =
        ask(R"({"op":"speculative","acceptance":"0.75","draft":4,"round_ms":"26.3","per_draft_ms":"3.6","from_draft":2})");
    CHECK(up["marginal"]["ms_per_added_token_display"] == "9.8 ms");
    CHECK(up["marginal"]["worth_it"] == true);
    // E[N] at m = 8 has 16 decimals, past the 12 an answer check reads: the
    // fraction is the checkable exact value, the display what the book prints.
    CHECK(eight["expected_outputs"] == "3.6996612548828125");
    CHECK(eight["expected_outputs_fraction"] == "242461/65536");
    CHECK(eight["expected_outputs_display"] == "3.70");
    CHECK(four["expected_outputs_fraction"] == "781/256");
    CHECK(ask(R"({"op":"speculative","acceptance":"0.5","draft":0,"round_ms":"26"})")["expected_outputs_fraction"] == 1);
    // Speedup against plain decoding at 26.3 ms per token: 26.3 / 13.34 at m = 4.
    CHECK(four["speedup_display"] == "1.97×");
    CHECK(eight["speedup_display"] == "1.77×");
    CHECK(four["break_even_query_ms_display"] == "39.5 ms");  // 26.3 × 781/256 − 40.7
    // 8.5.3: four serial drafts of 3.57 ms and 3 outputs (1, 1, then 0) → 13.5 ms per token.
    const Json serial = ask(R"({"op":"speculative","acceptances":["1","1","0","0"],"round_ms":"26.26","per_draft_ms":"3.57"})");
    CHECK(serial["expected_outputs"] == 3);
    CHECK(at2(serial["ms_per_token"]) == "13.51");
    CHECK(serial["expected_outputs_fraction"] == 3);  // a whole number stays a number
}

TEST_CASE("ch08 speculative op refuses bad input, naming the field") {
    const Json both = error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","acceptances":["0.5"],"round_ms":"26"})"));
    CHECK(both["field"] == "acceptance");
    CHECK(both["code"] == "ch08_acceptance_choice");
    const Json above = error_of(Json::parse(R"({"op":"speculative","acceptance":"1.5","draft":2,"round_ms":"26"})"));
    CHECK(above["field"] == "acceptance");
    CHECK(above["code"] == "ch08_share_above_one");
    CHECK(above["message"].get<std::string>().find("acceptance（") == 0);
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","round_ms":"26"})"))["field"] == "draft");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","draft":2})"))["field"] == "round_ms");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptances":["0.5","x"],"round_ms":"26"})"))["field"] ==
          "acceptances[1]");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptances":["0.5"],"draft":2,"round_ms":"26"})"))["code"] ==
          "ch08_draft_length");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","draft":2,"round_ms":"26","from_draft":2})"))["field"] ==
          "from_draft");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","draft":2,"round_ms":"0"})"))["code"] ==
          "field_not_decimal");
    CHECK(error_of(Json::parse(R"({"op":"speculative","acceptance":"0.5","draft":65,"round_ms":"26"})"))["field"] == "draft");
}

TEST_CASE("ch08 acceptance_rule: §8.5.1's two-symbol target, and the output follows the target") {
    const Json a = result(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["1","0"]})"));
    CHECK(a["symbols"][0]["accept"] == "0.25");
    CHECK(a["symbols"][1]["accept"].is_null());  // B is never drafted
    CHECK(a["acceptance"] == "0.25");
    CHECK(a["symbols"][1]["residual"] == 1);  // a rejected A is replaced by B
    CHECK(a["output_matches_target"] == true);
    const Json b = result(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0","1"]})"));
    CHECK(b["symbols"][1]["accept"] == "0.75");
    const Json half = result(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0.5","0.5"]})"));
    CHECK(half["symbols"][0]["accept"] == "0.5");
    CHECK(half["symbols"][1]["accept"] == 1);
    CHECK(half["acceptance"] == "0.75");
    CHECK(half["symbols"][0]["output"] == "0.25");
    CHECK(half["symbols"][1]["output"] == "0.75");
    const Json same = result(Json::parse(R"({"op":"acceptance_rule","target_p":["0.5","0.5"],"draft_q":["0.5","0.5"]})"));
    CHECK(same["acceptance"] == 1);
    CHECK(same["symbols"][0]["residual"] == 0);
    CHECK(same["output_matches_target"] == true);
    CHECK(error_of(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.7"],"draft_q":["1","0"]})"))["code"] ==
          "ch08_distribution_sum");
    CHECK(error_of(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["1"]})"))["field"] == "draft_q");
}

TEST_CASE("ch08 acceptance_rule: the two-symbol shares of Figures 8-30 and 8-31") {
    // Figure 8-30: p = (1/4, 3/4), the draft always proposes A (q = (1, 0)).
    const Json a = result(Json::parse(R"({"op":"acceptance_rule","target_share":"0.25","draft_share":"1"})"));
    CHECK(a["symbols"][0]["p"] == "0.25");
    CHECK(a["symbols"][1]["p"] == "0.75");
    CHECK(a["symbols"][1]["q"] == 0);
    CHECK(a["symbols"][0]["accept"] == "0.25");
    CHECK(a["acceptance"] == "0.25");
    CHECK(a["symbols"][0]["kept"] == "0.25");       // A drafted and kept
    CHECK(a["symbols"][1]["resampled"] == "0.75");  // B drawn after a rejection, probability 3/4
    CHECK(a["symbols"][0]["resampled"] == 0);
    CHECK(a["target_sum"] == 1);
    CHECK(a["output_sum"] == 1);
    CHECK(a["output_matches_target"] == true);
    // The shorthand is the list it stands for.
    const Json listed = result(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["1","0"]})"));
    CHECK(listed == a);
    // Figure 8-31: the draft always proposes B; kept 3/4, A resampled with 1/4.
    const Json b = result(Json::parse(R"({"op":"acceptance_rule","target_share":"0.25","draft_share":"0"})"));
    CHECK(b["symbols"][1]["accept"] == "0.75");
    CHECK(b["acceptance"] == "0.75");
    CHECK(b["symbols"][1]["kept"] == "0.75");
    CHECK(b["symbols"][0]["resampled"] == "0.25");
    CHECK(b["symbols"][0]["output"] == "0.25");
    // A draft between the two: kept = min(p, q) per symbol, 0.3 + 0.6 = 0.9.
    const Json mid = result(Json::parse(R"({"op":"acceptance_rule","target_share":"0.3","draft_share":"0.4"})"));
    CHECK(mid["acceptance"] == "0.9");
    CHECK(mid["symbols"][0]["accept"] == "0.75");
    CHECK(mid["symbols"][0]["kept"] == "0.3");
    CHECK(mid["symbols"][1]["kept"] == "0.6");
    CHECK(mid["symbols"][1]["resampled"] == "0.1");
    CHECK(mid["symbols"][1]["output"] == "0.7");
    CHECK(mid["output_matches_target"] == true);
}

TEST_CASE("ch08 acceptance_rule refuses a share out of range, or a distribution given twice or not at all") {
    const Json both =
        error_of(Json::parse(R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"target_share":"0.25","draft_share":"1"})"));
    CHECK(both["field"] == "target_share");
    CHECK(both["code"] == "ch08_distribution_choice");
    CHECK(both["message"].get<std::string>().find("target_share（") == 0);
    const Json none = error_of(Json::parse(R"({"op":"acceptance_rule","draft_share":"1"})"));
    CHECK(none["field"] == "target_p");
    CHECK(none["code"] == "ch08_distribution_choice");
    const Json above = error_of(Json::parse(R"({"op":"acceptance_rule","target_share":"0.25","draft_share":"1.5"})"));
    CHECK(above["field"] == "draft_share");
    CHECK(above["code"] == "ch08_share_above_one");
    CHECK(above["message"].get<std::string>().find("draft_share（") == 0);
    const Json negative = error_of(Json::parse(R"({"op":"acceptance_rule","target_share":"-0.25","draft_share":"1"})"));
    CHECK(negative["field"] == "target_share");
    const Json words = error_of(Json::parse(R"({"op":"acceptance_rule","target_share":"a quarter","draft_share":"1"})"));
    CHECK(words["field"] == "target_share");
    CHECK(words["code"] == "field_not_decimal");
    // Two symbols from the share against a list of three.
    const Json longer =
        error_of(Json::parse(R"({"op":"acceptance_rule","target_share":"0.25","draft_q":["0.5","0.25","0.25"]})"));
    CHECK(longer["field"] == "draft_q");
    CHECK(longer["code"] == "ch08_distribution_length");
}
