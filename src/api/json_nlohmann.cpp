// Value::parse with our caps and ParseProblem over nlohmann's parser, for
// the TALLY_JSON_NLOHMANN oracle build (json_nlohmann.hpp).  Empty otherwise.
#ifdef TALLY_JSON_NLOHMANN

#include <set>
#include <vector>

#include "json.hpp"

namespace tally::json {

namespace {

// Stops a parse from inside nlohmann's callback.  `key_ordinal` counts the
// keys read so far, the refused one included (1 for the first).
struct Refusal {
    ParseProblem problem;
    std::string key;
    std::size_t key_ordinal = 0;
};

// Where the `ordinal`-th key of `text` starts (its opening quote): a key is
// a string followed by a colon.  nlohmann's callback knows no positions, and
// our parser reports a repeated key where it starts (a message gives its
// line), so the oracle finds it again in the text.
std::size_t offset_of_key(std::string_view text, std::size_t ordinal) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '"') continue;
        const std::size_t start = i;
        for (++i; i < text.size() && text[i] != '"'; ++i) {
            if (text[i] == '\\') ++i;
        }
        std::size_t after = i + 1;
        while (after < text.size() && (text[after] == ' ' || text[after] == '\n' || text[after] == '\r' || text[after] == '\t'))
            ++after;
        if (after < text.size() && text[after] == ':' && ++seen == ordinal) return start;
    }
    return 0;
}

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
            ++keys_read_;
            if (!keys_.back().insert(key).second) throw Refusal{ParseProblem::DuplicateKey, key, keys_read_};
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
    std::size_t keys_read_ = 0;
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
        if (r.problem == ParseProblem::DuplicateKey) error.offset = offset_of_key(text, r.key_ordinal);
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
