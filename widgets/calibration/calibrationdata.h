#pragma once

#include "metrics/surrogateevaluation.h"
#include "metrics/surrogatestatistics.h"
#include "model/comparisonpair.h"
#include "model/population.h"

#include <QStringList>

#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The loaded pairs and predictions the Calibration view evaluates: pointers into rows that `owner` keeps alive
// (the window's loaded files), so that the view never copies a row; shared between recomputes.
struct CalibrationInputs {
    std::shared_ptr<const void> owner;
    std::vector<const kfx::ComparisonPair *> pairs;
    std::vector<const kfx::PredictionRow *> predictions;

    // Points at every row given; they must belong to `owner`.
    void add(std::span<const kfx::ComparisonPair> morePairs, std::span<const kfx::PredictionRow> morePredictions);
    // A search's own forecasts judged against its own measurements: each gate candidate with a measured speedup
    // becomes a pair (named by its node id, in the search's task) and its forecast, if any, the one the gate
    // reads (the rows Certify uses). Predictions loaded for the search's nodes join these pairs too. `path` names
    // the task of a log that does not. Copies what it needs. Returns the kernels it added a forecast of, for
    // addBaselines.
    std::vector<std::size_t> addSearch(const kfx::Population &population, std::string_view path);
    // Beside those forecasts, on exactly those kernels, the four baselines the search had for free
    // (kfx::surrogate::inSearchBaselines: "majority so far", ...), so that the view never shows a surrogate's
    // figures without them; none for more than kMaxInSearchBaselineKernels kernels, which `notes` then says.
    void addBaselines(const kfx::Population &population, std::string_view path, std::span<const std::size_t> kernels);
    // What the view should say it leaves out, a sentence each.
    QStringList notes;

private:
    void addSearchPrediction(const kfx::KernelNode &node, const kfx::Forecast &forecast, const std::string &pack);

    // addSearch's and addBaselines' rows; deques, so that the pointers above stay valid as more are added.
    std::deque<kfx::ComparisonPair> m_searchPairs;
    std::deque<kfx::PredictionRow> m_searchPredictions;
};

// What a click selects: each comparison once, and how many forecasts of it the clicked mark counts (more than
// the comparisons when a surrogate's repeats are pooled).
struct ComparisonSelection {
    QStringList ids;
    int forecasts = 0;
};

inline const kfx::metrics::StatisticsOptions kViewStatistics = [] {
    kfx::metrics::StatisticsOptions options;
    options.selective.resamples = 200;
    return options;
}();

struct CalibrationSettings {
    std::optional<std::string> pack;
    bool separateRepeats = false; // each repeat its own surrogate, labelled "name #r"
    int buckets = 10;
    // Issue 17's statistics; their bucket count is `buckets` above, whatever `statistics.buckets` says. The view
    // recomputes on every setting change, so it bootstraps 200 resamples rather than kfx-cli's 1000: a fifth of
    // the time, with 2.5 % percentiles still between the 5th and 6th smallest values.
    kfx::metrics::StatisticsOptions statistics = kViewStatistics;
};

// evaluateSurrogates' results for one setting, plus each surrogate's joined rows, so that a clicked bucket or
// curve point can name its comparisons.
// Immutable once computed; every table model of the view holds the same instance.
class CalibrationData {
public:
    struct Surrogate {
        kfx::metrics::SurrogateEvaluation evaluation;
        kfx::metrics::SurrogateStatistics statistics;
        kfx::metrics::JoinedSurrogate joined; // the rows evaluated, for a click to name
    };

    static std::shared_ptr<const CalibrationData> compute(std::shared_ptr<const CalibrationInputs> inputs,
                                                          const CalibrationSettings &settings);

    const std::vector<Surrogate> &surrogates() const { return m_surrogates; }
    int surrogateCount() const { return int(m_surrogates.size()); }
    const kfx::metrics::SurrogateEvaluation &evaluation(int surrogate) const;
    std::vector<kfx::metrics::SurrogateEvaluation> evaluations() const;
    const kfx::metrics::SurrogateStatistics &statistics(int surrogate) const;
    std::vector<kfx::metrics::SurrogateStatistics> allStatistics() const;
    // The options the statistics were computed with, their bucket count included.
    kfx::metrics::StatisticsOptions statisticsOptions() const;
    QString label(int surrogate) const;
    // The surrogate as its forecasts name it (Forecast::source), and its repeat when repeats are separate
    // (-1 when pooled): what the forecast panel needs to show this surrogate's forecast.
    QString source(int surrogate) const;
    int repeat(int surrogate) const;
    // Whether the surrogate is one of the baselines set beside the others (kfx::surrogate::isBaselineSource).
    bool isBaseline(int surrogate) const;
    // Forecasts that joined a measured pair, over every surrogate.
    int joinedForecasts() const;
    const CalibrationSettings &settings() const { return m_settings; }
    const kfx::Diagnostics &diagnostics() const { return m_diagnostics; }

    // Comparison ids, each once, in the order the predictions name them.
    ComparisonSelection bucketComparisons(int surrogate, int bucket) const;
    ComparisonSelection trustedComparisons(int surrogate, kfx::metrics::ConfidenceScore score, double threshold) const;
    ComparisonSelection confusionComparisons(int surrogate, int predictedBin, int trueBin) const;
    // The comparisons each pool measures at `percent` when it measures the surrogate's top k% first.
    ComparisonSelection topKComparisons(int surrogate, int percent) const;

private:
    template<typename Predicate>
    ComparisonSelection comparisons(int surrogate, Predicate &&keep) const;

    std::shared_ptr<const CalibrationInputs> m_inputs; // keeps what `joined` points into alive
    CalibrationSettings m_settings;
    std::vector<Surrogate> m_surrogates;
    kfx::Diagnostics m_diagnostics;
};

// The packs the pairs belong to, sorted, for the pack filter.
QStringList calibrationPacks(const CalibrationInputs &inputs);
