#include "ledger_sources.hpp"

#include <stdexcept>

#include "core/messages.hpp"

namespace tally::api {

namespace {

bool all_digits(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

u128 digits_of(const std::string& s) {
    u128 n = 0;
    for (char c : s) n = add(mul(n, 10), static_cast<u128>(c - '0'));
    return n;
}

u128 power_of_ten(unsigned exponent) {
    u128 p = 1;
    for (unsigned i = 0; i < exponent; ++i) p = mul(p, 10);
    return p;
}

// "299.38261461118236", "6.255996413528919e-05", "9.273e+20", "1.0".
Ratio decimal_text(const std::string& text, const std::string& path) {
    const auto refuse = [&]() -> Ratio {
        throw std::runtime_error(render(msg::ledger_not_a_number, {{"path", path}, {"value", text}}));
    };
    std::string mantissa = text;
    long exponent = 0;
    const auto e = text.find_first_of("eE");
    if (e != std::string::npos) {
        mantissa = text.substr(0, e);
        std::string power = text.substr(e + 1);
        bool negative = false;
        if (!power.empty() && (power[0] == '+' || power[0] == '-')) {
            negative = power[0] == '-';
            power = power.substr(1);
        }
        if (!all_digits(power) || power.size() > 3) return refuse();
        exponent = std::stol(power) * (negative ? -1 : 1);
    }
    const auto dot = mantissa.find('.');
    std::string whole = mantissa, fraction;
    if (dot != std::string::npos) {
        whole = mantissa.substr(0, dot);
        fraction = mantissa.substr(dot + 1);
    }
    if (!all_digits(whole) || (dot != std::string::npos && !all_digits(fraction))) return refuse();
    exponent -= static_cast<long>(fraction.size());
    const u128 digits = digits_of(whole + fraction);
    if (exponent >= 0) return Ratio(mul(digits, power_of_ten(static_cast<unsigned>(exponent))));
    return Ratio(digits, power_of_ten(static_cast<unsigned>(-exponent)));
}

// "name", "name[3]", "name[field=value]" → the element it selects under `node`.
const Json& step(const Json& node, const std::string& part, const std::string& path) {
    const auto bracket = part.find('[');
    const std::string name = part.substr(0, bracket);
    const Json* here = name.empty() ? &node : &node.at(name);
    if (bracket == std::string::npos) return *here;
    const std::string selector = part.substr(bracket + 1, part.size() - bracket - 2);
    const auto eq = selector.find('=');
    if (eq == std::string::npos && all_digits(selector)) return here->at(static_cast<std::size_t>(std::stoul(selector)));
    const std::string field = selector.substr(0, eq), wanted = selector.substr(eq + 1);
    // By index: under TALLY_JSON_NLOHMANN a range-for yields the base class's elements.
    for (std::size_t i = 0; i < here->size(); ++i) {
        const Json& item = here->at(i);
        if (!item.contains(field)) continue;
        const Json& v = item.at(field);
        if ((v.is_string() && v.get<std::string>() == wanted) || (!v.is_string() && v.dump() == wanted)) return item;
    }
    throw std::runtime_error(render(msg::ledger_no_match, {{"selector", selector}, {"path", path}}));
}

}  // namespace

const Json& dataset_value_at(const Json& root, const std::string& path) {
    // Split on the dots outside brackets: a selector may name a number ("rows[N=100000000.0]").
    const Json* node = &root;
    std::string part;
    int depth = 0;
    for (char c : path) {
        if (c == '[') ++depth;
        if (c == ']') --depth;
        if (c == '.' && depth == 0) {
            node = &step(*node, part, path);
            part.clear();
        } else {
            part += c;
        }
    }
    return step(*node, part, path);
}

Ratio dataset_ratio(const Json& value, const std::string& path) {
    if (value.is_number_unsigned()) return Ratio(value.get<std::uint64_t>());
    if (value.is_number_float()) return decimal_text(value.dump(), path);
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        const auto slash = s.find('/');
        if (slash != std::string::npos) {
            const std::string num = s.substr(0, slash), den = s.substr(slash + 1);
            if (!all_digits(num) || !all_digits(den) || digits_of(den) == 0)
                throw std::runtime_error(render(msg::ledger_not_a_number, {{"path", path}, {"value", s}}));
            return Ratio(digits_of(num), digits_of(den));
        }
        return decimal_text(s, path);
    }
    throw std::runtime_error(render(msg::ledger_not_a_number, {{"path", path}, {"value", value.dump()}}));
}

}  // namespace tally::api
