// The acceptance_rule op (§8.5.1, Figures 8-30, 8-31): which draft symbols
// the target keeps, with what chance, what it samples on a rejection, and
// the check that the output follows the target exactly.  Each distribution
// comes as a list (target_p, draft_q) or, for the chapter's two symbols A
// and B, as A's share alone (target_share, draft_share: x means (x, 1 − x)),
// which is what the figures' controls set.
#include "api/ops/ch08/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch08/acceptance_rule.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxSymbols = 64;

constexpr FieldDecl kAcceptanceRuleFields[] = {
    field::of_kind("target_p", FieldKind::List),
    field::of_kind("draft_q", FieldKind::List),
    field::of_kind("target_share", FieldKind::Decimal),
    field::of_kind("draft_share", FieldKind::Decimal),
};

// The list as sent (it must add up to exactly 1), or (x, 1 − x) from the share.
std::vector<Ratio> distribution(const Json& req, const RequestFields& f, const std::string& list, const std::string& share) {
    if (f.has(list) == f.has(share)) {
        const std::string named = f.has(share) ? share : list;
        throw FieldError(named, msg::ch08_distribution_choice, {{"label", ch08_fields::label(named)}});
    }
    if (f.has(share)) {
        const Ratio x = ch08_fields::share(f, share);
        return {x, Ratio(1) - x};
    }
    std::vector<Ratio> d = ch08_fields::shares(req, list, kMaxSymbols);
    Ratio sum;
    for (const Ratio& x : d) sum = sum + x;
    if (sum != Ratio(1)) throw FieldError(list, msg::ch08_distribution_sum, {{"label", ch08_fields::label(list)}});
    return d;
}

Json op_acceptance_rule(const Json& req) {
    RequestFields f(req, kAcceptanceRuleFields);
    const std::vector<Ratio> p = distribution(req, f, "target_p", "target_share");
    const std::vector<Ratio> q = distribution(req, f, "draft_q", "draft_share");
    if (p.size() != q.size()) {
        throw FieldError("draft_q", msg::ch08_distribution_length, {{"label", ch08_fields::label("draft_q")}});
    }
    const ch08::AcceptanceRule a = ch08::acceptance_rule(p, q);
    // One row per symbol, named by its position ("0", "1", …) so a path can pick it: symbols[id=1].accept.
    Json symbols = Json::array();
    Ratio target_sum, output_sum;  // both exactly 1: the lengths of a figure's two bars
    for (std::size_t i = 0; i < p.size(); ++i) {
        target_sum = target_sum + p[i];
        output_sum = output_sum + a.output[i];
        symbols.push_back({{"id", std::to_string(i)},
                           {"p", exact_json(p[i])},
                           {"q", exact_json(q[i])},
                           {"accept", a.accept[i] ? exact_json(*a.accept[i]) : Json(nullptr)},
                           {"residual", exact_json(a.residual[i])},
                           {"kept", exact_json(a.kept[i])},
                           {"resampled", exact_json(a.resampled[i])},
                           {"output", exact_json(a.output[i])}});
    }
    Json r;
    r["symbols"] = symbols;
    r["acceptance"] = exact_json(a.acceptance);
    r["target_sum"] = exact_json(target_sum);
    r["output_sum"] = exact_json(output_sum);
    r["output_matches_target"] = a.output == p;
    return r;
}

constexpr ResultDecl kSymbolItems[] = {
    result::text("id"),        result::exact("p"),    result::exact("q"),         result::nullable(result::exact("accept")),
    result::exact("residual"), result::exact("kept"), result::exact("resampled"), result::exact("output"),
};
constexpr ResultDecl kAcceptanceRuleResult[] = {
    result::list("symbols", kSymbolItems), result::exact("acceptance"),           result::exact("target_sum"),
    result::exact("output_sum"),           result::flag("output_matches_target"),
};
constexpr const char* kAcceptanceRuleSamples[] = {
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["1","0"]})",
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0","1"]})",
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0.5","0.5"]})",
    R"({"op":"acceptance_rule","target_share":"0.25","draft_share":"1"})",
};

}  // namespace

const OpDef kAcceptanceRuleOp = {"acceptance_rule", op_acceptance_rule, kAcceptanceRuleFields, kAcceptanceRuleResult,
                                 kAcceptanceRuleSamples};

}  // namespace tally::api
