// Widget fields: the answer checker's reader, one quantity of one kind
// (quantity.hpp).
#include "quantity.hpp"

#include "core/attempt.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "display.hpp"
#include "parser.hpp"
#include "text.hpp"

namespace tally {

using namespace checker;

namespace {

// "token 數", "個數", "位元組數": what a field of this kind takes.
std::string quantity_word(QuantityKind kind) {
    switch (kind) {
        case QuantityKind::Tokens: return render(msg::quantity_what_tokens);
        case QuantityKind::Count: return render(msg::quantity_what_count);
        case QuantityKind::Bytes: break;
    }
    return render(msg::quantity_what_bytes);
}

// The unit a field's value is shown in: "32,768 個 token", "2,147,483,648 B".
std::string quantity_label(QuantityKind kind) {
    switch (kind) {
        case QuantityKind::Tokens: return unit_label(AnswerUnit::Tokens);
        case QuantityKind::Count: return "";
        case QuantityKind::Bytes: break;
    }
    return " B";
}

// Why the reading's units do not fit the field; empty when they do.
std::string unit_problem(const Reading& r, QuantityKind kind) {
    const std::string what = spaced(quantity_word(kind));
    const std::string typed = quoted(r.value.text);
    if (r.percent) return render(msg::quantity_percent, {{"what", what}, {"typed", typed}});
    if (r.per_base >= 0) return render(msg::quantity_rate, {{"per", r.per}, {"what", what}});
    const Dim& d = r.value.dim;
    if (d.pure()) {
        if (kind == QuantityKind::Bytes && r.count_word) return render(msg::quantity_count_for_bytes, {{"typed", typed}});
        return "";
    }
    const int b = d.single();
    const bool fits = (kind == QuantityKind::Tokens && b == kTokens) || (kind == QuantityKind::Count && b == kRequests) ||
                      (kind == QuantityKind::Bytes && b == kBytes);
    if (fits) return "";
    const std::optional<AnswerUnit> single = b >= 0 ? unit_of_base(b) : std::nullopt;
    const std::string theirs = single ? kind_name(*single) : quoted(dim_text(d));
    return render(msg::quantity_wrong_unit, {{"typed", typed}, {"theirs", spaced(theirs)}, {"what", what}});
}

// The checker's messages speak of "答案" ("the answer"); a field holds an input.
std::string as_field_text(std::string message) {
    const std::string from = render(msg::quantity_answer_word);
    const std::string to = render(msg::quantity_input_word);
    for (size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size())) {
        message.replace(at, from.size(), to);
    }
    return message;
}

// The words a refusal is put in ("無法理解：{reason}"), unless the reason
// already starts with them ("無法理解單位…"): the template's text before
// {reason}, less the colon that joins them.  An English reason says it
// itself: its template is the reason alone.
std::string as_unreadable(const std::string& reason) {
    std::string lead = render(msg::quantity_unreadable, {{"reason", ""}});
    for (const std::string colon : {"：", ":", " "}) {
        if (lead.size() >= colon.size() && lead.compare(lead.size() - colon.size(), colon.size(), colon) == 0) {
            lead.resize(lead.size() - colon.size());
        }
    }
    if (lead.empty() || reason.compare(0, lead.size(), lead) == 0) return reason;
    return render(msg::quantity_unreadable, {{"reason", reason}});
}

// The checker's list of units covers every exercise; a field names its own.
std::string unreadable_field_text(const std::string& message, QuantityKind kind) {
    std::string text = as_field_text(message);
    const size_t help = text.find(render(msg::answer_unit_help));
    if (help != std::string::npos) text = text.substr(0, help);
    const MessageParams reason = {{"reason", as_unreadable(text)}};
    switch (kind) {
        case QuantityKind::Tokens: return render(msg::quantity_examples_tokens, reason);
        case QuantityKind::Count: return render(msg::quantity_examples_count, reason);
        case QuantityKind::Bytes: break;
    }
    return render(msg::quantity_examples_bytes, reason);
}

QuantityReading refused(const std::string& problem) {
    QuantityReading q;
    q.problem = problem;
    return q;
}

QuantityReading judged_quantity(const Reading& r, QuantityKind kind) {
    const std::string units = unit_problem(r, kind);
    if (!units.empty()) return refused(units);
    const Signed& v = r.value.q;
    if (v.negative) return refused(render(msg::quantity_negative, {{"number", number_text(v)}}));
    if (!v.mag.is_integer()) {
        // "0.3K" is named with what it was read as; a plain "1.5" needs not be.
        const bool as_typed = r.value.literal && r.value.plain && !r.has_unit;
        return refused(as_typed
                           ? render(msg::quantity_fraction, {{"typed", quoted(r.value.text)}})
                           : render(msg::quantity_fraction_read, {{"typed", quoted(r.value.text)}, {"number", number_text(v)}}));
    }
    QuantityReading q;
    q.ok = true;
    q.value = v.mag.num();
    const bool requests = r.value.dim == dim_of(kRequests);
    const std::string exact = group_thousands(q.value) + (requests ? unit_label(AnswerUnit::Requests) : quantity_label(kind));
    const bool as_typed = r.value.literal && r.value.plain && !r.has_unit;
    q.understood = (as_typed || r.value.text == exact ? "" : r.value.text + " = ") + exact + letters_note(r);
    return q;
}

}  // namespace

QuantityReading read_quantity(const std::string& text, QuantityKind kind) {
    Reading reading;
    const Outcome read =
        run_reading([&] { reading = read_answer(text, kind == QuantityKind::Tokens, kind == QuantityKind::Bytes); });
    if (read.stop == Stop::InvalidArgument) return refused(unreadable_field_text(read.message, kind));
    if (read.stop == Stop::Overflow) return refused(overflow_text());
    QuantityReading q;
    if (!completes_without_overflow([&] { q = judged_quantity(reading, kind); })) return refused(overflow_text());
    return q;
}

bool quantity_kind_from_id(const std::string& id, QuantityKind& out) {
    if (id == "tokens")
        out = QuantityKind::Tokens;
    else if (id == "count")
        out = QuantityKind::Count;
    else if (id == "bytes")
        out = QuantityKind::Bytes;
    else
        return false;
    return true;
}

}  // namespace tally
