#include "how.hpp"

#include "core/messages.hpp"
#include "core/format.hpp"

namespace tally::api {

namespace {

const char* const kPlus = " + ";

std::string value_text(const Ratio& v, bool flops) { return flops ? flops_text(v) : bytes_binary_text(v); }

}  // namespace

Json how_entry(const std::string& formula, const std::string& substituted) {
    Json j;
    j["formula"] = formula;
    j["substituted"] = substituted;
    return j;
}

std::string number_text(const Ratio& r) { return r.is_integer() ? group_thousands(r.num()) : trimmed(r, 6); }

std::string bytes_text(const Ratio& r) { return number_text(r) + " B"; }

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    auto arg = args.begin();
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (arg != args.end() && pattern.compare(i, 2, "{}") == 0) {
            out += *arg++;
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

void Terms::add(const std::string& symbol, const std::string& value) {
    symbols_.push_back(symbol);
    values_.push_back(value);
}

std::string Terms::substituted(const std::string& total) const { return joined(values_) + (long_sum() ? "\n= " : " = ") + total; }

std::string Terms::joined(const std::vector<std::string>& parts) const {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : long_sum() ? "\n+ " : kPlus) + p;
    return out;
}

Json sum_how(const std::string& name, const Items& items, bool flops, const Ratio& total, bool (*keep)(const LineItem&)) {
    Terms terms;
    for (const auto& it : items) {
        if (keep(it) && it.value != Ratio(0)) terms.add(it.label, value_text(it.value, flops));
    }
    if (terms.empty()) return how_entry(render(msg::how_zero_rows, {{"name", name}}), "0");
    return how_entry(terms.formula(name + " = "), terms.substituted(value_text(total, flops)));
}

Json per_token_how(const std::string& formula, const Ratio& per_token, const std::string& count_text, u128 count, u128 batch,
                   const Ratio& value) {
    const Ratio slope = per_token * Ratio(count) * Ratio(batch);
    std::string s = fill("{} × {}", {bytes_text(per_token), count_text});
    std::string f = formula;
    if (batch != 1) {
        s += " × " + group_thousands(batch);
        f += " × B";
    }
    if (slope < value) {
        f = render(msg::how_plus_window_layers, {{"formula", f}});
        s = render(msg::how_plus_rest, {{"sum", s}, {"rest", bytes_text(value - slope)}});
    }
    return how_entry(f, fill("{} = {} = {}", {s, bytes_text(value), bytes_binary_text(value)}));
}

bool any_row(const LineItem&) { return true; }

}  // namespace tally::api
