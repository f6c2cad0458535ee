#include "prequential.h"

#include "embeddedsurrogate.h"
#include "io/fileloader.h"
#include "kernelfeatures.h"
#include "kernelquery.h"
#include "model/speedupbin.h"
#include "search/canonicalkernel.h"
#include "searchawareforecaster.h"
#include "searchpairs.h"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <set>

namespace kfx::surrogate {

namespace {

// A measurement of the kernel itself: a kernel that failed to build, crashed or computed wrong results was
// measured; one whose worker or machine failed was not.
bool measuredKernel(const KernelNode &node)
{
    return node.evaluation && !node.code.empty() && node.evaluation->kind != OutcomeKind::NoFeedback
        && node.evaluation->kind != OutcomeKind::Forecasted
        && node.evaluation->kind != OutcomeKind::InfrastructureFailure;
}

std::optional<double> measuredSpeedup(const KernelNode &node)
{
    return measuredKernel(node) ? node.evaluation->measuredSpeedup() : std::nullopt;
}

std::optional<int> measuredBin(const KernelNode &node)
{
    const auto speedup = measuredSpeedup(node);
    return speedup ? std::optional(speedupBinFor(*speedup)) : std::nullopt;
}

} // namespace

std::optional<int> measuredOutcome(const KernelNode &node)
{
    return measuredKernel(node) ? std::optional(measuredBin(node).value_or(kFailureBin)) : std::nullopt;
}

namespace {

// The parent-anchored forecasts of a step's queried kernels (`queried` indexes `measured`, `parents` the step's
// kernels from `first`): for a kernel whose parent ran, from the edit and the parent's measured speedup.
std::vector<std::optional<Forecast>> parentAnchoredForecasts(const Population &population,
                                                             std::span<const std::size_t> measured,
                                                             std::span<const std::size_t> queried, std::size_t first,
                                                             std::span<const std::optional<MeasuredParent>> parents,
                                                             const SharedText &taskReference,
                                                             const ParentAnchoredForecaster *forecaster)
{
    if (!forecaster)
        return std::vector<std::optional<Forecast>>(queried.size());
    std::vector<std::optional<AnchoredEdit>> edits(queried.size());
    for (std::size_t q = 0; q < queried.size(); ++q) {
        const auto &parent = parents[queried[q] - first];
        if (!parent || parent->outcome == kFailureBin)
            continue;
        const auto node = measured[queried[q]];
        const auto parentPair = searchPair(population, population.node(node).parent, taskReference);
        edits[q] = AnchoredEdit{editQuery(parentPair, searchPair(population, node, taskReference)), parentPair.speedup};
    }
    return forecaster->forecast(edits);
}

} // namespace

std::shared_ptr<const EmbeddedModel> continuedModel(const std::shared_ptr<const EmbeddedModel> &base,
                                                    std::span<const ComparisonPair> known)
{
    if (known.size() < EmbeddedModel::kMinimumExamples)
        return base;
    return std::make_shared<const EmbeddedModel>(
        EmbeddedModel::continueTraining(*base, trainingExamples(known), continuationOptions()));
}

std::vector<PrequentialKernel> prequentialKernels(const Population &population, const SharedText &taskReference,
                                                  const SearchForecasters &forecasters)
{
    std::vector<std::size_t> measured;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (measuredKernel(population.node(i)))
            measured.push_back(i);
    }
    // Node order is log order, and within it steps never go back; sorted by step all the same, so "before" is
    // the step's rule and not the order in which a log happens to list a step's kernels.
    std::stable_sort(measured.begin(), measured.end(),
                     [&](std::size_t a, std::size_t b) { return population.node(a).step < population.node(b).step; });

