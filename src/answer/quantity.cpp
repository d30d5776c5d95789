// Widget fields: the answer checker's reader, one quantity of one kind
// (quantity.hpp).
#include "quantity.hpp"

#include "core/attempt.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "display.hpp"
#include "parser.hpp"
#include "text.hpp"

namespace tally {

using namespace checker;

namespace {

const char* quantity_word(QuantityKind kind) {
    switch (kind) {
        case QuantityKind::Tokens: return "token 數";
        case QuantityKind::Count: return "個數";
        case QuantityKind::Bytes: break;
    }
    return "位元組數";
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
    const std::string what = quantity_word(kind);
    if (r.percent) return "百分比不是" + spaced(what) + "，" + quoted(r.value.text) + "請寫成數值";
    if (r.per_base >= 0) return "「" + r.per + "」是比率；這個欄位要的是" + spaced(what) + "，不是每單位的量";
    const Dim& d = r.value.dim;
    if (d.pure()) {
        if (kind == QuantityKind::Bytes && r.count_word) return quoted(r.value.text) + "是個數，這個欄位要的是位元組數";
        return "";
    }
    const int b = d.single();
    const bool fits = (kind == QuantityKind::Tokens && b == kTokens) || (kind == QuantityKind::Count && b == kRequests) ||
                      (kind == QuantityKind::Bytes && b == kBytes);
    if (fits) return "";
    const std::string theirs = b >= 0 ? kind_name(unit_of_base(b)) : "「" + dim_text(d) + "」";
    return quoted(r.value.text) + "的單位是" + spaced(theirs) + "，這個欄位要的是" + spaced(what);
}

// The checker's messages speak of "答案"; a field holds an input.
std::string as_field_text(std::string message) {
    const std::string from = "答案";
    const std::string to = "輸入的文字";
    for (size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size())) {
        message.replace(at, from.size(), to);
    }
    return message;
}

// The checker's list of units covers every exercise; a field names its own.
std::string unreadable_field_text(const std::string& message, QuantityKind kind) {
    std::string text = as_field_text(message);
    const size_t help = text.find(render(msg::answer_unit_help));
    if (help != std::string::npos) text = text.substr(0, help);
    // "無法理解：" in front unless the reason starts so (an English reason says it itself).
    if (current_lang() != Lang::en && text.compare(0, std::string("無法理解").size(), "無法理解") != 0)
        text = "無法理解：" + text;
    switch (kind) {
        case QuantityKind::Tokens: return text + "；可以寫 4096、32K（= 32,768）、32,768、1e6 或 8 萬";
        case QuantityKind::Count: return text + "；可以寫 8、1,000、1K（= 1,000）或 1e3";
        case QuantityKind::Bytes: break;
    }
    return text + "；可以寫 2147483648、2 GiB、512 MiB 或 24 GB";
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
    if (v.negative) return refused("不可為負數，讀作 " + number_text(v));
    if (!v.mag.is_integer()) {
        const std::string read = r.value.literal && r.value.plain && !r.has_unit ? "" : "讀作 " + number_text(v) + "，";
        return refused(quoted(r.value.text) + read + "不是整數；這個欄位只接受整數，不會替你四捨五入");
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
