#include "crossfittedsurrogate.h"

#include "embeddedsurrogate.h"
#include "kernelfamily.h"
#include "kernelfeatures.h"

namespace kfx::surrogate {

namespace {

std::string_view bytesOf(const FeatureRow &row)
{
    return {reinterpret_cast<const char *>(row.data()), row.size() * sizeof(float)};
}

} // namespace

CrossFittedSurrogate::CrossFittedSurrogate(std::shared_ptr<const EmbeddedModel> base,
                                           std::span<const ComparisonPair> measured, int folds, TrainingOptions options)
    : m_base(std::move(base))
    , m_examples(trainingExamples(measured))
    , m_folds(folds)
    , m_options(options)
{
    if (!m_base || m_folds < 2)
        throw ModelError("cross-fitting needs a base model and at least two folds");
    std::vector<std::size_t> perFold(std::size_t(m_folds), 0);
    std::string digest = m_base->contentHash() + '|' + std::to_string(m_folds);
    for (std::size_t i = 0; i < m_examples.size(); ++i) {
        m_foldOfExample.push_back(foldOf(measured[i].candidateCode, m_folds));
        ++perFold[std::size_t(m_foldOfExample.back())];
        digest.append(bytesOf(m_examples[i].features));
        digest += char('0' + m_examples[i].trueBin);
        digest += char('0' + m_foldOfExample.back());
    }
    for (const auto count : perFold) {
        if (m_examples.size() - count < EmbeddedModel::kMinimumExamples)
            throw ModelError("cross-fitting " + std::to_string(m_examples.size()) + " measured kernels in "
                             + std::to_string(m_folds) + " folds leaves a fold fewer than "
                             + std::to_string(EmbeddedModel::kMinimumExamples) + " to learn from");
    }
    m_digest = "cross-fitted:" + stableHash(digest);
}

int CrossFittedSurrogate::foldOf(std::string_view kernelCode, int folds)
{
    // A hash of the family rather than the kernel's position, so a query finds its family's fold.
    return int(std::stoul(stableHash(kernelFamilyKey(kernelCode)).substr(0, 8), nullptr, 16) % unsigned(folds));
}

void CrossFittedSurrogate::trainFoldModels()
{
    std::lock_guard lock(m_mutex);
    if (!m_models.empty())
        return;
    for (int fold = 0; fold < m_folds; ++fold) {
        std::vector<TrainingExample> others;
        for (std::size_t i = 0; i < m_examples.size(); ++i) {
            if (m_foldOfExample[i] != fold)
                others.push_back(m_examples[i]);
        }
        m_models.push_back(
            std::make_shared<const EmbeddedModel>(EmbeddedModel::continueTraining(*m_base, others, m_options)));
    }
}

void CrossFittedSurrogate::forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                                         const ResultCallback &done)
{
    try {
        trainFoldModels();
    } catch (const std::exception &error) {
        for (std::size_t i = 0; i < queries.size(); ++i)
            done(i, failedResult(std::string("cross-fitting failed: ") + error.what(), FailureKind::Setup));
        return;
    }
    const auto rows = batchFeatures(queries);
    for (int fold = 0; fold < m_folds; ++fold) {
        std::vector<std::size_t> indices;
        std::vector<FeatureRow> foldRows;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (foldOf(queries[i].candidate.code, m_folds) == fold) {
                indices.push_back(i);
                foldRows.push_back(rows[i]);
            }
        }
        if (indices.empty())
            continue;
        if (cancel.cancelled()) {
            for (const auto i : indices)
                done(i, failedResult(std::string(kCancelledReason), FailureKind::Cancelled));
            continue;
        }
        auto results = EmbeddedSurrogate(m_models[std::size_t(fold)]).forecastRows(foldRows);
        for (std::size_t k = 0; k < indices.size(); ++k)
            done(indices[k], std::move(results[k]));
    }
}

} // namespace kfx::surrogate
