#pragma once

#include "metrics/surrogateevaluation.h"
#include "model/comparisonpair.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <vector>

// The loaded pairs and predictions the Calibration view evaluates; shared, never copied, between recomputes.
struct CalibrationInputs {
    std::vector<kfx::ComparisonPair> pairs;
    std::vector<kfx::PredictionRow> predictions;
};

struct CalibrationSettings {
    std::optional<std::string> pack;
    bool separateRepeats = false; // each repeat its own surrogate, labelled "name #r"
    int buckets = 10;
};

// evaluateSurrogates' results for one setting, plus what the charts need beyond them: the confusion matrix and,
// for each surrogate, its joined forecasts, so that a clicked bucket or curve point can name its comparisons.
// Immutable once computed; every table model of the view holds the same instance.
class CalibrationData {
public:
    struct Joined {
        const std::string *comparisonId = nullptr;
        int trueBin = 0;
        const kfx::Forecast *forecast = nullptr; // none for a parse failure
    };
    struct Surrogate {
        kfx::metrics::SurrogateEvaluation evaluation;
        kfx::metrics::ConfusionMatrix confusion{};
        std::vector<Joined> joined;
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

private:
    template<typename Predicate>
    QStringList comparisons(int surrogate, Predicate &&keep) const;

    std::shared_ptr<const CalibrationInputs> m_inputs; // owns what `joined` points into
    std::vector<kfx::PredictionRow> m_relabelled;      // the predictions under per-repeat labels, when separate
    CalibrationSettings m_settings;
    std::vector<Surrogate> m_surrogates;
    kfx::Diagnostics m_diagnostics;
};

// The packs the pairs belong to, sorted, for the pack filter.
QStringList calibrationPacks(const CalibrationInputs &inputs);
