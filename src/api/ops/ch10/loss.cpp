// token_mean_loss (§10.3.1): the gradient of a loss averaged over every
// token of the update, against averaging each answer first, and against
// dividing once more by the micro-batch count.  Answers come in groups of
// equal length whose per-token loss has slope `slope` in θ (the chapter:
// 4 answers of 2 tokens at θ/5, 4 of 3 tokens at 2θ/5):
//   token mean   Σ n_g L_g s_g / Σ n_g L_g
//   answer mean  Σ n_g s_g / Σ n_g
// Sums and quotients of the groups, written out here.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

struct AnswerGroup {
    u128 answers;
    u128 tokens;  // per answer
    Ratio slope;  // d(loss per token)/dθ
};

constexpr FieldDecl kLossFields[] = {
    field::of_kind("answer_groups", FieldKind::List),
    field::integer("micro_batches", 1, 4096, "8"),
};

constexpr FieldDecl kSlopeOnly[] = {
    field::integer("answers", 1, 1000000),
    field::integer("tokens", 1, 1000000),
    field::of_kind("slope", FieldKind::Decimal),
};

Ratio slope_of(const Json& group) {
    const RequestFields one(group, kSlopeOnly);
    return ch10_fields::positive_or(one, "slope", "1");
}

std::vector<AnswerGroup> answer_groups_of(const RequestFields& f) {
    if (!f.has("answer_groups")) return {{4, 2, Ratio(1, 5)}, {4, 3, Ratio(2, 5)}};
    const Json& list = f.raw("answer_groups");
    const std::string label = ch10_fields::label("answer_groups");
    if (!list.is_array() || list.empty() || list.size() > 64) {
        throw FieldError("answer_groups", msg::ch10_list_size, {{"label", label}, {"most", "64"}});
    }
    std::vector<AnswerGroup> groups;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& g = list[i];
        const std::string where = "answer_groups[" + std::to_string(i) + "]";
        const bool ok = g.is_object() && g.size() == 3 && g.contains("answers") && g.contains("tokens") && g.contains("slope") &&
                        g["answers"].is_number_unsigned() && g["tokens"].is_number_unsigned() &&
                        g["answers"].get<std::uint64_t>() >= 1 && g["answers"].get<std::uint64_t>() <= 1000000 &&
                        g["tokens"].get<std::uint64_t>() >= 1 && g["tokens"].get<std::uint64_t>() <= 1000000;
        if (!ok) throw FieldError(where, msg::ch10_answer_group, {{"label", label}});
        const Ratio slope = slope_of(g);
        groups.push_back({g["answers"].get<std::uint64_t>(), g["tokens"].get<std::uint64_t>(), slope});
    }
    return groups;
}

Json op_token_mean_loss(const Json& req) {
    RequestFields f(req, kLossFields);
    const std::vector<AnswerGroup> groups = answer_groups_of(f);
    const u128 micro_batches = f.integer_or("micro_batches");
    u128 answers = 0, tokens = 0, longest = 0;
    Ratio token_sum, answer_sum;
    for (const AnswerGroup& g : groups) {
        answers = add(answers, g.answers);
        tokens = add(tokens, mul(g.answers, g.tokens));
        token_sum = token_sum + Ratio(mul(g.answers, g.tokens)) * g.slope;
        answer_sum = answer_sum + Ratio(g.answers) * g.slope;
        if (g.tokens > longest) longest = g.tokens;
    }
    u128 longest_tokens = 0;
    for (const AnswerGroup& g : groups)
        if (g.tokens == longest) longest_tokens = add(longest_tokens, mul(g.answers, g.tokens));
    const Ratio token_mean = token_sum / Ratio(tokens);
    Json r;
    r["answers"] = exact_json(answers);
    r["tokens"] = exact_json(tokens);
    r["token_mean_gradient"] = exact_json(token_mean);
    r["answer_mean_gradient"] = exact_json(answer_sum / Ratio(answers));
    r["over_micro_batches_gradient"] = exact_json(token_mean / Ratio(micro_batches));
    r["longest_token_share_percent"] = exact_json(Ratio(longest_tokens, tokens) * Ratio(100));
    return r;
}

constexpr ResultDecl kLossResult[] = {
    result::exact("answers"),
    result::exact("tokens"),
    result::exact("token_mean_gradient"),
    result::exact("answer_mean_gradient"),
    result::exact("over_micro_batches_gradient"),
    result::exact("longest_token_share_percent"),
};
constexpr const char* kLossSamples[] = {
    R"({"op":"token_mean_loss"})",
    R"({"op":"token_mean_loss","answer_groups":[{"answers":2,"tokens":10,"slope":"1"},{"answers":6,"tokens":2,"slope":"0.5"}]})",
};

}  // namespace

const OpDef kTokenMeanLossOp = {"token_mean_loss", op_token_mean_loss, kLossFields, kLossResult, kLossSamples};

}  // namespace tally::api
