// The toolkit of "how was this computed?" (opt-in per request, "explain":
// true): each op family writes its own explanations next to its op with
// these pieces, from the values the core has just used (never recomputed).
//
// The op then adds
//   "how": { "<path>": {"formula": "…", "substituted": "… = value"}, … }
// where <path> is the path, from the object holding "how", of the field a
// page shows: "display", "groups.attention", "items[id=kv].display".
// Line items already carry their own formula and substituted strings.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/items.hpp"
#include "api/json_out.hpp"

namespace tally::api {

// {"formula": f, "substituted": s}
Json how_entry(const std::string& formula, const std::string& substituted);

// An exact quantity as readable digits: "147,456", "3,514.25".
std::string number_text(const Ratio& r);
// Exact bytes with the unit: "3,514.25 B".
std::string bytes_text(const Ratio& r);

// The pattern with each "{}" replaced by the next argument, in order.  One
// call instead of a chain of string additions keeps the WASM small.
std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);

// A sum written twice, term by term: the symbols and the numbers.  Past
// three terms each goes on its own line, so line i of the formula and line i
// of the substitution name and value the same term.
class Terms {
  public:
    void add(const std::string& symbol, const std::string& value);
    bool empty() const { return symbols_.empty(); }
    std::size_t size() const { return symbols_.size(); }
    std::string formula(const std::string& lhs = "") const { return lhs + joined(symbols_); }
    std::string substituted(const std::string& total) const;

  private:
    bool long_sum() const { return symbols_.size() > 3; }
    std::string joined(const std::vector<std::string>& parts) const;
    std::vector<std::string> symbols_, values_;
};

// A total over line items: the formula names the rows, the substitution
// lists their values.  Rows that contribute nothing are left out.
Json sum_how(const std::string& name, const Items& items, bool flops, const Ratio& total, bool (*keep)(const LineItem&));

// c_KV × n × B, plus what sliding-window layers add (their positions stop at
// the window, so they are not part of the per-token slope c_KV).
Json per_token_how(const std::string& formula, const Ratio& per_token, const std::string& count_text, u128 count, u128 batch,
                   const Ratio& value);

// Every row (for sum_how).
bool any_row(const LineItem&);

}  // namespace tally::api
