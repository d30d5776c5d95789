#include "display.hpp"

#include "core/attempt.hpp"
#include "core/format.hpp"
#include "core/lang.hpp"
#include "core/messages.hpp"
#include "lexer.hpp"

namespace tally::checker {

// x rounded to d significant digits, with thousands separators.
std::string sig_text(const Ratio& x, unsigned d) {
    if (x == Ratio(0)) return "0";
    const int p = floor_log10(x) - static_cast<int>(d) + 1;
    if (p < 0) return fixed(x, static_cast<unsigned>(-p));
    const Ratio q = x / pow10_ratio(p);
    u128 n = q.floor();
    if (mul(q.num() % q.den(), 2) >= q.den()) n = add(n, 1);
    return group_thousands(mul(n, pow10_ratio(p).num()));
}

namespace {

// A non-terminating ratio shown to 6 significant digits, trailing zeros cut.
std::string approx_text(const Ratio& x) {
    std::string s;
    if (!completes_without_overflow([&] { s = sig_text(x, 6); })) return to_exact_text(x);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

}  // namespace

// Exact value with thousands separators ("3,514.25"), or "≈ 4.56222".
std::string number_text(const Signed& v) {
    const std::string exact = to_exact_text(v.mag);
    const std::string sign = v.negative ? "−" : "";
    if (exact.find('/') != std::string::npos) return "≈ " + sign + approx_text(v.mag);
    const size_t dot = exact.find('.');
    return sign + group_thousands(v.mag.floor()) + (dot == std::string::npos ? "" : exact.substr(dot));
}

std::string signed_exact(const Signed& v) { return (v.negative ? "-" : "") + to_exact_text(v.mag); }

// B, FLOPs and % are written alike in every edition; the words are the catalog's.
std::string unit_label(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return " B";
        case AnswerUnit::Flops: return " FLOPs";
        case AnswerUnit::Tokens: return " " + render(msg::answer_unit_tokens);
        case AnswerUnit::Requests: return " " + render(msg::answer_unit_requests);
        case AnswerUnit::Params: return " " + render(msg::answer_unit_params);
        case AnswerUnit::Percent: return "%";
        case AnswerUnit::Seconds: return " s";
        case AnswerUnit::Milliseconds: return " ms";
        case AnswerUnit::Microseconds: return " μs";
        case AnswerUnit::Hours: return " h";
        case AnswerUnit::Days: return " " + render(msg::answer_unit_days);
        case AnswerUnit::ByteSeconds: return " B·s";
        case AnswerUnit::GpuHours: return " " + render(msg::answer_unit_gpu_hours);
        case AnswerUnit::Usd: return " USD";
        case AnswerUnit::Steps: return " " + render(msg::answer_unit_steps);
        case AnswerUnit::StepsPerSecond: return " " + render(msg::answer_unit_steps_per_second);
        case AnswerUnit::Pure: break;
    }
    return "";
}

std::string quantity_text(const Signed& v, AnswerUnit u) { return number_text(v) + unit_label(u); }

std::string kind_name(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return render(msg::answer_kind_bytes);
        case AnswerUnit::Flops: return render(msg::answer_kind_flops);
        case AnswerUnit::Tokens: return render(msg::answer_kind_tokens);
        case AnswerUnit::Requests: return render(msg::answer_kind_requests);
        case AnswerUnit::Params: return render(msg::answer_kind_params);
        case AnswerUnit::Percent: return render(msg::answer_kind_percent);
        case AnswerUnit::Seconds:
        case AnswerUnit::Milliseconds:
        case AnswerUnit::Microseconds:
        case AnswerUnit::Hours:
        case AnswerUnit::Days: return render(msg::answer_kind_seconds);
        case AnswerUnit::ByteSeconds: return render(msg::answer_kind_byte_seconds);
        case AnswerUnit::GpuHours: return render(msg::answer_kind_gpu_hours);
        case AnswerUnit::Usd: return render(msg::answer_kind_usd);
        case AnswerUnit::Steps: return render(msg::answer_kind_steps);
        case AnswerUnit::StepsPerSecond: return render(msg::answer_kind_steps_per_second);
        case AnswerUnit::Pure: break;
    }
    return render(msg::answer_kind_pure);
}

// A space before a word that starts with Latin letters: "問的是 token 數".
// Chinese typography only: English sentences carry their own spaces.
std::string spaced(const std::string& s) {
    if (current_lang() == Lang::en) return s;
    return !s.empty() && static_cast<unsigned char>(s[0]) < 0x80 ? " " + s : s;
}

std::optional<AnswerUnit> unit_of_base(int b) {
    switch (b) {
        case kBytes: return AnswerUnit::Bytes;
        case kFlops: return AnswerUnit::Flops;
        case kTokens: return AnswerUnit::Tokens;
        case kRequests: return AnswerUnit::Requests;
        case kParams: return AnswerUnit::Params;
        case kSeconds: return AnswerUnit::Seconds;
        case kDollars: return AnswerUnit::Usd;
        case kSteps: return AnswerUnit::Steps;
        default: return std::nullopt;  // a GPU count alone is no answer unit
    }
}

int base_of_unit(AnswerUnit u) {
    switch (u) {
        case AnswerUnit::Bytes: return kBytes;
        case AnswerUnit::Flops: return kFlops;
        case AnswerUnit::Tokens: return kTokens;
        case AnswerUnit::Requests: return kRequests;
        case AnswerUnit::Params: return kParams;
        case AnswerUnit::Seconds: return kSeconds;
        case AnswerUnit::Usd: return kDollars;
        case AnswerUnit::Steps: return kSteps;
        default: return -1;
    }
}

// A time asked for in ms, h or days: the dimension is seconds.
static bool time_dim(Dim& dim, Ratio& factor, const Ratio& seconds) {
    dim = dim_of(kSeconds);
    factor = seconds;
    return true;
}

bool unit_dim(AnswerUnit u, Dim& dim, Ratio& factor) {
    factor = Ratio(1);
    const int b = base_of_unit(u);
    if (b >= 0) {
        dim = dim_of(static_cast<Base>(b));
        return true;
    }
    switch (u) {
        case AnswerUnit::Milliseconds: return time_dim(dim, factor, Ratio(1, 1000));
        case AnswerUnit::Microseconds: return time_dim(dim, factor, Ratio(1, 1000000));
        case AnswerUnit::Hours: return time_dim(dim, factor, Ratio(3600));
        case AnswerUnit::Days: return time_dim(dim, factor, Ratio(86400));
        case AnswerUnit::ByteSeconds: dim = combine(dim_of(kBytes), dim_of(kSeconds), 1); return true;
        case AnswerUnit::GpuHours:
            dim = combine(dim_of(kGpus), dim_of(kSeconds), 1);
            factor = Ratio(3600);  // the value is in GPU-hours, the dimension in GPU·s
            return true;
        case AnswerUnit::StepsPerSecond: dim = combine(dim_of(kSteps), dim_of(kSeconds), -1); return true;
        default: return false;
    }
}

// "（K 以 1,024 計）": which reading of a magnitude letter was used.
std::string letters_note(const Reading& r) {
    std::string out;
    for (char c : r.letters) {
        const u128 factor = power_of(r.binary_letters ? 1024 : 1000, magnitude_letter_level(std::string(1, c)));
        out += render(msg::answer_note_letter, {{"letter", std::string(1, c)}, {"factor", group_thousands(factor)}});
    }
    if (r.billion_b) out += render(msg::answer_note_letter, {{"letter", "B"}, {"factor", group_thousands(1000000000)}});
    return out;
}

}  // namespace tally::checker
