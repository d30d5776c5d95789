// moe_capacity (§10.3.4, Table 10-g, Figure 10-27): expert capacity
// ⌊c·D/E⌋ for each capacity factor c, and the dispatches dropped past it and
// the slots left as padding under it, for experts grouped by load.  The
// closed forms are src/core/ch10/moe_capacity.cpp.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/format.hpp"
#include "core/ch10/moe_capacity.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr std::size_t kMaxGroups = 64, kMaxFactors = 32;
constexpr u128 kMaxExperts = 1u << 16, kMaxLoad = u128{1} << 40;

constexpr FieldDecl kMoeFields[] = {
    field::of_kind("load_groups", FieldKind::List),
    field::of_kind("capacity_factors", FieldKind::List),
};

// [{"experts": 64, "load": 768}, …]; the default is the chapter's
// Qwen3-235B-shaped case (8192 tokens × top-8 over 128 experts, half of them
// at 1.5× the mean and half at 0.5×).
std::vector<ch10::LoadGroup> load_groups_of(const RequestFields& f) {
    if (!f.has("load_groups")) return {{64, 768}, {64, 256}};
    const Json& list = f.raw("load_groups");
    const std::string label = ch10_fields::label("load_groups");
    if (!list.is_array() || list.empty() || list.size() > kMaxGroups) {
        throw FieldError("load_groups", msg::ch10_list_size, {{"label", label}, {"most", std::to_string(kMaxGroups)}});
    }
    std::vector<ch10::LoadGroup> groups;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& g = list[i];
        const std::string where = "load_groups[" + std::to_string(i) + "]";
        const bool ok = g.is_object() && g.size() == 2 && g.contains("experts") && g.contains("load") &&
                        g["experts"].is_number_unsigned() && g["load"].is_number_unsigned() &&
                        g["experts"].get<std::uint64_t>() >= 1 && g["experts"].get<std::uint64_t>() <= kMaxExperts &&
                        g["load"].get<std::uint64_t>() <= kMaxLoad;
        if (!ok) throw FieldError(where, msg::ch10_load_group, {{"label", label}});
        groups.push_back({g["experts"].get<std::uint64_t>(), g["load"].get<std::uint64_t>()});
    }
    return groups;
}

Json op_moe_capacity(const Json& req) {
    RequestFields f(req, kMoeFields);
    const std::vector<ch10::LoadGroup> groups = load_groups_of(f);
    const std::vector<Ratio> factors =
        ch10_fields::positive_list_or(f, "capacity_factors", kMaxFactors, {"1", "1.25", "1.5", "2"});
    const Ratio hundred(100);
    Json r;
    r["rows"] = Json::array();
    for (const Ratio& c : factors) {
        const ch10::Capacity cap = ch10::moe_capacity(groups, c);
        r["dispatches"] = exact_json(cap.dispatches);
        r["experts"] = exact_json(cap.experts);
        r["mean_load"] = exact_json(Ratio(cap.dispatches, cap.experts));
        r["rows"].push_back({{"id", ch10_fields::row_id(c)},
                             {"capacity_factor", exact_json(c)},
                             {"capacity", exact_json(cap.capacity)},
                             {"dropped", exact_json(cap.dropped)},
                             {"padding", exact_json(cap.padding)},
                             {"dropped_percent", exact_json(cap.dropped_share * hundred)},
                             {"padding_percent", exact_json(cap.padding_share * hundred)},
                             // Table 10-g: 25%, 12.5%, 30% (no trailing zeros).
                             {"dropped_display", trimmed(cap.dropped_share * hundred, 1) + "%"},
                             {"padding_display", trimmed(cap.padding_share * hundred, 1) + "%"}});
    }
    return r;
}

constexpr ResultDecl kMoeRow[] = {
    result::text("id"),
    result::exact("capacity_factor"),
    result::exact("capacity"),
    result::exact("dropped"),
    result::exact("padding"),
    result::exact("dropped_percent"),
    result::exact("padding_percent"),
    result::display("dropped_display"),
    result::display("padding_display"),
};
constexpr ResultDecl kMoeResult[] = {
    result::exact("dispatches"),
    result::exact("experts"),
    result::exact("mean_load"),
    result::list("rows", kMoeRow),
};
constexpr const char* kMoeSamples[] = {
    R"({"op":"moe_capacity"})",
    R"({"op":"moe_capacity","load_groups":[{"experts":1,"load":96},{"experts":1,"load":32}],"capacity_factors":["1","1.25","1.5","2"]})",
};

}  // namespace

const OpDef kMoeCapacityOp = {"moe_capacity", op_moe_capacity, kMoeFields, kMoeResult, kMoeSamples};

}  // namespace tally::api
