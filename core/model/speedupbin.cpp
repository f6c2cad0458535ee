#include "speedupbin.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kfx {

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct BinText {
    std::string_view name;
    std::string_view label;
    std::string_view field;
};

constexpr std::array<BinText, 9> kBinTexts{{
    {"FAILURE", "failure", ""},
    {"SEVERE_SLOWDOWN", "severe slowdown (≤0.25x)", "p_severe_slowdown"},
    {"SIGNIFICANT_SLOWDOWN", "significant slowdown (0.25x–0.5x)", "p_significant_slowdown"},
    {"MODERATE_SLOWDOWN", "moderate slowdown (0.5x–0.71x)", "p_moderate_slowdown"},
    {"MINOR_SLOWDOWN", "minor slowdown (0.71x–1.0x)", "p_minor_slowdown"},
    {"MINOR_SPEEDUP", "minor speedup (1.0x–1.41x)", "p_minor_speedup"},
    {"SIGNIFICANT_SPEEDUP", "significant speedup (1.41x–2.0x)", "p_significant_speedup"},
    {"HIGH_SPEEDUP", "high speedup (2.0x–4.0x)", "p_high_speedup"},
    {"EXTREME_SPEEDUP", "extreme speedup (>4.0x)", "p_extreme_speedup"},
}};

void requireForecastBin(int bin)
{
    if (!isForecastBin(bin))
        throw std::out_of_range("speedup bin " + std::to_string(bin) + " is not one of 1..8");
}
} // namespace

std::optional<int> trySpeedupBinFor(double speedup)
{
    if (!(speedup > 0.0)) // also rejects NaN
        return std::nullopt;
    // Exactly the reference's IEEE arithmetic: 2.0 * log2(S), floored. Rewriting it as 2*ln(S)/ln(2) flips
    // values next to the edges (e.g. S = 0.7071067811865476).
    const double scaled = std::floor(2.0 * std::log2(speedup));
    if (scaled == kInfinity)
        return kLastBin;
    return static_cast<int>(std::clamp(scaled + 4.0, double(kFirstBin), double(kLastBin)));
}

int speedupBinFor(double speedup)
{
    if (auto bin = trySpeedupBinFor(speedup))
        return *bin;
    throw std::domain_error("speedup must be positive, got " + std::to_string(speedup));
}

bool isForecastBin(std::int64_t bin)
{
    return bin >= kFirstBin && bin <= kLastBin;
}

SpeedupInterval truthInterval(int bin)
{
    requireForecastBin(bin);
    const double low = bin == kFirstBin ? 0.0 : std::exp2((bin - 4) / 2.0);
    const double high = bin == kLastBin ? kInfinity : std::exp2((bin - 3) / 2.0);
    return {low, high, bin != kFirstBin, false};
}

SpeedupInterval labelInterval(int bin)
{
    requireForecastBin(bin);
    static constexpr std::array<double, 9> edges{0.0, 0.25, 0.5, 0.71, 1.0, 1.41, 2.0, 4.0, kInfinity};
    return {edges[bin - 1], edges[bin], false, bin != kLastBin};
}

std::string_view binName(int bin)
{
    return bin >= 0 && bin <= kLastBin ? kBinTexts[bin].name : std::string_view{};
}

std::string_view binLabel(int bin)
{
    return bin >= 0 && bin <= kLastBin ? kBinTexts[bin].label : std::string_view{};
}

std::string_view binProbabilityField(int bin)
{
    return isForecastBin(bin) ? kBinTexts[bin].field : std::string_view{};
}

} // namespace kfx
