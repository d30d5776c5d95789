// zero_state (§10.1.2, §10.2.1, §10.2.4, Tables 10-b and 10-d, Exercise
// 10-1): mixed-precision Adam state per card under ZeRO stage 0–3 over d
// cards, with this chapter's BF16 gradients by default (16 B per parameter;
// chapter 3's `training` keeps FP32 gradients, 18 B).  The closed forms are
// src/core/ch10/zero_state.cpp.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch10/zero_state.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "core/params.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kZeroStateFields[] = {
    fields::kModel,
    field::integer("params", 1, kMaxCount),
    field::integer("shards", 1, u128{1} << 20),
    field::integer("stage", 0, 3),
    field::of_kind("gradients", FieldKind::Text, "bf16"),
    field::of_kind("live_gib", FieldKind::Decimal, "0"),
    field::of_kind("usable_gib", FieldKind::Decimal),
};

Json op_zero_state(const Json& req) {
    RequestFields f(req, kZeroStateFields);
    ch10::ZeroShape s;
    std::string model;
    if (f.has("params") && f.has("model")) {
        throw FieldError("params", msg::ch10_model_or_params, {{"label", ch10_fields::label("params")}});
    }
    if (f.has("params")) {
        s.params = f.integer("params");
    } else {
        const ModelSpec m = model_of(f);
        model = m.id;
        s.params = total_params(m);
    }
    s.shards = f.integer("shards");
    s.stage = static_cast<unsigned>(f.integer("stage"));
    s.gradient_bytes = ch10_fields::choice_or(f, "gradients", {"bf16", "fp32"}, "bf16") == "fp32" ? 4 : 2;
    const ch10::ZeroState z = ch10::zero_state(s);
    const Ratio live = ch10_fields::non_negative_or(f, "live_gib", "0") * kGiB;
    const Ratio peak = z.per_card + live;
    Json r;
    r["model"] = model.empty() ? Json(nullptr) : Json(model);
    r["params"] = exact_json(s.params);
    r["shards"] = exact_json(s.shards);
    r["stage"] = exact_json(static_cast<u128>(s.stage));
    r["bytes_per_param"] = exact_json(z.bytes_per_param);
    r["bytes_per_card"] = exact_json(z.per_card);
    r["bytes_per_card_display"] = bytes_binary_text(z.per_card);
    r["weights"] = exact_json(z.weights);
    r["gradients"] = exact_json(z.gradients);
    r["optimizer"] = exact_json(z.optimizer);
    r["master"] = exact_json(z.master);
    r["adam_m"] = exact_json(z.moment_m);
    r["adam_v"] = exact_json(z.moment_v);
    r["unsharded_bytes"] = exact_json(z.unsharded);
    r["unsharded_display"] = bytes_decimal_text(z.unsharded);
    r["unsharded_over_weights"] = exact_json(z.unsharded / (Ratio(s.params) * Ratio(2)));
    r["peak_bytes"] = exact_json(peak);
    r["peak_display"] = bytes_binary_text(peak);
    if (f.has("usable_gib")) {
        const Ratio usable = ch10_fields::positive_or(f, "usable_gib", "22") * kGiB;
        r["fits"] = peak <= usable;
        r["margin_bytes"] = peak <= usable ? exact_json(usable - peak) : Json(nullptr);
        r["over_bytes"] = usable < peak ? exact_json(peak - usable) : Json(nullptr);
    } else {
        r["fits"] = nullptr;
        r["margin_bytes"] = nullptr;
        r["over_bytes"] = nullptr;
    }
    return r;
}

constexpr ResultDecl kZeroStateResult[] = {
    result::nullable(result::text("model")),
    result::exact("params"),
    result::exact("shards"),
    result::exact("stage"),
    result::exact("bytes_per_param"),
    result::exact("bytes_per_card"),
    result::display("bytes_per_card_display"),
    result::exact("weights"),
    result::exact("gradients"),
    result::exact("optimizer"),
    result::exact("master"),
    result::exact("adam_m"),
    result::exact("adam_v"),
    result::exact("unsharded_bytes"),
    result::display("unsharded_display"),
    result::exact("unsharded_over_weights"),
    result::exact("peak_bytes"),
    result::display("peak_display"),
    result::nullable(result::flag("fits")),
    result::nullable(result::exact("margin_bytes")),
    result::nullable(result::exact("over_bytes")),
};
constexpr const char* kZeroStateSamples[] = {
    R"({"op":"zero_state","model":"qwen3-8b","shards":8,"stage":3})",
    R"({"op":"zero_state","params":8190735360,"shards":8,"stage":1,"gradients":"fp32"})",
    R"({"op":"zero_state","model":"qwen3-8b","shards":16,"stage":3,"live_gib":"10","usable_gib":"22"})",
};

}  // namespace

const OpDef kZeroStateOp = {"zero_state", op_zero_state, kZeroStateFields, kZeroStateResult, kZeroStateSamples};

}  // namespace tally::api
