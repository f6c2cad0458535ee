#pragma once

#include "metrics/surrogateevaluation.h"
#include "model/comparisonpair.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

// The loaded pairs and predictions the Calibration view evaluates: pointers into rows that `owner` keeps alive
// (the window's loaded files), so that the view never copies a row; shared between recomputes.
struct CalibrationInputs {
    std::shared_ptr<const void> owner;
    std::vector<const kfx::ComparisonPair *> pairs;
    std::vector<const kfx::PredictionRow *> predictions;

    // Points at every row given; they must belong to `owner`.
    void add(std::span<const kfx::ComparisonPair> morePairs, std::span<const kfx::PredictionRow> morePredictions);
};

struct CalibrationSettings {
    std::optional<std::string> pack;
    bool separateRepeats = false; // each repeat its own surrogate, labelled "name #r"
    int buckets = 10;
};

// evaluateSurrogates' results for one setting, plus each surrogate's joined rows, so that a clicked bucket or
// curve point can name its comparisons.
// Immutable once computed; every table model of the view holds the same instance.
class CalibrationData {
public:
    struct Surrogate {
        kfx::metrics::SurrogateEvaluation evaluation;
        kfx::metrics::JoinedSurrogate joined; // the rows evaluated, for a click to name
    };

    static std::shared_ptr<const CalibrationData> compute(std::shared_ptr<const CalibrationInputs> inputs,
                                                          const CalibrationSettings &settings);

    const std::vector<Surrogate> &surrogates() const { return m_surrogates; }
    int surrogateCount() const { return int(m_surrogates.size()); }
    const kfx::metrics::SurrogateEvaluation &evaluation(int surrogate) const;
    std::vector<kfx::metrics::SurrogateEvaluation> evaluations() const;
    QString label(int surrogate) const;
    const CalibrationSettings &settings() const { return m_settings; }
    const kfx::Diagnostics &diagnostics() const { return m_diagnostics; }

    // Comparison ids, each once, in the order the predictions name them.
    QStringList bucketComparisons(int surrogate, int bucket) const;
    QStringList trustedComparisons(int surrogate, kfx::metrics::ConfidenceScore score, double threshold) const;
    QStringList confusionComparisons(int surrogate, int predictedBin, int trueBin) const;
    // The comparisons each pool measures at `percent` when it measures the surrogate's top k% first.
    QStringList topKComparisons(int surrogate, int percent) const;

private:
    template<typename Predicate>
    QStringList comparisons(int surrogate, Predicate &&keep) const;

    std::shared_ptr<const CalibrationInputs> m_inputs; // keeps what `joined` points into alive
    CalibrationSettings m_settings;
    std::vector<Surrogate> m_surrogates;
    kfx::Diagnostics m_diagnostics;
};

// The packs the pairs belong to, sorted, for the pack filter.
QStringList calibrationPacks(const CalibrationInputs &inputs);
