#include "columns.hpp"

#include <algorithm>
#include <string>

#include "core/format.hpp"
#include "core/hot_loop.hpp"

namespace tally::api {
namespace {

// A JSON array written into one buffer: digits go straight in, with no
// string call per value (libc++'s are out of line in WASM).
class ColumnText {
  public:
    explicit ColumnText(std::size_t values) : text_(values * 17 + 2, '\0') { text_[used_++] = '['; }

    void separator(bool first) {
        room(1);
        if (!first) text_[used_++] = ',';
    }
    void unsigned_number(std::uint64_t v) {
        room(20);
        used_ = static_cast<std::size_t>(json::write_unsigned(&text_[used_], v) - text_.data());
    }
    void text(const std::string& s) {
        room(s.size());
        s.copy(&text_[used_], s.size());
        used_ += s.size();
    }
    Json finish() {
        room(1);
        text_[used_++] = ']';
        text_.resize(used_);
        return Json::serialized(std::move(text_));
    }

  private:
    void room(std::size_t more) {
        if (used_ + more > text_.size()) text_.resize(std::max(text_.size() * 2, used_ + more));
    }
    std::string text_;
    std::size_t used_ = 0;
};

// exact_json(v) as text, for values beyond 2^53 or not whole (rare).
TALLY_COLD void put_exact_json(ColumnText& out, const Ratio& v) { out.text(exact_json(v).dump()); }

// exact_json(v) as text: a safe integer as digits, anything else as the value's dump.
void put_exact(ColumnText& out, u128 v) {
    if (v <= kMaxSafeInteger) {
        out.unsigned_number(static_cast<std::uint64_t>(v));
    } else {
        put_exact_json(out, Ratio(v));
    }
}
void put_exact(ColumnText& out, const Ratio& v) {
    if (v.is_integer()) {
        put_exact(out, v.num());
    } else {
        put_exact_json(out, v);
    }
}

}  // namespace

TALLY_HOT_LOOP Json exact_column(const std::vector<u128>& values) {
    ColumnText out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        out.separator(i == 0);
        put_exact(out, values[i]);
    }
    return out.finish();
}

TALLY_HOT_LOOP Json exact_column(const RatioColumn& values) {
    ColumnText out(values.size());
    const bool integers = values.denominator() == 1;  // the usual case: whole bytes
    for (std::size_t i = 0; i < values.size(); ++i) {
        out.separator(i == 0);
        if (integers) {
            put_exact(out, values.numerator(i));
        } else {
            put_exact(out, values[i]);
        }
    }
    return out.finish();
}

Json bytes_display_column(const RatioColumn& values) {
    ColumnText out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        out.separator(i == 0);
        out.text(Json(bytes_binary_text(values[i])).dump());
    }
    return out.finish();
}

}  // namespace tally::api
