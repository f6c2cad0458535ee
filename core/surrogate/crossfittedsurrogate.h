#pragma once

#include "embeddedmodel.h"
#include "model/comparisonpair.h"
#include "surrogate.h"

#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Forecasts the kernels of a search whose measurements it learns from, without any forecast seeing its own
// kernel's measurement or its template family's: the measured kernels are split into folds by family
// (kernelFamilyKey: the canonical code with its numbers made '#'), and a query is answered by the base model
// continued on the other folds only (cross-fitting). Random folds leaked: 98 % of the corpus's kernels have a twin
// that differs only in a constant, and a twin on the training side tells the model the answer (issue 24). A
// kernel and its family share a fold, so none of them is learnt before it is forecast.
class CrossFittedSurrogate : public Surrogate {
public:
    // Throws ModelError when a fold would leave fewer than the 20 examples training needs: with fewer
    // measurements, the base model answers as it is.
    CrossFittedSurrogate(std::shared_ptr<const EmbeddedModel> base, std::span<const ComparisonPair> measured, int folds,
                         TrainingOptions options);

    // The fold of a kernel's code (0..folds-1), the same for every kernel of its family, query or measured.
    static int foldOf(std::string_view kernelCode, int folds);

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
    std::vector<int> m_foldOfExample;
    int m_folds;
    TrainingOptions m_options;
    std::string m_digest;
    std::mutex m_mutex; // the fold models are trained once, by whichever batch comes first
    std::vector<std::shared_ptr<const EmbeddedModel>> m_models;
};

} // namespace kfx::surrogate
