#include <doctest/doctest.h>

#include "core/exact.hpp"
#include "core/format.hpp"
#include "core/power_of_ten.hpp"

using namespace tally;

TEST_CASE("checked arithmetic refuses to wrap") {
    const u128 big = u128{1} << 127;
    CHECK_THROWS_AS(mul(big, 2), ArithmeticOverflow);
    CHECK_THROWS_AS(add(big, big), ArithmeticOverflow);
    CHECK_THROWS_AS(sub(1, 2), NegativeResult);
    CHECK(to_decimal(mul(u128{1} << 63, 4)) == "36893488147419103232");
    CHECK(to_decimal(0) == "0");
}

TEST_CASE("gcd across the 64-bit boundary") {
    const u128 big = (u128{1} << 100) * 3;
    CHECK(gcd(big, u128{1} << 90) == (u128{1} << 90));
    CHECK(gcd(big, 0) == big);
    CHECK(gcd(0, big) == big);
    CHECK(gcd(big, 9) == 3);
    CHECK(gcd(12, 18) == 6);
    CHECK(to_decimal((u128{1} << 64)) == "18446744073709551616");
    CHECK(to_decimal(UINT64_MAX) == "18446744073709551615");
}

TEST_CASE("ratios stay exact and reduced") {
    Ratio a(14057, 4);  // 3514.25
    CHECK(to_exact_text(a) == "3514.25");
    CHECK(to_exact_text(Ratio(1, 3)) == "1/3");
    CHECK(to_exact_text(Ratio(10, 4)) == "2.5");
    CHECK((Ratio(1, 2) + Ratio(1, 3)) == Ratio(5, 6));
    CHECK((Ratio(5, 6) - Ratio(1, 3)) == Ratio(1, 2));
    CHECK((Ratio(3, 4) * Ratio(8, 9)) == Ratio(2, 3));
    CHECK((Ratio(3, 4) / Ratio(3, 8)) == Ratio(2));
    CHECK(Ratio(1, 3) < Ratio(1, 2));
    CHECK_FALSE(Ratio(1, 2) < Ratio(1, 2));
    CHECK(Ratio(7, 3) > Ratio(2));
    CHECK(Ratio(2) < Ratio(7, 3));
    CHECK(Ratio(22, 7) > Ratio(311, 99));  // 3.1428… vs 3.1414…
    CHECK(Ratio(7, 2).floor() == 3);
    CHECK(Ratio(7, 2).ceil() == 4);
    CHECK_THROWS_AS(Ratio(1, 0), ArithmeticOverflow);
    CHECK_THROWS_AS(Ratio(1, 3) - Ratio(1, 2), NegativeResult);
}

TEST_CASE("display text") {
    CHECK(group_thousands(8190735360ULL) == "8,190,735,360");
    CHECK(group_thousands(999) == "999");
    // One notation for powers of ten (issue 39 item 13): superscript digits, never "×10^20".
    CHECK(times_ten_to(20) == "×10²⁰");
    CHECK(times_ten_to(8) == "×10⁸");
    CHECK(times_ten_to(-4) == "×10⁻⁴");
    CHECK(times_ten_to(0) == "×10⁰");
    CHECK(fixed(Ratio(14057, 4), 1) == "3,514.2");  // a tie: to even
    CHECK(fixed(Ratio(1, 2), 0) == "0");            // ties to even, as the book prints
    CHECK(fixed(Ratio(3, 2), 0) == "2");
    CHECK(fixed(Ratio(1449, 16), 3) == "90.562");    // 90.5625
    CHECK(fixed(Ratio(14491, 160), 3) == "90.569");  // 90.56875
    CHECK(trimmed(Ratio(9, 8), 3) == "1.125");
    CHECK(trimmed(Ratio(2), 3) == "2");
    CHECK(flops_text(Ratio(133594323353600ULL)) == "133.59 TFLOPs");
    CHECK(flops_text(Ratio(19968622592ULL)) == "19.97 GFLOPs");
    CHECK(flops_text(Ratio(512)) == "512 FLOPs");
    CHECK(bytes_binary_text(Ratio(1207959552ULL)) == "1.125 GiB");
    CHECK(bytes_binary_text(Ratio(147456)) == "144 KiB");
    CHECK(bytes_binary_text(Ratio(100)) == "100 B");
    CHECK(bytes_decimal_text(Ratio(24000000000ULL)) == "24 GB");
    CHECK(count_zh_text(Ratio(8510339072ULL)) == "85.1 億");
    CHECK(count_zh_text(Ratio(52000)) == "5.2 萬");
}
