// The answer checker's public face (answer.hpp): two readings of the
// magnitude letters, the decimal-comma doubt, and the unit and code lists.
#include "answer.hpp"

#include "core/attempt.hpp"
#include "core/messages.hpp"
#include "judge.hpp"
#include "math.hpp"
#include "parser.hpp"
#include "text.hpp"

namespace tally {

using checker::Reading;
using checker::overflow_text;
using checker::quoted;
using checker::unparsable;

namespace {

struct UnitId {
    const char* id;
    AnswerUnit unit;
};
constexpr UnitId kIds[] = {
    {"B", AnswerUnit::Bytes},
    {"FLOPs", AnswerUnit::Flops},
    {"tokens", AnswerUnit::Tokens},
    {"requests", AnswerUnit::Requests},
    {"params", AnswerUnit::Params},
    {"", AnswerUnit::Pure},
    {"%", AnswerUnit::Percent},
    {"s", AnswerUnit::Seconds},
    {"B·s", AnswerUnit::ByteSeconds},
    {"GPU·h", AnswerUnit::GpuHours},
    {"USD", AnswerUnit::Usd},
    {"steps", AnswerUnit::Steps},
    {"steps/s", AnswerUnit::StepsPerSecond},
    {"ms", AnswerUnit::Milliseconds},
    {"us", AnswerUnit::Microseconds},
    {"h", AnswerUnit::Hours},
    {"days", AnswerUnit::Days},
};

// "1,125 GiB" is 1125 with a thousands separator or 1.125 with a decimal
// comma.  It is read as 1125; a right reading ("8,192") stands, and so does
// a wrong one with a mistake of its own ("73,728 B", half of 147,456).  It is
// called ambiguous when the thousands reading is off by a power of ten (what
// a misread decimal comma looks like: the readings differ by 10³) or the
// decimal reading would be right (docs/answers.md, "Numbers").
bool reading_is_doubtful(const Reading& reading, const AnswerVerdict& verdict) {
    return !reading.comma_ambiguous.empty() && !verdict.correct && verdict.mistake != "wrong_unit_kind" &&
           verdict.mistake != "negative";
}

// The answer with the doubtful comma read as a decimal point, when it was
// typed as is (an ASCII ","); empty otherwise.
std::string with_decimal_point(const std::string& answer, const std::string& number) {
    const std::size_t at = answer.find(number);
    if (at == std::string::npos) return "";
    std::string out = answer;
    out[at + number.find(',')] = '.';
    return out;
}

AnswerVerdict ambiguous_comma(const std::string& number) {
    const std::size_t comma = number.find(',');  // the lexer has made "，" a ","
    const std::string whole = number.substr(0, comma) + number.substr(comma + 1);
    const std::string decimal = number.substr(0, comma) + "." + number.substr(comma + 1);
    AnswerVerdict v;
    v.mistake = "ambiguous_decimal_comma";
    v.message = render(msg::answer_ambiguous_comma, {{"number", quoted(number)}, {"whole", whole}, {"decimal", decimal}});
    return v;
}

}  // namespace

bool answer_unit_from_id(const std::string& id, AnswerUnit& out) {
    for (const auto& p : kIds) {
        if (id == p.id) {
            out = p.unit;
            return true;
        }
    }
    return false;
}

std::string answer_unit_id(AnswerUnit unit) {
    for (const auto& p : kIds) {
        if (p.unit == unit) return p.id;
    }
    return "";
}

// One reading of the answer: magnitude letters as 1000^k or 1024^k.
// `letters` says whether any were typed (so the other reading matters).
static AnswerVerdict check_reading(const std::string& answer, const ExpectedAnswer& expected, bool binary, bool& letters) {
    Reading reading;
    const Outcome read = run_reading([&] { reading = checker::read_answer(answer, binary, expected.unit == AnswerUnit::Bytes); });
    if (read.stop == Stop::InvalidArgument) return unparsable(read.message);
    if (read.stop == Stop::Overflow) return unparsable(overflow_text());
    letters = !reading.letters.empty();
    AnswerVerdict verdict;
    if (!completes_without_overflow([&] { verdict = checker::judge(reading, expected); })) return unparsable(overflow_text());
    if (!reading_is_doubtful(reading, verdict)) return verdict;
    const std::string decimal = with_decimal_point(answer, reading.comma_ambiguous);
    if (verdict.mistake == "off_by_power_of_ten" || (!decimal.empty() && check_answer(decimal, expected).correct)) {
        return ambiguous_comma(reading.comma_ambiguous);
    }
    return verdict;
}

// "32K" is 32,768 in the chapter's lengths but 32,000 to many readers, and
// "3.168K" means 3,168: either reading that is right is accepted (binary
// tried first for token counts, decimal for everything else), and the
// verdict says which was used.  When neither is right, the other reading
// speaks only if it names a mistake the first cannot.
AnswerVerdict check_answer(const std::string& answer, const ExpectedAnswer& expected) {
    const bool binary_first = expected.unit == AnswerUnit::Tokens;
    bool letters = false;
    AnswerVerdict first = check_reading(answer, expected, binary_first, letters);
    if (!letters || first.correct) return first;
    AnswerVerdict second = check_reading(answer, expected, !binary_first, letters);
    if (second.correct) return second;
    const bool first_vague = first.mistake == "other" || first.mistake == "off_by_power_of_ten";
    const bool second_named = second.mistake != "other" && second.mistake != "off_by_power_of_ten";
    return first_vague && second_named ? second : first;
}

bool parse_expected_decimal(const std::string& text, Ratio& out) {
    // "num/den" is how the core writes a non-terminating exact value (an H*
    // of 49312/3 tokens), so a value can go from one op to check_answer as is.
    const size_t slash = text.find('/');
    if (slash != std::string::npos) {
        Ratio num, den;
        if (text.find('.') != std::string::npos || text.find('/', slash + 1) != std::string::npos ||
            !parse_expected_decimal(text.substr(0, slash), num) || !parse_expected_decimal(text.substr(slash + 1), den) ||
            den == Ratio(0)) {
            return false;
        }
        out = num / den;
        return true;
    }
    const size_t dot = text.find('.');
    const std::string whole = text.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : text.substr(dot + 1);
    auto digits_only = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
    if (!digits_only(whole) || (dot != std::string::npos && !digits_only(frac))) return false;
    if (whole.size() + frac.size() > 38 || frac.size() > 12) return false;
    u128 n = 0;
    for (char c : whole + frac) n = n * 10 + static_cast<u128>(c - '0');  // < 10^38 < 2^128
    out = Ratio(n) * pow10_ratio(-static_cast<int>(frac.size()));
    return true;
}

// Built at start-up (not on first use, which could fall inside a request's
// arena), as the callers take them as vectors.
const std::vector<std::string> kBuiltinGuessCodes = {
    "missing_unit", "gb_vs_gib", "rounded_not_floored", "missing_kv_factor_2", "missing_factor_2", "extra_factor_2",
    "query_heads",  "ms_vs_s",   "hours_vs_seconds",    "off_by_power_of_ten",
};

const std::vector<std::string> kCodes = {
    "unparsable",
    "wrong_unit_kind",
    "negative",
    "ambiguous_decimal_comma",
    "too_coarse",
    "query_heads",
    "kv_heads_for_scores",
    "square_pairs",
    "decode_steps_g",
    "all_experts",
    "missing_unit",
    "gb_vs_gib",
    "rounded_not_floored",
    "missing_kv_factor_2",
    "missing_factor_2",
    "extra_factor_2",
    "off_by_power_of_ten",
    "per_unit_for_total",
    "wrong_per_unit",
    "ms_vs_s",
    "hours_vs_seconds",
    "per_gpu_vs_total",
    "other",
};

const std::vector<std::string>& builtin_guess_codes() { return kBuiltinGuessCodes; }

const std::vector<std::string>& mistake_codes() { return kCodes; }

}  // namespace tally
