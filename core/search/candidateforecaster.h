#pragma once

#include "model/forecast.h"
#include "surrogate/embeddedmodel.h"
#include "surrogate/kernelquery.h"
#include "surrogate/parentanchored.h"
#include "surrogate/pretrainedmodels.h"
#include "surrogate/searchawareforecaster.h"
#include "surrogate/surrogate.h"

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kfx::search {

// A forecast, or why there is none (forecast_failed's reason).
using ForecastAnswer = std::variant<Forecast, std::string>;

// A kernel as a selective search knows it: its code and its parent's, the measured kernel it was edited from
// (empty for the seed). Views into the search's population, valid for the call they are passed to.
struct SearchKernel {
    std::string_view code;
    std::string_view parentCode;
};

// What a selective search asks of its surrogate: forecasts for a step's candidates, each compared with the
// search's seed kernel (spec §4.4), and the measurements as they arrive.
class CandidateForecaster {
public:
    virtual ~CandidateForecaster() = default;
    virtual std::string label() const = 0;
    virtual std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) = 0;
    // A candidate was measured. Called only between forecast() calls: a step's forecasts see exactly the
    // measurements finished before the step, never one of their own step (no peeking).
    virtual void learn(const SearchKernel &kernel, std::optional<double> reward) = 0;
};

// Any surrogate (an OpenAI-compatible LLM, a fixed embedded model) asked the query the reference's
// surrogate-filtered search builds: the candidate against the seed, on the search's hardware.
class SurrogateForecaster final : public CandidateForecaster {
public:
    SurrogateForecaster(surrogate::Surrogate &surrogate, surrogate::KernelRuntimeQuery context);
    std::string label() const override;
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override;
    void learn(const SearchKernel &, std::optional<double>) override {}

private:
    surrogate::Surrogate &m_surrogate;
    surrogate::KernelRuntimeQuery m_context; // task, reference (the seed) and hardware; the candidate is filled in
};

// The embedded surrogate, retrained on the search's own measurements before every step that has new ones (once
// there are enough to train on). Until then it answers with the pretrained model for the search's task when given
// one, else the uniform distribution, which a gate defers. With a pretrained model, retraining continues from it
// (its trees stay; new ones learn this search's measurements) instead of starting from nothing.
class LearningEmbeddedForecaster final : public CandidateForecaster {
public:
    explicit LearningEmbeddedForecaster(surrogate::KernelRuntimeQuery context, surrogate::TrainingOptions options = {},
                                        std::optional<surrogate::PretrainedModel> pretrained = std::nullopt);
    std::string label() const override;
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override;
    void learn(const SearchKernel &kernel, std::optional<double> reward) override;

    // How many measurements the current model was trained on (0: no model yet, or the pretrained one alone).
    std::size_t trainedOn() const { return m_trainedOn; }

private:
    surrogate::KernelRuntimeQuery m_context;
    surrogate::TrainingOptions m_options;
    std::optional<surrogate::PretrainedModel> m_pretrained;
    std::vector<surrogate::TrainingExample> m_examples;
    std::unique_ptr<surrogate::Surrogate> m_model;
    std::size_t m_trainedOn = 0;
};

// The search-aware forecaster (surrogate/searchawareforecaster.h) over another forecaster, the model component:
// each forecast mixes the model's with the parent's measured outcome moved as this search's edits moved theirs,
// what the most similar of those edits did, the nearest kernels this search measured and its failure rate, weighed
// by how well each has forecast this search's measurements so far.
class SearchAwareCandidateForecaster final : public CandidateForecaster {
public:
    // `parentAnchored` forecasts the parent component where the parent ran, each edit asked in `context` with the
    // parent as its reference; none: the parent's bin moved as this search's edits moved theirs.
    SearchAwareCandidateForecaster(std::unique_ptr<CandidateForecaster> model, surrogate::BinPrior prior,
                                   surrogate::KernelRuntimeQuery context = {},
                                   std::shared_ptr<const surrogate::ParentAnchoredForecaster> parentAnchored = nullptr);
    std::string label() const override;
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override;
    void learn(const SearchKernel &kernel, std::optional<double> reward) override;

private:
    struct Measured {
        int outcome = kFailureBin; // the latest, where a kernel was measured again
        surrogate::CodeShingles code;
        std::optional<double> speedup; // where it ran
    };
    // The parent `code` names, as its measurement found it; none where it was not measured.
    std::optional<surrogate::MeasuredParent> parentOf(std::string_view code) const;
    // The parent-anchored forecasts of the candidates whose parent ran; none for the others.
    std::vector<std::optional<Forecast>> parentAnchoredForecasts(std::span<const SearchKernel> candidates) const;

    std::unique_ptr<CandidateForecaster> m_model;
    surrogate::KernelRuntimeQuery m_context;
    std::shared_ptr<const surrogate::ParentAnchoredForecaster> m_parentAnchored;
    surrogate::SearchAwareForecaster m_forecaster;
    std::map<std::string, surrogate::SearchAwareForecast, std::less<>> m_unjudged; // by code, until measured
    std::map<std::string, Measured, std::less<>> m_measured;                       // by code
};

} // namespace kfx::search
