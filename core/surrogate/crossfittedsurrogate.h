#pragma once

#include "embeddedmodel.h"
#include "surrogate.h"

#include <memory>
#include <mutex>
#include <vector>

namespace kfx::surrogate {

// Forecasts the kernels of a search whose measurements it learns from, without any forecast seeing its own
// kernel's measurement: the measured examples are split into folds by their features, and a query is answered by
// the base model continued on the other folds only (cross-fitting). A kernel and any kernel with the same
// features share a fold, so neither is learnt before it is forecast. This is what a search whose model keeps
// learning would have forecast for kernels it had not measured yet, given the rest of the search.
class CrossFittedSurrogate : public Surrogate {
public:
    // Throws ModelError when a fold would leave fewer than the 20 examples training needs: with fewer
    // measurements, the base model answers as it is.
    CrossFittedSurrogate(std::shared_ptr<const EmbeddedModel> base, std::vector<TrainingExample> examples, int folds,
                         TrainingOptions options);

    // The fold of a row of features (0..folds-1), the same for a query and its measured example.
    static int foldOf(const FeatureRow &row, int folds);

    std::string identity() const override { return "embedded"; }
    // The base model, the examples and the folds: the same three give the same fold models and answers.
    std::string model() const override { return m_digest; }
    std::string promptTemplateHash() const override { return {}; }
    // Trains the fold models on the first batch (on the caller's thread: the surrogate job's worker).
    void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                       const ResultCallback &done) override;

private:
    void trainFoldModels();

    std::shared_ptr<const EmbeddedModel> m_base;
    std::vector<TrainingExample> m_examples;
    int m_folds;
    TrainingOptions m_options;
    std::string m_digest;
    std::mutex m_mutex; // the fold models are trained once, by whichever batch comes first
    std::vector<std::shared_ptr<const EmbeddedModel>> m_models;
};

} // namespace kfx::surrogate
