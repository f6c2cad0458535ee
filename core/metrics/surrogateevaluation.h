#pragma once

#include "calibrationreport.h"
#include "model/comparisonpair.h"
#include "model/diagnostic.h"
#include "selectiveprediction.h"
#include "topkrecovery.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace kfx::metrics {

struct SelectiveSummary {
    std::vector<RiskCoveragePoint> curve;
    double aurc = 0.0;
    double selectiveAt50 = 0.0;
};

// Everything kfx reports about one surrogate over a set of measured pairs, repeats pooled.
struct SurrogateEvaluation {
    std::string label;
    CalibrationReport calibration;
    std::map<std::pair<ConfidenceScore, Risk>, SelectiveSummary> selective;
    ConfidenceScore rankingScore = ConfidenceScore::ExpectedBin;
    TopKRecovery topK; // pools are packs
};

struct EvaluationOptions {
    std::optional<std::string> pack; // only pairs of this pack
    int buckets = 10;
};

// The scores the selective analysis sweeps (the reference's three).
inline constexpr ConfidenceScore kSelectiveScores[] = {ConfidenceScore::MaxProb, ConfidenceScore::NegEntropy,
                                                       ConfidenceScore::Top2Margin};

// Joins predictions to pairs by comparison id and evaluates each surrogate label, in order of first
// appearance. Predictions that name no known pair are reported (one diagnostic per surrogate) and left out.
std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair> pairs,
                                                    std::span<const PredictionRow> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics);

} // namespace kfx::metrics
