#include "searchawareprequential.h"

#include "kernelquery.h"
#include "search/canonicalkernel.h"
#include "searchpairs.h"

#include <algorithm>
#include <climits>
#include <set>

namespace kfx::surrogate {

std::optional<SearchAwarePrequentialSurrogate::Parent>
SearchAwarePrequentialSurrogate::parentAt(const Population &search, const KernelNode &node)
{
    if (node.parent == kNoNode)
        return std::nullopt;
    const auto &parent = search.node(node.parent);
    const auto outcome = parent.step < node.step ? measuredOutcome(parent) : std::nullopt;
    if (!outcome)
        return std::nullopt;
    return Parent{node.parent, *outcome, *outcome == kFailureBin ? std::nullopt : parent.evaluation->measuredSpeedup(),
                  sharedKernelWithoutVariantHeader(parent.code)};
}

std::size_t SearchAwarePrequentialSurrogate::measuredKernels(const Population &search)
{
    std::size_t measured = 0;
    for (std::size_t i = 0; i < search.size(); ++i)
        measured += measuredOutcome(search.node(i)).has_value();
    return measured;
}

SearchAwarePrequentialSurrogate::SearchAwarePrequentialSurrogate(
    std::shared_ptr<const EmbeddedModel> base, const Population &search, const SharedText &taskReference,
    std::shared_ptr<const ParentAnchoredForecaster> parentAnchored)
    : m_continued(std::move(base), search, taskReference)
    , m_parentAnchored(std::move(parentAnchored))
{
    for (std::size_t i = 0; i < search.size(); ++i) {
        const auto &node = search.node(i);
        if (node.code.empty())
            continue;
        auto kernel = search::canonicalKernelCode(node.code);
        const auto outcome = measuredOutcome(node);
        if (outcome) {
            m_measurements.push_back({i, node.step, kernel, parentAt(search, node), *outcome,
                                      *outcome == kFailureBin ? std::nullopt : node.evaluation->measuredSpeedup(),
                                      node.parent != kNoNode});
        }
        const auto [proposal, added] = m_proposals.try_emplace(std::move(kernel), Proposal{node.step, std::nullopt});
        if (added || node.step < proposal->second.step)
            proposal->second = {node.step, parentAt(search, node)};
    }
    // Node order is log order; sorted by step all the same, as prequentialKernels walks a search.
    std::stable_sort(m_measurements.begin(), m_measurements.end(),
                     [](const Measurement &a, const Measurement &b) { return a.step < b.step; });
    std::set<std::string> measuredBefore;
    for (auto &measurement : m_measurements) {
        m_measurementOfNode.emplace(measurement.node, m_shingles.size());
        m_shingles.push_back(codeShingles(search.node(measurement.node).code));
        const bool first = measuredBefore.insert(measurement.kernel).second;
        measurement.judged = measurement.judged && first;
        if (measurement.judged)
            m_judgedQueries.try_emplace(measurement.kernel,
                                        queryForPair(searchPair(search, measurement.node, taskReference)));
    }
}

std::string SearchAwarePrequentialSurrogate::model() const
{
    auto name = "search-aware-9:" + m_continued.model();
    if (m_parentAnchored)
        name += "+parent-anchored:" + m_parentAnchored->editModel().contentHash();
    return name;
}

std::vector<std::optional<Forecast>>
SearchAwarePrequentialSurrogate::parentAnchoredForecasts(std::span<const KernelRuntimeQuery> asked,
                                                         const std::map<std::string, std::size_t> &askedFor) const
{
    if (!m_parentAnchored)
        return std::vector<std::optional<Forecast>>(asked.size());
    std::vector<std::optional<AnchoredEdit>> edits(asked.size());
    for (const auto &[kernel, index] : askedFor) {
        const auto proposal = m_proposals.find(kernel);
        if (proposal != m_proposals.end() && proposal->second.parent && proposal->second.parent->speedup)
            edits[index] = AnchoredEdit{editQuery(asked[index], proposal->second.parent->code),
                                        *proposal->second.parent->speedup};
    }
    return m_parentAnchored->forecast(edits);
}

std::optional<MeasuredParent> SearchAwarePrequentialSurrogate::measuredParent(const std::optional<Parent> &parent) const
{
    if (!parent)
        return std::nullopt;
    return MeasuredParent{parent->outcome, &m_shingles[m_measurementOfNode.at(parent->node)], parent->speedup};
}

void SearchAwarePrequentialSurrogate::forecastBatch(std::span<const KernelRuntimeQuery> queries,
                                                    const CancelFlag &cancel, const ResultCallback &done)
{
    // One model forecast a canonical kernel: the first query of it, else its first measurement's query.
    std::vector<KernelRuntimeQuery> asked(queries.begin(), queries.end());
    std::vector<std::string> kernelOf;
    std::map<std::string, std::size_t> askedFor;
    for (std::size_t i = 0; i < asked.size(); ++i) {
        kernelOf.push_back(search::canonicalKernelCode(asked[i].candidate.code));
        askedFor.try_emplace(kernelOf.back(), i);
    }
    for (const auto &[kernel, query] : m_judgedQueries) {
        if (askedFor.try_emplace(kernel, asked.size()).second)
            asked.push_back(query);
    }
    std::vector<SurrogateResult> modelResults(asked.size());
    m_continued.forecastBatch(asked, cancel,
                              [&](std::size_t i, SurrogateResult result) { modelResults[i] = std::move(result); });
    const auto anchored = parentAnchoredForecasts(asked, askedFor);

    // Each kernel forecast at its first step, after the measurements of the steps before.
    std::map<int, std::vector<const std::string *>> forecastAt;
    for (const auto &[kernel, index] : askedFor) {
        const auto proposal = m_proposals.find(kernel);
        forecastAt[proposal == m_proposals.end() ? INT_MAX : proposal->second.step].push_back(&kernel);
    }
    SearchAwareForecaster forecaster(BinPrior::everyBinAlike());
    std::map<std::string, SearchAwareForecast, std::less<>> forecasts;
    std::size_t learnt = 0;
    for (const auto &[step, kernels] : forecastAt) {
        if (cancel.cancelled())
            break;
        for (; learnt < m_measurements.size() && m_measurements[learnt].step < step; ++learnt) {
            const auto &measurement = m_measurements[learnt];
            if (const auto forecast = forecasts.find(measurement.kernel);
                measurement.judged && forecast != forecasts.end())
                forecaster.judge(forecast->second, measurement.outcome);
            // Named in the reasoning by its place among the search's measurements ("#0" the first), as kfx-cli
            // search's forecaster names it, so one "#k" means one kernel in a log's forecasts and the window's.
            forecaster.remember(forecaster.remembered(), m_shingles[learnt], measuredParent(measurement.parent),
                                measurement.outcome, measurement.speedup);
        }
        for (const auto *kernel : kernels) {
            const auto index = askedFor.at(*kernel);
            const auto *model = std::get_if<Forecast>(&modelResults[index].outcome);
            if (!model)
                continue; // the model's failure is the answer
            const auto proposal = m_proposals.find(*kernel);
            forecasts.emplace(
                *kernel,
                forecaster.forecast(codeShingles(asked[index].candidate.code),
                                    proposal == m_proposals.end() ? std::nullopt
                                                                  : measuredParent(proposal->second.parent),
                                    model, anchored[index] ? &*anchored[index] : nullptr));
        }
    }
    for (std::size_t i = 0; i < queries.size(); ++i) {
        auto result = modelResults[askedFor.at(kernelOf[i])];
        if (cancel.cancelled() && std::holds_alternative<Forecast>(result.outcome)) {
            done(i, failedResult(std::string(kCancelledReason), FailureKind::Cancelled));
            continue;
        }
        if (const auto forecast = forecasts.find(kernelOf[i]); forecast != forecasts.end())
            result.outcome = forecast->second.forecast;
        done(i, std::move(result));
    }
}

} // namespace kfx::surrogate