    std::vector<CodeShingles> shingles;
    std::map<std::size_t, const CodeShingles *> shinglesOfNode;
    shingles.reserve(measured.size());
    for (const auto i : measured) {
        shingles.push_back(codeShingles(population.node(i).code));
        shinglesOfNode.emplace(i, &shingles.back());
    }
    std::vector<PrequentialKernel> judged;
    std::vector<const CodeShingles *> known; // the successful kernels of earlier steps
    std::vector<int> knownBins;
    std::vector<ComparisonPair> knownPairs;
    std::set<std::string> seen; // canonical kernels measured before (or earlier in this step), whatever the outcome
    SearchAwareForecaster searchAware(forecasters.prior, forecasters.mixing);
    for (std::size_t first = 0; first < measured.size();) {
        const int step = population.node(measured[first]).step;
        std::size_t end = first;
        while (end < measured.size() && population.node(measured[end]).step == step)
            ++end;
        std::vector<KernelRuntimeQuery> queries;
        std::vector<std::size_t> queried; // indices into `measured`
        std::vector<std::optional<MeasuredParent>> parents(end - first);
        const auto stepStart = judged.size();
        for (auto k = first; k < end; ++k) {
            const auto &node = population.node(measured[k]);
            const bool firstMeasurement = seen.insert(search::canonicalKernelCode(node.code)).second;
            if (node.parent == kNoNode)
                continue;
            const auto &parent = population.node(node.parent);
            if (const auto parentOutcome = parent.step < step ? measuredOutcome(parent) : std::nullopt)
                parents[k - first] = MeasuredParent{*parentOutcome, shinglesOfNode.at(node.parent),
                                                    measuredSpeedup(parent)};
            if (!firstMeasurement)
                continue;
            const auto parentOutcome = parents[k - first] ? std::optional(parents[k - first]->outcome) : std::nullopt;
            const auto parentBin = parentOutcome == kFailureBin ? std::nullopt : parentOutcome;
            const auto nearest = nearestKernel(shingles[k], known);
            PrequentialKernel kernel;
            kernel.node = measured[k];
            kernel.trueBin = measuredBin(node).value_or(0);
            if (!node.forecasts.empty()) {
                kernel.logged = node.forecasts.front();
                kernel.logged->source = kSearchLogLabel;
            }
            kernel.forecasts = {majorityForecast(forecasters.prior), alwaysDeferForecast(forecasters.prior),
                                parentBinForecast(parentBin, forecasters.prior),
                                nearestMeasuredForecast(nearest ? std::optional(knownBins[*nearest]) : std::nullopt,
                                                        forecasters.prior)};
            judged.push_back(std::move(kernel));
            queries.push_back(queryForPair(searchPair(population, measured[k], taskReference)));
            queried.push_back(k);
        }
        if (!queries.empty()) {
            const auto rows = batchFeatures(queries);
            const auto continued = continuedModel(forecasters.model, knownPairs);
            const auto embedded = EmbeddedSurrogate(forecasters.model, "embedded", false).forecastRows(rows);
            const auto learnt = EmbeddedSurrogate(continued, std::string(kContinuedLabel), false).forecastRows(rows);
            const auto anchored = parentAnchoredForecasts(population, measured, queried, first, parents, taskReference,
                                                          forecasters.parentAnchored.get());
            std::vector<SearchAwareForecast> aware;
            for (std::size_t q = 0; q < queries.size(); ++q) {
                auto &kernel = judged[stepStart + q];
                const auto &continuedForecast = std::get<Forecast>(learnt[q].outcome);
                const auto *parentAnchored = anchored[q] ? &*anchored[q] : nullptr;
                aware.push_back(searchAware.forecast(shingles[queried[q]], parents[queried[q] - first],
                                                     &continuedForecast, parentAnchored));
                kernel.searchAware = {step, aware.back().components, kernel.trueBin};
                kernel.forecasts.insert(
                    kernel.forecasts.begin(),
                    {std::get<Forecast>(embedded[q].outcome), continuedForecast, aware.back().forecast});
                if (forecasters.parentAnchored) {
                    auto row = anchored[q].value_or(continuedForecast);
                    row.source = kParentAnchoredLabel;
                    kernel.forecasts.push_back(std::move(row));
                }
            }
            for (std::size_t q = 0; q < queries.size(); ++q)
                searchAware.judge(aware[q], judged[stepStart + q].trueBin);
        }
        for (auto k = first; k < end; ++k) {
            if (const auto outcome = measuredOutcome(population.node(measured[k])))
                searchAware.remember(searchAware.remembered(), shingles[k], parents[k - first], *outcome,
                                     measuredSpeedup(population.node(measured[k])));
            if (const auto bin = measuredBin(population.node(measured[k]))) {
                known.push_back(&shingles[k]);
                knownBins.push_back(*bin);
                knownPairs.push_back(searchPair(population, measured[k], taskReference));
            }
        }
        first = end;
    }
    return judged;
}

