// Value::parse with our caps and ParseProblem over nlohmann's parser, for
// the TALLY_JSON_NLOHMANN oracle build (json_nlohmann.hpp).  Empty otherwise.
#ifdef TALLY_JSON_NLOHMANN

#include <set>
#include <vector>

#include "json.hpp"

namespace tally::json {

namespace {

// Stops a parse from inside nlohmann's callback.
struct Refusal {
    ParseProblem problem;
    std::string key;
};

// The callback's view of the open containers: depth, the keys of each open
// object, and the members and elements of the whole document.
class Watch {
  public:
    bool operator()(int depth, Value::Base::parse_event_t event, Value::Base& parsed) {
        using E = Value::Base::parse_event_t;
        if (event == E::object_start || event == E::array_start) {
            if (depth + 1 > Value::kMaxDepth) throw Refusal{ParseProblem::TooDeep, ""};
            keys_.emplace_back();
            in_array_.push_back(event == E::array_start);
            return true;
        }
        if (event == E::key) {
            const std::string key = parsed.get<std::string>();
            if (!keys_.back().insert(key).second) throw Refusal{ParseProblem::DuplicateKey, key};
            if (++members_ > Value::kMaxMembers) throw Refusal{ParseProblem::TooManyMembers, ""};
            return true;
        }
        if (event == E::object_end || event == E::array_end) {
            keys_.pop_back();
            in_array_.pop_back();
        }
        if (!in_array_.empty() && in_array_.back() && ++elements_ > Value::kMaxElements) {
            throw Refusal{ParseProblem::TooManyElements, ""};
        }
        return true;
    }

  private:
    std::vector<std::set<std::string>> keys_;
    std::vector<bool> in_array_;
    std::size_t members_ = 0;
    std::size_t elements_ = 0;
};

}  // namespace

Value Value::parse(std::string_view text, ParseError& error) {
    error = ParseError{};
    Watch watch;
    try {
        Value v = Base::parse(text.begin(), text.end(), std::ref(watch), true);
        return v;
    } catch (const Refusal& r) {
        error.problem = r.problem;
        error.key = r.key;
    } catch (const Base::parse_error& e) {
        error.problem = ParseProblem::Syntax;
        error.offset = e.byte == 0 ? 0 : e.byte - 1;
    }
    return Value(Base::value_t::discarded);
}

Value Value::parse(std::string_view text, std::size_t& error_offset) {
    ParseError error;
    Value v = parse(text, error);
    error_offset = error.offset;
    return v;
}

}  // namespace tally::json

#endif  // TALLY_JSON_NLOHMANN
