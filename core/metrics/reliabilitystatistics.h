#pragma once

#include "calibrationreport.h"

#include <span>
#include <vector>

namespace kfx::metrics {

// A range for a proportion; [0, 1] when nothing was observed.
struct ProportionInterval {
    double low = 0.0;
    double high = 1.0;
};

// The exact two-sided Clopper–Pearson interval for `successes` out of `trials` at the given confidence level:
// the α/2 quantile of Beta(x, n − x + 1) and the 1 − α/2 quantile of Beta(x + 1, n − x), with 0 and 1 at the
// ends (x = 0, x = n). It never covers less than the level, whatever the true proportion, which is why
// reliability diagrams with few forecasts in a bucket prefer it to a normal approximation or a bootstrap.
ProportionInterval clopperPearsonInterval(int successes, int trials, double level = 0.95);

enum class BucketMode {
    EqualWidth, // [i/N, (i+1)/N), as reliabilityBuckets: every bucket is emitted, empty or not
    EqualCount, // the parsed forecasts by ascending confidence, cut into N runs whose sizes differ by one at most
};

// The bucket each datum falls in under `mode`, −1 for a parse failure: what reliabilityBands counts, for a view
// that selects a bucket's forecasts.
std::vector<int> bucketIndices(std::span<const CalibrationDatum> data, int buckets, BucketMode mode);

// A reliability bucket with the number of correct forecasts in it and the Clopper–Pearson interval on its
// accuracy. An equal-count bucket's low and high are its least and greatest confidence.
struct ReliabilityBand {
    ReliabilityBucket bucket;
    int correct = 0;
    ProportionInterval accuracyInterval;
};

// Top-label buckets (by the mass on the declared bin); parse failures are left out; none at all without data.
// Equal-count buckets are only as many as there are parsed forecasts; ties in confidence may fall on both sides of a
// cut.
std::vector<ReliabilityBand> reliabilityBands(std::span<const CalibrationDatum> data, int buckets, BucketMode mode,
                                              double level = 0.95);

// The largest |mean confidence − accuracy| over non-empty buckets; 0 when every bucket is empty.
double maximumCalibrationError(std::span<const ReliabilityBand> bands);
// The unweighted mean of |mean confidence − accuracy| over non-empty buckets (the ACE of Nixon et al. 2019 when
// the buckets are equal-count, for the top label); 0 when every bucket is empty.
double averageCalibrationError(std::span<const ReliabilityBand> bands);
// Kull et al. 2019: for each of the 8 bins b, the ECE of p_b against "the true bin is b" over equal-width buckets
// of p_b; the mean over the 8 bins. Parsed forecasts only; 0 when none was parsed.
double classwiseCalibrationError(std::span<const CalibrationDatum> data, int buckets);

// Spiegelhalter's 1986 test that the top-label confidences p_i are calibrated against correctness y_i:
// Z = Σ (y_i − p_i)(1 − 2 p_i) / sqrt(Σ (1 − 2 p_i)² p_i (1 − p_i)), two-sided p = 2 (1 − Φ(|Z|)).
// NaN for both when the denominator is zero (no parsed forecast, or every confidence 0, ½ or 1).
struct SpiegelhalterTest {
    double z = 0.0;
    double pValue = 1.0;
};
SpiegelhalterTest spiegelhalterTest(std::span<const CalibrationDatum> data);

// Everything the reliability view and `kfx-cli metrics` show about one surrogate: the bands in the chosen
// mode, ECE over equal-width and ACE over equal-count buckets of the same number (whatever the mode), MCE over
// the chosen mode's buckets.
struct ReliabilityStatistics {
    BucketMode mode = BucketMode::EqualWidth;
    std::vector<ReliabilityBand> bands;
    double ece = 0.0;
    double ace = 0.0;
    double mce = 0.0;
    double classwiseEce = 0.0;
    SpiegelhalterTest spiegelhalter;
};
ReliabilityStatistics reliabilityStatistics(std::span<const CalibrationDatum> data, int buckets, BucketMode mode);

} // namespace kfx::metrics