PrequentialEvaluation prequentialForecasts(const Corpus &corpus, std::span<const CorpusFold> folds)
{
    std::map<std::string, const CorpusFold *> foldOfTask;
    for (const auto &fold : folds)
        foldOfTask[fold.heldOutTask] = &fold;
    struct WalkedSearch {
        std::string task;
        std::vector<PrequentialKernel> kernels;
        JudgedWalk walk;
    };
    std::vector<WalkedSearch> searches;
    for (const auto &path : corpus.files) {
        const auto file = loadFile(path);
        if (!file.population)
            throw CorpusError(path + ": cannot be read as a search log");
        const auto &population = *file.population;
        const auto task = population.context.opName.empty() ? taskFromFileName(path) : population.context.opName;
        const auto fold = foldOfTask.find(task);
        if (fold == foldOfTask.end())
            continue;
        SearchForecasters forecasters{fold->second->chosen.model, fold->second->prior};
        forecasters.parentAnchored = fold->second->parentAnchoredModel;
        auto &search = searches.emplace_back(
            WalkedSearch{task, prequentialKernels(population, corpus.referenceCode.at(task), forecasters), {}});
        for (const auto &kernel : search.kernels)
            search.walk.push_back(kernel.searchAware);
    }

    // The components do not depend on the mixing, so each task's forecasts are mixed again with the fit that left
    // it out.
    PrequentialEvaluation evaluation;
    std::vector<const JudgedWalk *> all;
    for (const auto &search : searches)
        all.push_back(&search.walk);
    evaluation.mixingOverAll = fitFactoredMixing(all);
    for (const auto &[task, fold] : foldOfTask) {
        std::vector<const JudgedWalk *> others;
        for (const auto &search : searches) {
            if (search.task != task)
                others.push_back(&search.walk);
        }
        evaluation.mixingWithout[task] = fitFactoredMixing(others);
    }
    for (auto &search : searches) {
        const auto remixed = remixedForecasts(search.walk, evaluation.mixingWithout.at(search.task));
        for (std::size_t k = 0; k < search.kernels.size(); ++k) {
            auto &kernel = search.kernels[k];
            for (auto &forecast : kernel.forecasts) {
                if (forecast.source == kSearchAwareLabel) {
                    forecast = remixed[k];
                    forecast.source = kSearchAwareLabel;
                }
                addJudged(evaluation.judged, search.task, kernel.trueBin, std::move(forecast));
            }
            if (kernel.logged)
                addJudged(evaluation.judged, search.task, kernel.trueBin, std::move(*kernel.logged));
        }
    }
    return evaluation;
}

PrequentialSurrogate::PrequentialSurrogate(std::shared_ptr<const EmbeddedModel> base, const Population &search,
                                           const SharedText &taskReference)
    : m_base(std::move(base))
{
    if (!m_base)
        throw ModelError("a prequential surrogate needs a base model");
    for (std::size_t i = 0; i < search.size(); ++i) {
        const auto &node = search.node(i);
        if (node.code.empty())
            continue;
        const auto [first, added] = m_firstStep.try_emplace(search::canonicalKernelCode(node.code), node.step);
        if (!added)
            first->second = std::min(first->second, node.step);
    }
    auto measured = measuredSearchPairs(search, {}, taskReference);
    std::vector<int> steps;
    for (const auto &pair : measured)
        steps.push_back(search.node(*search.find(pair.id)).step);
    std::vector<std::size_t> order(measured.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return steps[a] < steps[b]; });
    std::string digest = m_base->contentHash();
    for (const auto k : order) {
        m_measured.push_back(std::move(measured[k]));
        m_stepOfMeasured.push_back(steps[k]);
        digest += '|' + std::to_string(steps[k]) + ':' + stableHash(m_measured.back().candidateCode) + ':'
            + std::to_string(m_measured.back().trueBin);
    }
    m_digest = "prequential:" + stableHash(digest);
}

std::size_t PrequentialSurrogate::measurementsBefore(std::string_view kernelCode) const
{
    const auto first = m_firstStep.find(search::canonicalKernelCode(kernelCode));
    const int step = first == m_firstStep.end() ? INT_MAX : first->second;
    return std::size_t(std::lower_bound(m_stepOfMeasured.begin(), m_stepOfMeasured.end(), step)
                       - m_stepOfMeasured.begin());
}

std::shared_ptr<const EmbeddedModel> PrequentialSurrogate::modelAfter(std::size_t measurements)
{
    std::lock_guard lock(m_mutex);
    if (!m_lastModel || m_lastMeasurements != measurements) {
        m_lastModel.reset(); // before the next is trained: never two at once
        m_lastModel = continuedModel(m_base, std::span(m_measured).first(measurements));
        m_lastMeasurements = measurements;
    }
    return m_lastModel;
}

void PrequentialSurrogate::forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                                         const ResultCallback &done)
{
    std::map<std::size_t, std::vector<std::size_t>> queriesByKnown;
    for (std::size_t i = 0; i < queries.size(); ++i)
        queriesByKnown[measurementsBefore(queries[i].candidate.code)].push_back(i);
    const auto rows = batchFeatures(queries);
    for (const auto &[known, indices] : queriesByKnown) {
        if (cancel.cancelled()) {
            for (const auto i : indices)
                done(i, failedResult(std::string(kCancelledReason), FailureKind::Cancelled));
            continue;
        }
        std::shared_ptr<const EmbeddedModel> model;
        try {
            model = modelAfter(known);
        } catch (const std::exception &error) {
            for (const auto i : indices)
                done(i, failedResult(std::string("continued training failed: ") + error.what(), FailureKind::Setup));
            continue;
        }
        std::vector<FeatureRow> stepRows;
        for (const auto i : indices)
            stepRows.push_back(rows[i]);
        auto results = EmbeddedSurrogate(model).forecastRows(stepRows);
        for (std::size_t k = 0; k < indices.size(); ++k)
            done(indices[k], std::move(results[k]));
    }
}

} // namespace kfx::surrogate
