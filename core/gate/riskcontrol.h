#pragma once

#include "metrics/selectiveprediction.h"

#include <limits>
#include <span>

namespace kfx::gate {

// The exact one-sided Clopper–Pearson upper bound on an error rate after `errors` wrong out of `trials`, at
// confidence 1 − delta: the (1 − delta) quantile of Beta(errors + 1, trials − errors), 1 when every trial
// failed or there were none. The inverse incomplete beta is Boost.Math's.
double clopperPearsonUpper(int errors, int trials, double delta);

// How the per-threshold tests are combined so that the chosen threshold is safe with probability 1 − delta
// overall, not just at each threshold.
enum class Correction {
    // Every candidate threshold is tested at delta / m (m = number of thresholds); the lowest that passes
    // wins, wherever it lies.
    Bonferroni,
    // Thresholds are tested from the highest score down, each at the full delta, stopping at the first
    // failure (fixed-sequence testing, as in Learn-then-Test). The order depends on the scores only, never on
    // the labels, so the family-wise error stays at delta without Bonferroni's loss; but a risk that rises
    // and falls again is cut at its first bump.
    FixedSequence,
};

// What counts as a wrong trusted forecast.
enum class ErrorRule {
    WrongBin,       // the reference's binary mismatch: predicted bin != true bin
    MoreThanOneBin, // off by two bins or more
};

struct RiskControlRequest {
    metrics::ConfidenceScore score = metrics::ConfidenceScore::MaxProb;
    double alpha = 0.1;  // the largest acceptable error rate among trusted forecasts
    double delta = 0.05; // the chance, over calibration sets, that the guarantee fails
    Correction correction = Correction::Bonferroni;
    ErrorRule errorRule = ErrorRule::WrongBin;
};

struct RiskControlledThreshold {
    // The threshold to use (ties trusted); +inf when no threshold is certified: then nothing is trusted.
    double threshold = std::numeric_limits<double>::infinity();
    bool certified = false;
    int trusted = 0; // calibration forecasts the threshold trusts
    int errors = 0;  // of which wrong
    double coverage = 0.0;
    double upperBound = 1.0; // the Clopper–Pearson bound that certified it (at the corrected level)
    int thresholdsTested = 0;
};

// The lowest threshold (so the highest coverage) whose selective risk on the measured calibration rows has an
// exact upper bound below alpha at confidence 1 − delta. Candidate thresholds are the distinct scores of the
// parsed forecasts; parse failures count toward coverage's denominator, as in the reference's curve.
RiskControlledThreshold riskControlledThreshold(std::span<const metrics::SelectiveRow> calibration,
                                                const RiskControlRequest &request);

} // namespace kfx::gate
