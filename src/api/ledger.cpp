#include "ledger.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <vector>

#include "api.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "ledger_sources.hpp"

namespace tally::api {

namespace {

u128 digits_value(const std::string& t) {
    u128 n = 0;
    for (char c : t) n = mul(n, 10) + static_cast<u128>(c - '0');
    return n;
}

// An API value: a JSON integer, or a decimal / "num/den" string.
Ratio ratio_of(const Json& v) {
    if (v.is_number_unsigned()) return Ratio(v.get<std::uint64_t>());
    const std::string s = v.get<std::string>();
    const auto slash = s.find('/');
    if (slash != std::string::npos) return Ratio(digits_value(s.substr(0, slash)), digits_value(s.substr(slash + 1)));
    const auto dot = s.find('.');
    if (dot == std::string::npos) return Ratio(digits_value(s));
    u128 scale = 1;
    for (size_t i = dot + 1; i < s.size(); ++i) scale = mul(scale, 10);
    return Ratio(digits_value(s.substr(0, dot) + s.substr(dot + 1)), scale);
}

// "items[id=q_proj].per_call", "groups.attention", "models[id=qwen3-8b].layers"
const Json& at_path(const Json& root, const std::string& path) {
    const Json* node = &root;
    std::stringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
        const auto bracket = part.find('[');
        node = &node->at(part.substr(0, bracket));
        if (bracket == std::string::npos) continue;
        const std::string selector = part.substr(bracket + 1, part.size() - bracket - 2);
        // "[2]": the third item, as the path schema allows.
        if (!selector.empty() && selector.find_first_not_of("0123456789") == std::string::npos) {
            const std::size_t index = std::stoul(selector);
            if (index >= node->size())
                throw std::runtime_error(render(msg::ledger_no_match, {{"selector", selector}, {"path", path}}));
            node = &node->at(index);
            continue;
        }
        const auto eq = selector.find('=');
        const std::string field = selector.substr(0, eq), wanted = selector.substr(eq + 1);
        const Json* found = nullptr;
        // By index: under TALLY_JSON_NLOHMANN a range-for yields the base
        // class's elements, not the Json the rest of this code holds.
        for (std::size_t i = 0; i < node->size(); ++i) {
            const Json& item = node->at(i);
            if (item.contains(field) && item.at(field) == wanted) found = &item;
        }
        if (found == nullptr) throw std::runtime_error(render(msg::ledger_no_match, {{"selector", selector}, {"path", path}}));
        node = found;
    }
    return *node;
}

u128 unit_scale(const std::string& unit) {
    static const std::map<std::string, u128> kScale = {
        {"", 1},
        {"B", 1},
        {"KiB", u128{1} << 10},
        {"MiB", u128{1} << 20},
        {"GiB", u128{1} << 30},
        {"GB", 1000000000},
        {"MB", 1000000},
        {"GFLOPs", 1000000000},
        {"TFLOPs", 1000000000000ULL},
        // The units the ledger's printed numbers are written in (content/ledger/*.json): data keys, not words.
        {"億", 100000000},
        {"萬", 10000},
        {"10^9", 1000000000},
        {"10^12", 1000000000000ULL},
        // GPU time as the ledger prints it: the request's path is already in these units.
        {"GPU-h", 1},
        {"GPU-s", 1}};
    const auto it = kScale.find(unit);
    if (it == kScale.end()) throw std::runtime_error(render(msg::ledger_unknown_unit, {{"unit", unit}}));
    return it->second;
}

std::string without_commas(std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    return s;
}

// How the book words a ratio it prints as a change: `less` (a decimal
// constant) is taken from the value, then it is multiplied by `times`.  A GPU
// time 1.28 times as long, printed as "28 % more", is less "1", times 100.
Ratio printed_change(const Json& entry, Ratio value) {
    if (entry.contains("less")) {
        const Ratio less = ratio_of(entry.at("less"));
        if (value < less)
            throw std::runtime_error(
                render(msg::ledger_not_a_number,
                       {{"path", entry.at("paths").dump() + " − " + entry.at("less").dump()}, {"value", "< 0"}}));
        value = value - less;
    }
    if (entry.contains("times")) value = value * Ratio(entry.at("times").get<std::uint64_t>());
    return value;
}

// Our value rounded to the printed decimals, in the printed unit.  An entry
// names one `request`, or `requests` whose values add up (a sum over the
// rounds of a conversation: one `turn` call per round); `per` divides the
// sum, and `less` and `times` turn a ratio into the change the book prints.
// `minus` and `over` name paths of the same answer(s): subtracted from the
// sum, then dividing it (before `per`).
// Many entries of a chapter read the same answer (a design case's one
// request holds a dozen printed numbers): each request is evaluated once.
using Answers = std::map<std::string, Json>;

const Json& answer_of(const Json& request, Answers& answers) {
    const std::string text = request.dump();
    auto found = answers.find(text);
    if (found == answers.end()) found = answers.emplace(text, Json::parse(evaluate(text))).first;
    return found->second;
}

std::string computed_text(const Json& entry, Answers& answers) {
    Ratio value;
    Ratio subtracted;  // `minus`: a path of the same answer(s) taken from the sum
    Ratio divisor;     // `over`: a path of the same answer(s) that divides it
    const bool several = entry.contains("requests");
    const std::size_t count = several ? entry.at("requests").size() : 1;
    for (std::size_t i = 0; i < count; ++i) {
        const Json& request = several ? entry.at("requests")[i] : entry.at("request");
        const Json& response = answer_of(request, answers);
        if (!response.value("ok", false))
            return render(msg::ledger_error, {{"message", response["error"]["message"].get<std::string>()}});
        const Json& result = response["result"];
        for (const auto& path : entry.at("paths")) value = value + ratio_of(at_path(result, path.get<std::string>()));
        if (entry.contains("minus")) subtracted = subtracted + ratio_of(at_path(result, entry.at("minus").get<std::string>()));
        if (entry.contains("over")) divisor = divisor + ratio_of(at_path(result, entry.at("over").get<std::string>()));
    }
    // A difference or a share of two values of one answer (q8_0 saves 540 MiB on BF16's 1,152; 131 of 416 blocks).
    if (value < subtracted)
        throw std::runtime_error(
            render(msg::ledger_not_a_number, {{"path", entry.at("paths").dump() + " − minus"}, {"value", "< 0"}}));
    value = value - subtracted;
    if (entry.contains("over")) value = value / divisor;
    if (entry.contains("per")) value = value / Ratio(entry.at("per").get<std::uint64_t>());
    value = printed_change(entry, value);
    const std::string printed = entry.at("printed").get<std::string>();
    const auto dot = printed.find('.');
    const unsigned decimals = dot == std::string::npos ? 0 : static_cast<unsigned>(printed.size() - dot - 1);
    return without_commas(fixed(value / Ratio(unit_scale(entry.value("unit", ""))), decimals));
}

unsigned printed_decimals(const std::string& printed) {
    const auto dot = printed.find('.');
    return dot == std::string::npos ? 0 : static_cast<unsigned>(printed.size() - dot - 1);
}

// "path" is one path or a list of paths whose values are summed.
std::vector<std::string> source_paths(const Json& source) {
    const Json& path = source.at("path");
    if (path.is_string()) return {path.get<std::string>()};
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < path.size(); ++i) paths.push_back(path.at(i).get<std::string>());
    return paths;
}

