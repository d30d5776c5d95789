#include "common.hpp"

namespace tally::mech {

LineItem projection(std::string id, std::string label, std::string section, u128 rows, u64 in, u64 out, u64 copies, u64 layers) {
    LineItem it;
    it.id = std::move(id);
    it.label = std::move(label);
    it.section = std::move(section);
    it.shape = "m×" + num(in) + " → m×" + num(out);
    it.weight = copies > 1 ? render(msg::weight_copies, {{"in", num(in)}, {"out", num(out)}, {"copies", num(copies)}})
                           : num(in) + "×" + num(out);
    const std::string k = copies > 1 ? num(copies) + "×" : "";
    it.formula = k + "2×m×" + num(in) + "×" + num(out);
    it.substituted = k + "2×" + num(rows) + "×" + num(in) + "×" + num(out);
    it.layers = layers;
    it.per_call = Ratio(mul(copies, 2, rows, in, out));
    it.value = it.per_call * Ratio(layers);
    return it;
}

LineItem computed(std::string id, std::string label, std::string section, std::string formula, std::string substituted,
                  const Ratio& per_call, u64 layers) {
    LineItem it;
    it.id = std::move(id);
    it.label = std::move(label);
    it.section = std::move(section);
    it.formula = std::move(formula);
    it.substituted = std::move(substituted);
    it.layers = layers;
    it.per_call = per_call;
    it.value = per_call * Ratio(layers);
    return it;
}

LineItem bytes_item(std::string id, std::string label, std::string section, std::string formula, std::string substituted,
                    const Ratio& per_count, const Count& count, u128 tokens, u64 layers) {
    LineItem it = computed(std::move(id), std::move(label), std::move(section), std::move(formula), std::move(substituted),
                           per_count * Ratio(count.at(tokens)), layers);
    it.count = count;
    it.per_count = per_count;
    return it;
}

}  // namespace tally::mech
