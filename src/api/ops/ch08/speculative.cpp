// The speculative op (§8.5.2, §8.5.4, Exercise 8-7, issue 42's fixed shape):
// outputs per verify round, the round's time and the time per output token
// for a draft of m positions accepted at `acceptance` each (or one
// `acceptances` entry per position).  Optional: charging draft positions in
// whole groups, the query time at which speculation stops paying, and the
// marginal rule against a shorter draft (`from_draft`).
#include "api/ops/ch08/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch08/speculative.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "api/ops/unit_texts.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxDraft = 64;

// E[N] as "num/den" (or a whole number): its exact decimal can run to 2m
// places, past the 12 an answer check reads, while the fraction is always
// read exactly (242461/65536 at m = 8, a = 3/4).
Json fraction_json(const Ratio& r) {
    if (r.is_integer()) return exact_json(r.num());
    return Json(to_decimal(r.num()) + "/" + to_decimal(r.den()));
}

Json marginal_json(const ch08::Marginal& g) {
    Json m = {{"added_ms", exact_json(g.added_ms)},
              {"added_ms_display", ms_text(g.added_ms, 1)},
              {"added_outputs", exact_json(g.added_outputs)},
              {"added_outputs_fraction", fraction_json(g.added_outputs)},  // checkable, like E[N]
              {"added_outputs_display", fixed(g.added_outputs, 2)},
              {"ms_per_added_token", g.ms_per_added_token ? exact_json(*g.ms_per_added_token) : Json(nullptr)},
              {"ms_per_added_token_display", g.ms_per_added_token ? Json(ms_text(*g.ms_per_added_token, 1)) : Json(nullptr)},
              {"worth_it", g.worth_it}};
    return m;
}

constexpr FieldDecl kSpeculativeFields[] = {
    field::of_kind("acceptance", FieldKind::Decimal),
    field::of_kind("acceptances", FieldKind::List),
    field::integer("draft", 0, kMaxDraft),
    field::of_kind("round_ms", FieldKind::Decimal),
    field::of_kind("per_draft_ms", FieldKind::Decimal, "0"),
    field::of_kind("query_ms", FieldKind::Decimal, "0"),
    field::integer("draft_group", 1, kMaxDraft, "1"),
    field::integer("from_draft", 0, kMaxDraft),
};

// One acceptance per draft position: `acceptance` repeated `draft` times,
// or `acceptances` as sent (then `draft`, if sent, must be its length).
std::vector<Ratio> acceptances_of(const Json& req, const RequestFields& f) {
    if (f.has("acceptance") == f.has("acceptances")) {
        throw FieldError("acceptance", msg::ch08_acceptance_choice, {{"label", ch08_fields::label("acceptance")}});
    }
    if (f.has("acceptances")) {
        std::vector<Ratio> list = ch08_fields::shares(req, "acceptances", kMaxDraft);
        if (f.has("draft") && f.integer("draft") != list.size()) {
            throw FieldError("draft", msg::ch08_draft_length, {{"label", ch08_fields::label("draft")}});
        }
        return list;
    }
    const Ratio a = ch08_fields::share(f, "acceptance");
    if (!f.has("draft")) throw FieldError("draft", msg::field_missing, {{"label", ch08_fields::label("draft")}});
    return std::vector<Ratio>(static_cast<std::size_t>(f.integer("draft")), a);
}

ch08::SpeculativeInput input_of(const Json& req, const RequestFields& f) {
    ch08::SpeculativeInput in;
    in.acceptances = acceptances_of(req, f);
    in.round_ms = ch08_fields::positive(f, "round_ms");
    in.per_draft_ms = ch08_fields::nonnegative_or(f, "per_draft_ms", "0");
    in.query_ms = ch08_fields::nonnegative_or(f, "query_ms", "0");
    in.group = f.integer_or("draft_group");
    return in;
}