// "vllm-replay: reports[mode=uniform].ttft_p95_s"
std::string source_text(const Json& source) {
    std::string text = source.value("dataset", "") + ": ";
    const auto paths = source_paths(source);
    for (std::size_t i = 0; i < paths.size(); ++i) text += (i ? " + " : "") + paths[i];
    if (source.contains("minus")) text += " − " + source.at("minus").get<std::string>();
    if (source.contains("over")) text += " / " + source.at("over").get<std::string>();
    return text;
}

// The dataset's value of a sourced entry: `path` (summed when a list; less `minus`; divided by `over`, times
// `times`, divided by `per`) in the printed unit, at the printed decimals.
std::string sourced_text(const Json& entry, const Json& datasets) {
    const Json& source = entry.at("source");
    const std::string name = source.at("dataset").get<std::string>();
    if (!datasets.contains(name)) throw std::runtime_error(render(msg::ledger_no_dataset, {{"dataset", name}}));
    const Json& values = datasets.at(name).at("values");
    Ratio value;
    for (const auto& path : source_paths(source)) value = value + dataset_ratio(dataset_value_at(values, path), path);
    if (source.contains("minus")) {
        const std::string minus = source.at("minus").get<std::string>();
        const Ratio less = dataset_ratio(dataset_value_at(values, minus), minus);
        if (value < less)
            throw std::runtime_error(render(msg::ledger_not_a_number, {{"path", source_text(source)}, {"value", "< 0"}}));
        value = value - less;
    }
    if (source.contains("over")) {
        const std::string over = source.at("over").get<std::string>();
        value = value / dataset_ratio(dataset_value_at(values, over), over);
    }
    if (source.contains("times")) value = value * Ratio(source.at("times").get<std::uint64_t>());
    if (source.contains("per")) value = value / Ratio(source.at("per").get<std::uint64_t>());
    const std::string printed = entry.at("printed").get<std::string>();
    // The unit is the printed one, for the reader: a dataset value in other
    // units says how to convert it (`times`, `per`), never the unit's name.
    return without_commas(fixed(value, printed_decimals(printed)));
}

bool is_sourced_kind(const std::string& kind) { return kind == "measured" || kind == "published" || kind == "assumed"; }

void check_sourced(const Json& entry, const Json& datasets, LedgerLine& line, LedgerReport& report) {
    if (line.kind == "measured") ++report.measured;
    if (line.kind == "published") ++report.published;
    if (line.kind == "assumed") ++report.assumed;
    line.derivable = false;
    try {
        line.source = source_text(entry.at("source"));
        line.computed = sourced_text(entry, datasets);
    } catch (const std::exception& e) {
        line.computed = render(msg::ledger_error, {{"message", e.what()}});
    }
    line.matched = line.computed == line.printed;
    if (line.matched) ++report.matched;
}

}  // namespace

LedgerReport check_ledger(const Json& entries) { return check_ledger(entries, Json::object()); }

LedgerReport check_ledger(const Json& entries, const Json& datasets) {
    LedgerReport report;
    Answers answers;
    for (const auto& entry : entries) {
        LedgerLine line;
        line.id = entry.value("id", "");
        line.where = entry.value("where", "");
        line.printed = entry.value("printed", "");
        line.unit = entry.value("unit", "");
        line.derivable = entry.value("derivable", true);
        line.missing = entry.value("missing", "");
        line.kind = entry.value("kind", line.derivable ? "derivable" : "missing");
        ++report.total;
        if (is_sourced_kind(line.kind)) {
            check_sourced(entry, datasets, line, report);
        } else if (line.derivable) {
            ++report.derivable;
            try {
                line.computed = computed_text(entry, answers);
            } catch (const std::exception& e) {
                line.computed = render(msg::ledger_error, {{"message", e.what()}});
            }
            line.reproduced = line.computed == line.printed;
            if (line.reproduced) ++report.reproduced;
        }
        report.lines.push_back(line);
    }
    return report;
}

}  // namespace tally::api
