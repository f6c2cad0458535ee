#pragma once

#include "embeddedmodel.h"
#include "surrogate.h"

#include <memory>
#include <mutex>

namespace kfx::surrogate {

// Examples for training from measured pairs (eval sets, RL pools, discovery pairs, the user's measurements):
// the pack is the task that groups them.
std::vector<TrainingExample> trainingExamples(std::span<const ComparisonPair> pairs);

// The offline surrogate: features → XGBoost → calibration, with a rationale naming the features that pushed
// the forecast most.
class EmbeddedSurrogate : public Surrogate {
public:
    // `explain`: attach the rationale (per-feature contributions cost about ten times the prediction itself, so
    // bulk scoring that needs only distributions may leave it off).
    explicit EmbeddedSurrogate(EmbeddedModel model, std::string label = "embedded", bool explain = true);
    // Shares a model its owner keeps (the window keeps one per workspace). Predictions on one model must not
    // overlap: give one model to one surrogate at a time, or to surrogates whose batches never run together.
    explicit EmbeddedSurrogate(std::shared_ptr<const EmbeddedModel> model, std::string label = "embedded",
                               bool explain = true);

    std::string identity() const override { return "embedded"; }
    std::string model() const override { return m_model->contentHash(); }
    std::string promptTemplateHash() const override { return {}; }
    void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                       const ResultCallback &done) override;

    // The same over ready feature rows, for callers that hold them (cross-validation, benchmarks).
    std::vector<SurrogateResult> forecastRows(std::span<const FeatureRow> rows) const;

    const EmbeddedModel &embeddedModel() const { return *m_model; }

private:
    std::shared_ptr<const EmbeddedModel> m_model;
    std::string m_label;
    bool m_explain;
    mutable std::mutex m_mutex; // XGBoost prediction buffers belong to the booster
};

// Grouped cross-validation: every group (task) lands in exactly one fold, each fold's forecasts come from a
// model trained on the other folds, so no task leaks from training to test. Folds are min(folds, groups);
// fewer than two groups is a ModelError. Results are in the order of `examples`.
std::vector<SurrogateResult> crossValidatedForecasts(std::span<const TrainingExample> examples, int folds,
                                                     const TrainingOptions &options);

} // namespace kfx::surrogate
