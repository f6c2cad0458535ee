#pragma once

#include "baselines.h"
#include "corpusevaluation.h"
#include "embeddedmodel.h"
#include "model/population.h"
#include "searchawaremixing.h"
#include "surrogate.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Surrogate quality the way a search lives it (issue 24): each search walked in order, each kernel forecast only
// from what was measured before it in that search. A kernel of step s may learn from the measurements of steps
// before s: the kernels of one step are forecast together, before any of them is measured. Each distinct kernel
// (search::canonicalKernelCode) is judged once, at its first measurement, since a repeat is known, not forecast;
// the search's seed is not judged, nothing being measured before it. A kernel that failed (compile error, crash,
// wrong result) is judged with bin 0; an infrastructure failure says nothing about the kernel and is left out.

// What measuring a search's kernel found: its bin, or kFailureBin where it failed to build, crashed or computed wrong
// results; none where it was not measured, or its worker or machine failed.
std::optional<int> measuredOutcome(const KernelNode &node);

// What forecasts a search's kernels: the surrogate as it could have been (trained without this task), the
// prior its baselines fall back on (that training's bins), and how the search-aware forecaster mixes.
struct SearchForecasters {
    std::shared_ptr<const EmbeddedModel> model;
    BinPrior prior;
    FactoredMixing mixing = kFittedMixing;
    // Forecasts a kernel whose parent ran from the edit and the parent's measured speedup; none: not asked.
    std::shared_ptr<const ParentAnchoredForecaster> parentAnchored = nullptr;
};

// The base model continued on a search's measurements so far (continuationOptions, one thread: many small
// trainings), as a search whose model keeps learning has it; the base itself while they are fewer than training
// needs.
std::shared_ptr<const EmbeddedModel> continuedModel(const std::shared_ptr<const EmbeddedModel> &base,
                                                    std::span<const ComparisonPair> known);

// The out-of-task surrogate continued on the search's earlier measurements (continuedModel), step by step.
inline constexpr std::string_view kContinuedLabel = "continued";

// One judged kernel of a search, with the forecasts of the surrogate ("embedded", "continued", then
// "search-aware", searchawareforecaster.h, which learns from the same earlier measurements) and of the four
// baselines, then the parent-anchored forecaster's where SearchForecasters has one (the continued model's where
// the kernel's parent did not run before it), and the one the search logged for it, when it logged one (a
// selective search's surrogate forecasts its candidates).
struct PrequentialKernel {
    std::size_t node = 0;
    int trueBin = 0; // 0: failed
    std::vector<Forecast> forecasts;
    std::optional<Forecast> logged;
    JudgedComponents searchAware; // the search-aware forecast's components, to mix them otherwise
};
std::vector<PrequentialKernel> prequentialKernels(const Population &population, const SharedText &taskReference,
                                                  const SearchForecasters &forecasters);

// Every search log of the corpus walked so, each with its task's leave-one-task-out fold (a task without one, all
// of whose kernels failed, is left out). The search-aware forecaster mixes its components as fitted on the walks
// of the other tasks' searches (fitFactoredMixing), so a task's forecasts never learn from its own outcomes.
struct PrequentialEvaluation {
    JudgedForecasts judged;
    std::map<std::string, FactoredMixing> mixingWithout; // by held-out task
    FactoredMixing mixingOverAll;                        // fitted on every task's walks: what kfx would ship
};
PrequentialEvaluation prequentialForecasts(const Corpus &corpus, std::span<const CorpusFold> folds);

// Forecasts the kernels of an opened search as its surrogate could have at the time: a kernel first proposed at
// step s is answered by the base model continued on the search's successful measurements of the steps before s,
// never on its own step's or later ones (a kernel unknown to the search, on all of them). This is "what the
// surrogate would have said" for a completed search; cross-fitting let a kernel learn from measurements taken after
// it, which no search can.
class PrequentialSurrogate : public Surrogate {
public:
    // The measured pairs are the search's own, against `taskReference` as searchPair makes them.
    PrequentialSurrogate(std::shared_ptr<const EmbeddedModel> base, const Population &search,
                         const SharedText &taskReference);

    std::string identity() const override { return "embedded"; }
    // The base model and the measurements with their steps: the same two give the same answers.
    std::string model() const override { return m_digest; }
    std::string promptTemplateHash() const override { return {}; }
    // Continues the base once per distinct number of earlier measurements among the queries (on the caller's
    // thread: the surrogate job's worker), fewest first, and keeps the last model for the next batch.
    void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                       const ResultCallback &done) override;

    // How many of the search's measurements a query for `kernelCode` may learn from.
    std::size_t measurementsBefore(std::string_view kernelCode) const;

private:
    std::shared_ptr<const EmbeddedModel> modelAfter(std::size_t measurements);

    std::shared_ptr<const EmbeddedModel> m_base;
    std::vector<ComparisonPair> m_measured; // in step order
    std::vector<int> m_stepOfMeasured;
    std::map<std::string, int> m_firstStep; // by canonical kernel
    std::string m_digest;
    std::mutex m_mutex; // batches may come from several threads, and one model is trained at a time
    // Only the last: every one kept was 0.26 times the file at the window's peak memory on the 80,000-kernel log
    // (about 2 MB a model with XGBoost's booster and save buffer, one per step with new measurements). Batches come
    // in step order, so an earlier count is seldom asked again, and is then trained again to the same model.
    std::size_t m_lastMeasurements = 0;
    std::shared_ptr<const EmbeddedModel> m_lastModel;
};

} // namespace kfx::surrogate
