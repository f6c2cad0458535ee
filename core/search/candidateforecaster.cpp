#include "candidateforecaster.h"

#include "model/speedupbin.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/kernelfeatures.h"
#include "surrogate/searchpairs.h"

#include <mutex>

namespace kfx::search {

namespace {

constexpr std::size_t kMinimumTrainingExamples = 20; // EmbeddedModel::train's own minimum

std::vector<ForecastAnswer> askSurrogate(surrogate::Surrogate &surrogate, const surrogate::KernelRuntimeQuery &context,
                                         std::span<const SearchKernel> candidates)
{
    std::vector<surrogate::KernelRuntimeQuery> queries(candidates.size(), context);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        queries[i].candidate.kernelName = "candidate";
        // Without the variant header, as the pretrained models' pairs are made (its note may state speedups).
        queries[i].candidate.code = surrogate::kernelWithoutVariantHeader(std::string(candidates[i].code));
    }
    std::vector<ForecastAnswer> answers(candidates.size(), std::string("not answered"));
    std::mutex mutex;
    surrogate::CancelFlag never;
    surrogate.forecastBatch(queries, never, [&](std::size_t index, surrogate::SurrogateResult result) {
        std::lock_guard lock(mutex);
        if (auto *forecast = std::get_if<Forecast>(&result.outcome))
            answers[index] = *forecast;
        else if (auto *deferral = std::get_if<surrogate::Deferral>(&result.outcome))
            answers[index] = "the surrogate declined to forecast: " + deferral->reason;
        else
            answers[index] = std::get<surrogate::SurrogateFailure>(result.outcome).reason;
    });
    return answers;
}

} // namespace

SurrogateForecaster::SurrogateForecaster(surrogate::Surrogate &surrogate, surrogate::KernelRuntimeQuery context)
    : m_surrogate(surrogate)
    , m_context(std::move(context))
{
}

std::string SurrogateForecaster::label() const
{
    return m_surrogate.identity() + " surrogate (" + m_surrogate.model() + ")";
}

std::vector<ForecastAnswer> SurrogateForecaster::forecast(std::span<const SearchKernel> candidates)
{
    return askSurrogate(m_surrogate, m_context, candidates);
}

LearningEmbeddedForecaster::LearningEmbeddedForecaster(surrogate::KernelRuntimeQuery context,
                                                       surrogate::TrainingOptions options,
                                                       std::optional<surrogate::PretrainedModel> pretrained)
    : m_context(std::move(context))
    , m_options(options)
    , m_pretrained(std::move(pretrained))
{
    if (m_pretrained)
        m_model = std::make_unique<surrogate::EmbeddedSurrogate>(m_pretrained->model, "embedded", false);
}

std::string LearningEmbeddedForecaster::label() const
{
    if (!m_pretrained)
        return "embedded surrogate, retrained on this search's measurements";
    return "embedded surrogate pretrained on the " + m_pretrained->hardware + " corpus (" + m_pretrained->name
        + "), continued on this search's measurements";
}

void LearningEmbeddedForecaster::learn(const SearchKernel &kernel, std::optional<double> reward)
{
    if (!reward)
        return; // a failed candidate has no speedup bin to learn
    auto query = m_context;
    query.candidate.kernelName = "candidate";
    query.candidate.code = surrogate::kernelWithoutVariantHeader(std::string(kernel.code));
    m_examples.push_back({surrogate::pairFeatures(query), speedupBinFor(*reward), m_context.task.opName});
}

std::vector<ForecastAnswer> LearningEmbeddedForecaster::forecast(std::span<const SearchKernel> candidates)
{
    if (m_examples.size() >= kMinimumTrainingExamples && m_examples.size() != m_trainedOn) {
        auto model = m_pretrained
            ? surrogate::EmbeddedModel::continueTraining(*m_pretrained->model, m_examples, m_options)
            : surrogate::EmbeddedModel::train(m_examples, m_options);
        m_model = std::make_unique<surrogate::EmbeddedSurrogate>(std::move(model), "embedded", false);
        m_trainedOn = m_examples.size();
    }
    if (m_model)
        return askSurrogate(*m_model, m_context, candidates);
    BinProbabilities uniform;
    uniform.fill(1.0 / kBinCount);
    auto forecast = std::get<Forecast>(makeForecast(uniform, 4,
                                                    "no model yet: " + std::to_string(m_examples.size()) + " of the "
                                                        + std::to_string(kMinimumTrainingExamples)
                                                        + " measurements training needs"));
    forecast.source = "embedded (untrained)";
    return std::vector<ForecastAnswer>(candidates.size(), forecast);
}

