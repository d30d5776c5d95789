// libFuzzer target for the whole entry, tally::api::evaluate(): each input is
// a request as a page or the CLI would send it (scripts/fuzz.sh evaluate).
// Every input must be answered with a JSON object carrying `ok`, and a
// refusal must carry a non-empty message; never a crash, hang, ASan or UBSan
// report.  Fuzzers that look only for crashes missed issue 37's bugs, so an
// input also fails when its answer takes longer than the time budget
// (TALLY_FUZZ_BUDGET_MS, default 5000: the core's 1 s natively, with room for
// the sanitizers' slowdown), or when an ok:true answer carries a number that
// is not finite (a JSON float NaN or ∞, or a string that spells one). The
// time is the process's CPU time: a runaway loop spends it, while a shared
// machine's load, which stretches wall time, does not.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "api/api.hpp"
#include "api/json.hpp"

namespace {

using Json = tally::json::Value;

long budget_ms() {
    static const long budget = [] {
        const char* text = std::getenv("TALLY_FUZZ_BUDGET_MS");
        return text != nullptr ? std::atol(text) : 5000L;
    }();
    return budget;
}

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// "nan", "inf" or "infinity" as a word of its own, any case: what printf and
// JavaScript write for a number that is not finite.
bool spells_non_finite(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i > 0 && letter(text[i - 1])) continue;
        for (const char* word : {"infinity", "nan", "inf"}) {
            std::size_t n = 0;
            while (word[n] != '\0' && i + n < text.size() && (text[i + n] | 0x20) == word[n]) ++n;
            if (word[n] == '\0' && (i + n == text.size() || !letter(text[i + n]))) return true;
        }
    }
    return false;
}

bool finite_throughout(const Json& v) {
    // The API's value keeps a real as its text: a non-finite one would read "nan" or "inf".
    if (v.is_number_float()) return !spells_non_finite(v.dump());
    if (v.is_string()) return !spells_non_finite(v.get<std::string>());
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i)
            if (!finite_throughout(v[i])) return false;
    }
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it)
            if (!finite_throughout(it.value())) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string request(reinterpret_cast<const char*>(data), size);
    const std::clock_t start = std::clock();
    const std::string answer = tally::api::evaluate(request);
    const long long ms = static_cast<long long>(std::clock() - start) * 1000 / CLOCKS_PER_SEC;
    if (ms > budget_ms()) {
        std::fprintf(stderr, "evaluate_fuzz: %lld ms of CPU, over the budget of %ld ms\n", ms, budget_ms());
        std::abort();
    }
    const auto response = Json::parse(answer, nullptr, false);
    if (response.is_discarded() || !response.is_object() || !response.contains("ok")) std::abort();
    if (!response["ok"].is_boolean()) std::abort();
    if (!response["ok"].get<bool>()) {
        const auto& error = response["error"];
        if (!error["message"].is_string() || error["message"].get<std::string>().empty()) std::abort();
    } else if (!finite_throughout(response["result"])) {
        std::fprintf(stderr, "evaluate_fuzz: ok:true with a number that is not finite: %s\n", answer.substr(0, 2000).c_str());
        std::abort();
    }
    return 0;
}
