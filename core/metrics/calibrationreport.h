#pragma once

#include "model/forecast.h"

#include <array>
#include <optional>
#include <span>
#include <vector>

namespace kfx::metrics {

// One forecast (or a parse failure: no forecast) for a kernel whose true bin is known.
struct CalibrationDatum {
    int trueBin = 0;
    const Forecast *forecast = nullptr;
};

struct ReliabilityBucket {
    double low = 0.0;
    double high = 0.0;
    double meanConfidence = 0.0;
    double accuracy = 0.0;
    int count = 0;
};

// The reference's CalibrationReport (spec §2.1), plus off-by-one and the figure script's un-halved Brier.
struct CalibrationReport {
    int total = 0;
    int parsed = 0;
    double parsedRate = 0.0;
    double accuracy = 0.0;  // parsed rows only
    double offByOne = 0.0;  // |predicted − true| <= 1, parsed rows only
    double meanEntropy = 0.0;
    double ece = 0.0;
    double meanBrier = 0.0; // all rows, parse failures scored as uniform
    double meanBrierParsed = 0.0;
    double meanCrps = 0.0;
    double meanCrpsParsed = 0.0;
    double meanNll = 0.0;
    double meanNllParsed = 0.0;
    double brierUnhalved = 0.0; // parsed rows, Σ (p_b − y_b)² (runbook/06_make_figures.py)
    std::optional<double> meanRawProbabilitySum;
    std::vector<ReliabilityBucket> reliability;
};

// Buckets by the mass on the declared bin, idx = min(int(conf·n), n − 1); every bucket is emitted.
std::vector<ReliabilityBucket> reliabilityBuckets(std::span<const CalibrationDatum> data, int buckets = 10);
// Σ over non-empty buckets of (count/N)·|mean confidence − accuracy|; 0 when nothing was parsed.
double expectedCalibrationError(std::span<const ReliabilityBucket> buckets);

CalibrationReport evaluateCalibration(std::span<const CalibrationDatum> data, int buckets = 10);

// Counts of (predicted bin, true bin) over parsed forecasts: matrix[predicted − 1][true − 1].
using ConfusionMatrix = std::array<std::array<int, 8>, 8>;
ConfusionMatrix confusionMatrix(std::span<const CalibrationDatum> data);

} // namespace kfx::metrics