SearchAwareCandidateForecaster::SearchAwareCandidateForecaster(
    std::unique_ptr<CandidateForecaster> model, surrogate::BinPrior prior, surrogate::KernelRuntimeQuery context,
    std::shared_ptr<const surrogate::ParentAnchoredForecaster> parentAnchored)
    : m_model(std::move(model))
    , m_context(std::move(context))
    , m_parentAnchored(std::move(parentAnchored))
    , m_forecaster(std::move(prior))
{
}

std::string SearchAwareCandidateForecaster::label() const
{
    return std::string("search-aware forecaster (")
        + (m_parentAnchored
               ? "the parent's speedup moved as edits like each moved theirs on other tasks, not in the ranking; "
               : "")
        + "similar edits (by speedup ratio in the forecast, by bin change in the ranking), nearest measured kernels, "
          "failure rate, ranked against likeness to a measured kernel, less as the search goes on) over the "
        + m_model->label();
}

std::optional<surrogate::MeasuredParent> SearchAwareCandidateForecaster::parentOf(std::string_view code) const
{
    if (const auto found = m_measured.find(code); found != m_measured.end())
        return surrogate::MeasuredParent{found->second.outcome, &found->second.code, found->second.speedup};
    return std::nullopt;
}

std::vector<std::optional<Forecast>>
SearchAwareCandidateForecaster::parentAnchoredForecasts(std::span<const SearchKernel> candidates) const
{
    if (!m_parentAnchored)
        return std::vector<std::optional<Forecast>>(candidates.size());
    std::vector<std::optional<surrogate::AnchoredEdit>> edits(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto parent = m_measured.find(candidates[i].parentCode);
        if (parent == m_measured.end() || !parent->second.speedup)
            continue;
        // Without the variant header, as the corpus's edits are made.
        auto query = m_context;
        query.candidate.kernelName = "candidate";
        query.candidate.code = surrogate::kernelWithoutVariantHeader(std::string(candidates[i].code));
        edits[i] = surrogate::AnchoredEdit{
            surrogate::editQuery(std::move(query),
                                 surrogate::kernelWithoutVariantHeader(std::string(candidates[i].parentCode))),
            *parent->second.speedup};
    }
    return m_parentAnchored->forecast(edits);
}

std::vector<ForecastAnswer> SearchAwareCandidateForecaster::forecast(std::span<const SearchKernel> candidates)
{
    auto answers = m_model->forecast(candidates);
    const auto anchored = parentAnchoredForecasts(candidates);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto *model = std::get_if<Forecast>(&answers[i]);
        auto forecast = m_forecaster.forecast(surrogate::codeShingles(candidates[i].code),
                                              parentOf(candidates[i].parentCode), model,
                                              anchored[i] ? &*anchored[i] : nullptr);
        answers[i] = forecast.forecast;
        m_unjudged.insert_or_assign(std::string(candidates[i].code), std::move(forecast));
    }
    return answers;
}

void SearchAwareCandidateForecaster::learn(const SearchKernel &kernel, std::optional<double> reward)
{
    m_model->learn(kernel, reward);
    const int outcome = reward && *reward > 0.0 ? speedupBinFor(*reward) : kFailureBin;
    if (const auto unjudged = m_unjudged.find(kernel.code); unjudged != m_unjudged.end()) {
        m_forecaster.judge(unjudged->second, outcome);
        m_unjudged.erase(unjudged);
    }
    auto code = surrogate::codeShingles(kernel.code);
    const auto speedup = outcome == kFailureBin ? std::nullopt : reward;
    m_forecaster.remember(m_forecaster.remembered(), code, parentOf(kernel.parentCode), outcome, speedup);
    m_measured.insert_or_assign(std::string(kernel.code), Measured{outcome, std::move(code), speedup});
}

} // namespace kfx::search
