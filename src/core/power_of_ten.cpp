#include "power_of_ten.hpp"

namespace tally {

std::string times_ten_to(int exponent) {
    static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string out = "×10";
    if (exponent < 0) out += "⁻";
    const long long magnitude = exponent < 0 ? -static_cast<long long>(exponent) : exponent;
    for (char d : std::to_string(magnitude)) out += kDigits[d - '0'];
    return out;
}

}  // namespace tally
