#include "units.hpp"

#include "core/messages.hpp"
#include "text.hpp"

namespace tally::checker {

Dim dim_of(Base b) {
    Dim d;
    d.e[static_cast<size_t>(b)] = 1;
    return d;
}

Dim combine(const Dim& a, const Dim& b, int sign) {
    Dim d;
    for (size_t i = 0; i < d.e.size(); ++i) d.e[i] = a.e[i] + sign * b.e[i];
    return d;
}

// Units raised to a power; exponents past ±64 mean nonsense like (B^4096)^4096.
Dim scaled(const Dim& a, long long k) {
    Dim d;
    for (size_t i = 0; i < d.e.size(); ++i) {
        const long long x = a.e[i] * k;
        if (x > 64 || x < -64) throw ParseError(render(msg::answer_parse_unit_power_large));
        d.e[i] = static_cast<int>(x);
    }
    return d;
}

std::string base_name(int b) {
    switch (b) {
        case kRequests: return render(msg::answer_base_requests);
        case kParams: return render(msg::answer_base_params);
        case kTokens: return "token";
        case kFlops: return "FLOPs";
        case kSeconds: return "s";
        case kGpus: return "GPU";
        case kDollars: return "USD";
        case kSteps: return render(msg::answer_base_steps);
        default: break;
    }
    return "B";
}

// "B", "B^2", "B/FLOPs", "純數".
std::string dim_text(const Dim& d) {
    std::string num, den;
    for (int b = 0; b < kBaseCount; ++b) {
        const int x = d.e[static_cast<size_t>(b)];
        if (x == 0) continue;
        std::string part = base_name(b) + (x > 1 || x < -1 ? "^" + std::to_string(x < 0 ? -x : x) : "");
        std::string& side = x > 0 ? num : den;
        side += (side.empty() ? "" : "·") + part;
    }
    if (num.empty() && den.empty()) return render(msg::answer_kind_pure);
    return (num.empty() ? "1" : num) + (den.empty() ? "" : "/" + den);
}

u128 power_of(u128 base, int k) {
    u128 p = 1;
    for (int i = 0; i < k; ++i) p = mul(p, base);
    return p;
}

UnitWord bytes_unit(int level, bool binary) {
    UnitWord u;
    u.dim = dim_of(kBytes);
    u.factor = Ratio(power_of(binary ? 1024 : 1000, level));
    u.name = binary ? kBinaryBytes[level] : kDecimalBytes[level];
    u.byte_level = level;
    u.binary = binary && level > 0;
    u.latin = true;
    return u;
}

UnitWord flops_unit(int level) {
    UnitWord u;
    u.dim = dim_of(kFlops);
    u.factor = Ratio(power_of(1000, level));
    u.name = kFlopsNames[level];
    u.latin = true;
    return u;
}

UnitWord count_unit(Base b, const std::string& name, bool latin) {
    UnitWord u;
    u.dim = dim_of(b);
    u.name = name;
    u.latin = latin;
    return u;
}

UnitWord time_unit(const Ratio& seconds, const std::string& name, bool latin) {
    UnitWord u = count_unit(kSeconds, name, latin);
    u.factor = seconds;
    return u;
}

UnitWord gpu_time_unit(const Ratio& seconds, const std::string& name) {
    UnitWord u = time_unit(seconds, name, true);
    u.dim = combine(u.dim, dim_of(kGpus), 1);
    return u;
}

bool is_time_unit(const UnitWord& u) { return u.dim == dim_of(kSeconds) && !u.percent; }

// k/K → 1, M → 2, G → 3, T → 4, P → 5; 0 when not a prefix letter.
int prefix_level(char c) {
    switch (c) {
        case 'k':
        case 'K': return 1;
        case 'm':
        case 'M': return 2;
        case 'g':
        case 'G': return 3;
        case 't':
        case 'T': return 4;
        case 'p':
        case 'P': return 5;
        default: return 0;
    }
}

}  // namespace tally::checker
