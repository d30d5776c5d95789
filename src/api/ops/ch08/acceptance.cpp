// The acceptance_rule op (§8.5.1, Figures 8-30, 8-31): which draft symbols
// the target keeps, with what chance, what it samples on a rejection, and
// the check that the output follows the target exactly.
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
};

std::vector<Ratio> distribution(const Json& req, const std::string& name) {
    std::vector<Ratio> d = ch08_fields::shares(req, name, kMaxSymbols);
    Ratio sum;
    for (const Ratio& x : d) sum = sum + x;
    if (sum != Ratio(1)) throw FieldError(name, msg::ch08_distribution_sum, {{"label", ch08_fields::label(name)}});
    return d;
}

Json op_acceptance_rule(const Json& req) {
    RequestFields f(req, kAcceptanceRuleFields);
    const std::vector<Ratio> p = distribution(req, "target_p");
    const std::vector<Ratio> q = distribution(req, "draft_q");
    if (p.size() != q.size()) {
        throw FieldError("draft_q", msg::ch08_distribution_length, {{"label", ch08_fields::label("draft_q")}});
    }
    const ch08::AcceptanceRule a = ch08::acceptance_rule(p, q);
    // One row per symbol, named by its position ("0", "1", …) so a path can pick it: symbols[id=1].accept.
    Json symbols = Json::array();
    for (std::size_t i = 0; i < p.size(); ++i) {
        symbols.push_back({{"id", std::to_string(i)},
                           {"p", exact_json(p[i])},
                           {"q", exact_json(q[i])},
                           {"accept", a.accept[i] ? exact_json(*a.accept[i]) : Json(nullptr)},
                           {"residual", exact_json(a.residual[i])},
                           {"output", exact_json(a.output[i])}});
    }
    Json r;
    r["symbols"] = symbols;
    r["acceptance"] = exact_json(a.acceptance);
    r["output_matches_target"] = a.output == p;
    return r;
}

constexpr ResultDecl kSymbolItems[] = {
    result::text("id"),        result::exact("p"),      result::exact("q"), result::nullable(result::exact("accept")),
    result::exact("residual"), result::exact("output"),
};
constexpr ResultDecl kAcceptanceRuleResult[] = {
    result::list("symbols", kSymbolItems),
    result::exact("acceptance"),
    result::flag("output_matches_target"),
};
constexpr const char* kAcceptanceRuleSamples[] = {
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["1","0"]})",
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0","1"]})",
    R"({"op":"acceptance_rule","target_p":["0.25","0.75"],"draft_q":["0.5","0.5"]})",
};

}  // namespace

const OpDef kAcceptanceRuleOp = {"acceptance_rule", op_acceptance_rule, kAcceptanceRuleFields, kAcceptanceRuleResult,
                                 kAcceptanceRuleSamples};

}  // namespace tally::api
