#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace kfx {

// The eight forecastable speedup categories of GPU-Forecasters (bins 1..8; bin 0 "failure" exists only in
// the older Likert forecasts and is never produced from a speedup).
inline constexpr int kFailureBin = 0; // a kernel that failed to compile, crashed or computed wrong results
inline constexpr int kFirstBin = 1;
inline constexpr int kLastBin = 8;
inline constexpr int kBinCount = 8;

// An interval of speedups. Unbounded ends are +-infinity.
struct SpeedupInterval {
    double low;
    double high;
    bool lowInclusive;
    bool highInclusive;
};

// The ground-truth rule used for every true_bin in the published data: clamp(floor(2*log2(S)) + 4, 1, 8).
// Throws std::domain_error for S <= 0 or NaN, as the reference raises ValueError.
int speedupBinFor(double speedup);
// The same rule, returning nothing where the reference would raise.
std::optional<int> trySpeedupBinFor(double speedup);

// Takes the integer as read, so that a declared bin is checked before anything narrows it (2^32 + 1 is no bin 1).
bool isForecastBin(std::int64_t bin);

// What the rule above really assigns: half-open [2^((b-4)/2), 2^((b-3)/2)), clamped at both ends.
SpeedupInterval truthInterval(int bin);
// What labels, prompts and tool descriptions tell the model. These differ from truthInterval() by about half a
// bin; the UI shows both so nobody mistakes one for the other.
SpeedupInterval labelInterval(int bin);

// "SEVERE_SLOWDOWN" ... "EXTREME_SPEEDUP" (the reference's enum names); "FAILURE" for 0.
std::string_view binName(int bin);
// "severe slowdown (≤0.25x)" ... exactly as the reference's SpeedupBin.label.
std::string_view binLabel(int bin);
// The argument names of the forecast tool: "p_severe_slowdown" ... "p_extreme_speedup".
std::string_view binProbabilityField(int bin);

} // namespace kfx