Json op_speculative(const Json& req) {
    RequestFields f(req, kSpeculativeFields);
    const ch08::SpeculativeInput in = input_of(req, f);
    const ch08::Speculative s = ch08::speculative(in);
    Json r;
    r["draft"] = exact_json(Ratio(in.acceptances.size()));
    r["expected_outputs"] = exact_json(s.expected_outputs);
    r["expected_outputs_fraction"] = fraction_json(s.expected_outputs);
    r["expected_outputs_display"] = fixed(s.expected_outputs, 2);
    r["round_ms"] = exact_json(s.round_ms);
    r["ms_per_token"] = exact_json(s.ms_per_token);
    r["ms_per_token_display"] = ms_text(s.ms_per_token, 2);
    r["charged_positions"] = exact_json(Ratio(s.charged_positions));
    r["draft_ms"] = exact_json(in.per_draft_ms * Ratio(s.charged_positions));  // the draft's share of the round
    r["plain_ms_per_token"] = exact_json(in.round_ms);
    const Ratio speedup = in.round_ms / s.ms_per_token;
    r["speedup"] = exact_json(speedup);
    r["speedup_display"] = fixed(speedup, 2) + "×";
    // Time saved per output token against plain decoding; null when speculation is slower.
    r["saved_ms_per_token"] = s.ms_per_token <= in.round_ms ? exact_json(in.round_ms - s.ms_per_token) : Json(nullptr);
    r["break_even_query_ms"] = s.break_even_query_ms ? exact_json(*s.break_even_query_ms) : Json(nullptr);
    r["break_even_query_ms_display"] = s.break_even_query_ms ? Json(ms_text(*s.break_even_query_ms, 1)) : Json(nullptr);
    // Every shorter draft of the same acceptances, for the chart of ms per token against m.
    Json by_draft = Json::array();
    for (std::size_t m = 0; m <= in.acceptances.size(); ++m) {
        ch08::SpeculativeInput shorter = in;
        shorter.acceptances.resize(m);
        const ch08::Speculative p = ch08::speculative(shorter);
        by_draft.push_back({{"draft", exact_json(Ratio(m))},
                            {"expected_outputs", exact_json(p.expected_outputs)},
                            {"round_ms", exact_json(p.round_ms)},
                            {"ms_per_token", exact_json(p.ms_per_token)}});
    }
    r["by_draft"] = by_draft;
    Json marginal(nullptr);
    if (f.has("from_draft")) {
        const u128 from = f.integer("from_draft");
        if (from >= in.acceptances.size()) {
            throw FieldError("from_draft", msg::ch08_from_draft_shorter, {{"label", ch08_fields::label("from_draft")}});
        }
        ch08::SpeculativeInput shorter = in;
        shorter.acceptances.resize(static_cast<std::size_t>(from));
        marginal = marginal_json(ch08::marginal(ch08::speculative(shorter), s));
    }
    r["marginal"] = marginal;
    return r;
}

constexpr ResultDecl kByDraftItems[] = {result::exact("draft"), result::exact("expected_outputs"), result::exact("round_ms"),
                                        result::exact("ms_per_token")};
constexpr ResultDecl kSpeculativeResult[] = {
    result::exact("draft"),
    result::exact("expected_outputs"),
    result::ratio("expected_outputs_fraction"),
    result::display("expected_outputs_display"),
    result::exact("round_ms"),
    result::exact("ms_per_token"),
    result::display("ms_per_token_display"),
    result::exact("charged_positions"),
    result::exact("draft_ms"),
    result::exact("plain_ms_per_token"),
    result::exact("speedup"),
    result::display("speedup_display"),
    result::nullable(result::exact("saved_ms_per_token")),
    result::nullable(result::exact("break_even_query_ms")),
    result::nullable(result::display("break_even_query_ms_display")),
    result::list("by_draft", kByDraftItems),
    result::nullable(result::object("marginal")),
};
constexpr const char* kSpeculativeSamples[] = {
    R"({"op":"speculative","acceptance":"0.75","draft":4,"round_ms":"26.3","per_draft_ms":"3.6"})",
    R"({"op":"speculative","acceptance":"0.25","draft":4,"round_ms":"26.26","query_ms":"0.1"})",
    R"({"op":"speculative","acceptances":["0.9","0.8","0.5"],"round_ms":"26.26"})",
    R"({"op":"speculative","acceptance":"0.75","draft":8,"round_ms":"26.3","per_draft_ms":"3.6","from_draft":4})",
    R"({"op":"speculative","acceptance":"0.75","draft":5,"round_ms":"26.3","per_draft_ms":"3.6","draft_group":4})",
};

}  // namespace

const OpDef kSpeculativeOp = {"speculative", op_speculative, kSpeculativeFields, kSpeculativeResult, kSpeculativeSamples};

}  // namespace tally::api
