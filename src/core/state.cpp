#include "state.hpp"

#include <algorithm>

#include "hot_loop.hpp"
#include "mechanisms/dispatch.hpp"

namespace tally {

StateResult state(const ModelSpec& m, u128 tokens, const StateOptions& options) {
    StateResult r;
    for (const auto& g : m.groups) {
        mech::for_each_mechanism(g, [&](const auto& mechanism) { mech::add_state(mechanism, m, g.layers, tokens, options, r); });
    }
    mech::for_each_part(m, [&](const auto& part) { mech::add_state(part, m, 1, tokens, options, r); });
    for (const auto& it : r.items) r.total = r.total + it.value;
    for (const auto& it : r.reads) {
        if (it.section == "write") {
            r.decode_write_bytes = r.decode_write_bytes + it.value;
        } else {
            r.decode_read_bytes = r.decode_read_bytes + it.value;
        }
    }
    return r;
}

namespace {

// The distinct ways rows grow with N; each is evaluated once per length and
// shared by every series.
class Counts {
  public:
    std::size_t index_of(const Count& c) {
        for (std::size_t i = 0; i < counts_.size(); ++i) {
            if (counts_[i] == c) return i;
        }
        counts_.push_back(c);
        return counts_.size() - 1;
    }
    TALLY_HOT_LOOP void evaluate(u128 n, std::vector<u128>& values) const {
        values.resize(counts_.size());
        for (std::size_t i = 0; i < counts_.size(); ++i) values[i] = counts_[i].at(n);
    }

  private:
    std::vector<Count> counts_;
};

// Σ coef·count(N) over rows, as integers over one common denominator so a
// length costs a few multiply-adds.
class Series {
  public:
    void add(const LineItem& row, Counts& counts) {
        const std::size_t count = counts.index_of(row.count);
        const Ratio coef = row.per_count * Ratio(row.layers);
        for (auto& [i, c] : terms_) {
            if (i == count) {
                c = c + coef;
                return;
            }
        }
        terms_.emplace_back(count, coef);
    }

    // Call once after the last add().
    void finish() {
        for (const auto& [i, c] : terms_) den_ = mul(den_ / gcd(den_, c.den()), c.den());
        for (const auto& [i, c] : terms_) scaled_.emplace_back(i, mul(c.num(), den_ / c.den()));
        narrow_ = std::all_of(scaled_.begin(), scaled_.end(), [](const auto& t) { return t.second <= kNarrow; });
    }

    // An empty column over this series' common denominator.
    RatioColumn column(std::size_t length_count) const {
        RatioColumn c(den_);
        c.reserve(length_count);
        return c;
    }

    // The numerator (over den_) at one length; `values`: every count at this
    // length (Counts::evaluate).
    TALLY_HOT_LOOP u128 numerator_at(const std::vector<u128>& values) const {
        std::uint64_t narrow_sum = 0;
        if (narrow_ && narrow_sum_at(values, narrow_sum)) return narrow_sum;
        u128 sum = 0;
        for (const auto& [i, a] : scaled_) sum = tally::add(sum, mul(a, values[i]));
        return sum;
    }

  private:
    // A coefficient and a count both below 2^32 multiply within 64 bits, and
    // 64-bit sums are native in WASM where 128-bit ones are not: the usual
    // case (lengths below 2^32) takes this path; false sends the rest to the
    // checked 128-bit one.
    static constexpr u128 kNarrow = 0xFFFFFFFFu;
    bool narrow_sum_at(const std::vector<u128>& values, std::uint64_t& sum) const {
        for (const auto& [i, a] : scaled_) {
            if (values[i] > kNarrow) return false;
            const std::uint64_t product = static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(values[i]);
            if (__builtin_add_overflow(sum, product, &sum)) return false;
        }
        return true;
    }

    std::vector<std::pair<std::size_t, Ratio>> terms_;
    std::vector<std::pair<std::size_t, u128>> scaled_;
    u128 den_ = 1;
    bool narrow_ = false;  // every scaled coefficient ≤ kNarrow
};

}  // namespace

StateCurve state_curve(const ModelSpec& m, const std::vector<u128>& lengths, const StateOptions& options) {
    const StateResult rows = state(m, 1, options);
    Counts counts;
    Series total, reads;
    std::vector<std::pair<std::string, Series>> kinds;
    for (const auto& it : rows.items) {
        total.add(it, counts);
        auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == it.section; });
        if (kind == kinds.end()) kind = kinds.insert(kinds.end(), {it.section, Series()});
        kind->second.add(it, counts);
    }
    for (const auto& it : rows.reads) {
        if (it.section != "write") reads.add(it, counts);
    }
    std::sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    total.finish();
    reads.finish();
    for (auto& k : kinds) k.second.finish();

    StateCurve curve;
    curve.total = total.column(lengths.size());
    curve.decode_read_bytes = reads.column(lengths.size());
    for (const auto& k : kinds) {
        curve.kinds.push_back(k.first);
        curve.by_kind.push_back(k.second.column(lengths.size()));
    }
    std::vector<u128> values;
    for (u128 n : lengths) {
        counts.evaluate(n, values);
        curve.total.push_numerator(total.numerator_at(values));
        curve.decode_read_bytes.push_numerator(reads.numerator_at(values));
        for (size_t k = 0; k < kinds.size(); ++k) curve.by_kind[k].push_numerator(kinds[k].second.numerator_at(values));
    }
    return curve;
}

}  // namespace tally
