// The exact value an op returns (a JSON integer, "3514.25" or "7/2"), back
// as a Ratio, so chapter 8's tests can round it as the book prints it.
#pragma once

#include <string>

#include "../support.hpp"

namespace tally::test {

inline Ratio exact_of(const Json& v) {
    if (v.is_number_unsigned()) return Ratio(v.get<std::uint64_t>());
    REQUIRE(v.is_string());
    const std::string t = v.get<std::string>();
    const auto slash = t.find('/');
    if (slash != std::string::npos) return Ratio(std::stoull(t.substr(0, slash))) / Ratio(std::stoull(t.substr(slash + 1)));
    // A terminating decimal, however many places ("3.6996612548828125").
    const auto dot = t.find('.');
    if (dot == std::string::npos) return Ratio(std::stoull(t));
    u128 scale = 1;
    for (std::size_t i = dot + 1; i < t.size(); ++i) scale = mul(scale, 10);
    return Ratio(std::stoull(t.substr(0, dot) + t.substr(dot + 1))) / Ratio(scale);
}

}  // namespace tally::test
