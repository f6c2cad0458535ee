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
    ConfusionMatrix confusion{};
};

struct EvaluationOptions {
    std::optional<std::string> pack; // only pairs of this pack
    int buckets = 10;
    bool separateRepeats = false; // each repeat its own surrogate, labelled "name #r"
};

// The scores the selective analysis sweeps (the reference's three).
inline constexpr ConfidenceScore kSelectiveScores[] = {ConfidenceScore::MaxProb, ConfidenceScore::NegEntropy,
                                                       ConfidenceScore::Top2Margin};

// One surrogate's predictions joined to the pairs they forecast, in prediction order: row i is predictions[i]
// about pairs[i], from pool pools[i]. Pointers into the caller's rows, which must outlive it.
struct JoinedSurrogate {
    std::string label;
    std::vector<const PredictionRow *> predictions;
    std::vector<const ComparisonPair *> pairs;
    std::vector<int> pools; // the pair's pack, numbered in order of first appearance over all surrogates
};

// Joins predictions to pairs by comparison id, one JoinedSurrogate per label (per label and repeat when
// separate), in order of first appearance. Predictions that name no known pair are reported (one diagnostic
// per surrogate) and left out.
std::vector<JoinedSurrogate> joinSurrogates(std::span<const ComparisonPair *const> pairs,
                                            std::span<const PredictionRow *const> predictions,
                                            const EvaluationOptions &options, Diagnostics &diagnostics);

SurrogateEvaluation evaluateSurrogate(const JoinedSurrogate &joined, const EvaluationOptions &options);
// Every surrogate, in parallel on the machine's cores; the same results as evaluating them one by one.
std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const JoinedSurrogate> joined,
                                                    const EvaluationOptions &options);

// joinSurrogates, then evaluateSurrogates.
std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair *const> pairs,
                                                    std::span<const PredictionRow *const> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics);
std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair> pairs,
                                                    std::span<const PredictionRow> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics);

} // namespace kfx::metrics
