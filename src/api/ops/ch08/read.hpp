// Readers for chapter 8's request fields: exact decimals (a round "26.3",
// an acceptance "0.75", a measured prefill "2.0405"), sent as strings or
// JSON integers and refused with a message that names the field and says
// what it means in the reader's words (content/messages/*/ch08/).
#pragma once

#include <string>
#include <vector>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch08_fields {

// "round_ms（一輪驗證的時間，ms）": the field and what it means.
std::string label(const std::string& name);

// A required positive decimal; the same with a default (decimal text).
Ratio positive(const RequestFields& f, const std::string& name);
Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback);
// A decimal ≥ 0 (a query time that may be zero), `fallback` when absent.
Ratio nonnegative_or(const RequestFields& f, const std::string& name, const char* fallback);
// A share in [0, 1] (an acceptance or hit probability); `fallback` when absent.
Ratio share_or(const RequestFields& f, const std::string& name, const char* fallback);
Ratio share(const RequestFields& f, const std::string& name);
// A positive share in (0, 1] (an efficiency).
Ratio efficiency_or(const RequestFields& f, const std::string& name, const char* fallback);

// A JSON array of 1 … max_items shares in [0, 1] ("acceptances").
std::vector<Ratio> shares(const Json& req, const std::string& name, std::size_t max_items);

// A positive decimal at `key` inside an object of a list ("measured[0].round_ms").
Ratio positive_in(const Json& item, const std::string& key, const std::string& path);

// A decimal ≥ 0 at `key` inside an object of a list ("arrivals[2].arrive_ms").
Ratio nonnegative_in(const Json& item, const std::string& key, const std::string& path);

// An integer at `key` inside an object of a list, named by its
// path ("parts[1].history").
u128 count_in(const Json& item, const std::string& key, const std::string& path, u128 lo, u128 hi);

}  // namespace tally::api::ch08_fields

namespace tally::api {

// The largest token count and request count chapter 8's ops take.
inline constexpr u128 kMaxPositions = u128{1} << 24;
inline constexpr u128 kMaxRequests = u128{1} << 20;

}  // namespace tally::api
