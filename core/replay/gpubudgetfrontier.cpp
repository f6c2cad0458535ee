#include "gpubudgetfrontier.h"

namespace kfx::replay {

namespace {

std::optional<int> judgedBinOf(const KernelNode &node)
{
    return node.evaluation ? node.evaluation->judgedBin() : std::nullopt;
}

FrontierCurve readTrace(const Population &recorded, const PolicyOutcome &outcome)
{
    FrontierCurve curve;
    curve.points.push_back({0, outcome.series.empty() ? 0.0 : outcome.series.front().best, 0, 0});
    for (const auto &event : outcome.trace) {
        auto point = curve.points.back();
        if (event.evaluationsAfter > point.evaluations) {
            point.evaluations = event.evaluationsAfter;
            point.best = event.bestAfter.value_or(point.best);
            curve.points.push_back(point);
        }
        if (event.fate != CandidateEvent::Fate::Trusted || !event.predictedBin)
            continue;
        const auto index = recorded.find(event.nodeId);
        const auto truth = index ? judgedBinOf(recorded.node(*index)) : std::nullopt;
        if (!truth)
            continue; // a kernel never measured has no bin to be wrong about; one that failed is always wrong
        ++curve.points.back().trusted;
        curve.points.back().wrong += int(*event.predictedBin != *truth);
    }
    return curve;
}

} // namespace

std::string_view frontierPolicyName(FrontierPolicy policy)
{
    switch (policy) {
    case FrontierPolicy::MeasureAll:
        return "measure_all";
    case FrontierPolicy::Threshold:
        return "threshold";
    case FrontierPolicy::Coverage:
        return "coverage";
    case FrontierPolicy::Certified:
        break;
    }
    return "certified";
}

std::vector<metrics::SelectiveRow> measuredCandidateRows(const Population &recorded, const ForecastTable &forecasts)
{
    std::vector<metrics::SelectiveRow> rows;
    for (std::size_t index = 0; index < recorded.size(); ++index) {
        const auto &node = recorded.node(index);
        const auto bin = judgedBinOf(node);
        const auto *answer = forecasts.find(node.id);
        if (!bin || node.status == NodeStatus::Seed || !answer)
            continue;
        const auto *forecast = std::get_if<Forecast>(answer);
        rows.push_back({*bin, node.evaluation->measuredSpeedup().value_or(0.0), forecast});
    }
    return rows;
}

std::vector<FrontierCurve> gpuBudgetFrontier(const Population &recorded, const ForecastTable &forecasts,
                                             const FrontierSettings &settings, CounterfactualConfig config)
{
    const auto rows = measuredCandidateRows(recorded, forecasts);
    gate::RiskControlRequest request;
    request.score = settings.score;
    request.alpha = settings.alpha;
    request.delta = settings.delta;
    config.recordTrace = true;
    config.gate.score = settings.score;
    std::vector<FrontierCurve> curves;
    for (const auto policy : kFrontierPolicies) {
        double threshold = -std::numeric_limits<double>::infinity();
        if (policy == FrontierPolicy::Threshold)
            threshold = settings.threshold;
        else if (policy == FrontierPolicy::Coverage)
            threshold = metrics::thresholdForCoverage(rows, settings.score, settings.targetCoverage);
        else if (policy == FrontierPolicy::Certified)
            threshold = gate::riskControlledThreshold(rows, request).threshold;
        config.gate.threshold = threshold;
        CounterfactualReplay replay(
            policy == FrontierPolicy::MeasureAll ? ReplayPolicy::Standard : ReplayPolicy::Compound, config, &forecasts);
        replay.advance(recorded);
        auto curve = readTrace(recorded, replay.outcome());
        curve.policy = policy;
        curve.threshold = threshold;
        curves.push_back(std::move(curve));
    }
    return curves;
}

} // namespace kfx::replay
