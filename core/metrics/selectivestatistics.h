#pragma once

#include "confidencescore.h"
#include "selectiveprediction.h"

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace kfx::metrics {

// Selective prediction with the 0/1 loss (a trusted forecast is wrong when its declared bin is not the true
// one), from the decisions "trust every forecast whose score is at least t". Rows are all the measured rows;
// parse failures are never trusted but count in coverage's denominator N, as in riskCoverageCurve. Trusting
// the k most confident forecasts means trusting every forecast tied with the k-th as well.
//
// AURC (Geifman et al. 2018): (1/N) Σ over the parsed forecasts, most confident first, of the selective risk
// (wrong / trusted) of the decision that first trusts that forecast.
// AUGRC (Traub et al. 2024): the same sum of the generalised risk, wrong trusted forecasts / N: the chance that
// a forecast is both trusted and wrong, which unlike the selective risk does not blow up at low coverage.
// Coverage at a target risk: the largest coverage among decisions whose selective risk is at most the target
// (0 when none). Risk at a target coverage: the selective risk of the first decision that covers at least the
// target (NaN when none does).
struct SelectiveStatisticsRequest {
    ConfidenceScore score = ConfidenceScore::MaxProb;
    double targetRisk = 0.1;
    double targetCoverage = 0.5; // in (0, 1]
    int resamples = 1000;        // 0: no bootstrap, the intervals are NaN
    std::uint64_t seed = 1;
    double level = 0.95;
};

struct EstimateWithInterval {
    double value = 0.0;
    // The bootstrap percentile interval: the (1 − level)/2 and (1 + level)/2 quantiles (linearly interpolated
    // between order statistics, numpy's default) of the statistic over the resamples that define it.
    double low = 0.0;
    double high = 0.0;
};

struct SelectiveStatistics {
    EstimateWithInterval aurc;
    EstimateWithInterval augrc;
    EstimateWithInterval coverageAtRisk;
    EstimateWithInterval riskAtCoverage;
};

// The bootstrap resamples N rows with replacement, each row drawn by drawIndex from one std::mt19937_64 seeded
// with `seed`, so a seed gives the same intervals everywhere. Throws std::invalid_argument for a target outside
// its range or a negative resample count.
SelectiveStatistics selectiveStatistics(std::span<const SelectiveRow> rows, const SelectiveStatisticsRequest &request);

// A row index in [0, count) from the generator's next number: its top 32 bits scaled by count (Lemire's
// multiply-shift; count < 2^32, bias below count / 2^32). Defined here rather than left to a standard library's
// uniform_int_distribution, whose draws differ between libraries.
std::uint64_t drawIndex(std::mt19937_64 &generator, std::uint64_t count);

// The percentile of sorted-or-not values at q in [0, 1], NaNs left out; NaN when none is left.
double percentile(std::vector<double> values, double q);

} // namespace kfx::metrics
