// Dimensions and unit words of the answer checker: what "GiB", "FLOPs",
// "個 token" or "%" mean as a factor and a dimension.  Internal.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "core/exact.hpp"

namespace tally::checker {

// Chapter 3 adds time, GPUs, money and decode steps: "GiB·s", "GPU-hours",
// "$0.013880" and "7,471.2 steps/s" are products and quotients of these.
enum Base { kBytes, kFlops, kTokens, kRequests, kParams, kSeconds, kGpus, kDollars, kSteps, kBaseCount };

// Bases that count things (a 個, 萬 or 億 may go with them).
inline bool is_count_base(int b) { return b == kTokens || b == kRequests || b == kParams || b == kSteps; }

struct Dim {
    std::array<int, kBaseCount> e{};

    bool pure() const {
        for (int x : e) {
            if (x != 0) return false;
        }
        return true;
    }
    // The one base with exponent 1 when the dimension is a plain quantity.
    int single() const {
        int found = -1;
        for (int b = 0; b < kBaseCount; ++b) {
            if (e[static_cast<size_t>(b)] == 0) continue;
            if (e[static_cast<size_t>(b)] != 1 || found >= 0) return -1;
            found = b;
        }
        return found;
    }
    friend bool operator==(const Dim& a, const Dim& b) { return a.e == b.e; }
    friend bool operator!=(const Dim& a, const Dim& b) { return !(a == b); }
};

Dim dim_of(Base b);
// a·b^sign: the dimension of a product (sign 1) or a quotient (sign -1).
Dim combine(const Dim& a, const Dim& b, int sign);
// Units raised to a power; exponents past ±64 throw ParseError.
Dim scaled(const Dim& a, long long k);
// "B", "FLOPs", "token", "請求", "參數".
std::string base_name(int b);
// "B", "B^2", "B/FLOPs", "純數".
std::string dim_text(const Dim& d);

// One unit word as typed: "GiB", "%", "億" is a magnitude, not a unit.
struct UnitWord {
    Dim dim;
    Ratio factor{1};
    std::string name;  // canonical spelling for display
    bool percent = false;
    bool count_word = false;  // 個 with no unit after it
    int byte_level = -1;      // 0 = B, 1 = k/Ki … 5 = P/Pi; -1 = not bytes
    bool binary = false;
    bool latin = false;  // spelled with Latin letters (spacing in display)
};

// Unit names by prefix level (0 = none … 5 = P).
inline constexpr const char* kDecimalBytes[] = {"B", "kB", "MB", "GB", "TB", "PB"};
inline constexpr const char* kBinaryBytes[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
inline constexpr const char* kFlopsNames[] = {"FLOPs", "KFLOPs", "MFLOPs", "GFLOPs", "TFLOPs", "PFLOPs"};

u128 power_of(u128 base, int k);
// level 0 = B … 5 = PB/PiB.
UnitWord bytes_unit(int level, bool binary);
UnitWord flops_unit(int level);
UnitWord count_unit(Base b, const std::string& name, bool latin);
// A time unit: factor in seconds ("ms" 1/1000, "h" 3600).
UnitWord time_unit(const Ratio& seconds, const std::string& name, bool latin);
// "GPU-hours": GPUs × a time unit.
UnitWord gpu_time_unit(const Ratio& seconds, const std::string& name);
// Whether a unit word is a time (s, ms, h, 秒 …), which may follow a byte or
// GPU unit as a product: "GiB·s", "GiB s", "GPU 小時".
bool is_time_unit(const UnitWord& u);
// k/K → 1, M → 2, G → 3, T → 4, P → 5; 0 when not a prefix letter.
int prefix_level(char c);

}  // namespace tally::checker
