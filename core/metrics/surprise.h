#pragma once

namespace kfx {
struct Forecast;
}

namespace kfx::metrics {

// How surprised a forecast was by the measurement: −log2 of the probability it gave the measured bin, in bits.
// A forecast that put all its mass elsewhere would be infinitely surprised; the probability is floored at
// kSmallestSurpriseProbability so that it is the largest finite surprise instead.
double surpriseBits(const Forecast &forecast, int trueBin);

constexpr double kSmallestSurpriseProbability = 1e-6;

// A measured bin the forecast gave less than this probability is a surprise: the nodes worth reading first when a
// surrogate fails, whether or not the forecast was confident (a confident miss is a surrogate failure already).
constexpr double kSurprisingBelow = 0.05;
bool isSurprising(const Forecast &forecast, int trueBin);

} // namespace kfx::metrics
