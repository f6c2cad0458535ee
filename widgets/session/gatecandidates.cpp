#include "gatecandidates.h"

#include "gate/searchmonitor.h"

namespace gatecandidates {

bool isCandidate(const kfx::KernelNode &node)
{
    return node.status != kfx::NodeStatus::Seed && node.status != kfx::NodeStatus::Placeholder
        && node.failureStage != kfx::FailureStage::Mutation;
}

bool kernelFailed(const kfx::KernelNode &node)
{
    if (!node.evaluation)
        return false;
    // An infrastructure failure says nothing about the kernel itself: it stays a candidate.
    switch (node.evaluation->kind) {
    case kfx::OutcomeKind::CompileFailed:
    case kfx::OutcomeKind::RuntimeError:
    case kfx::OutcomeKind::Incorrect:
        return true;
    default:
        return false;
    }
}

const kfx::Forecast *forecastOf(const kfx::KernelNode &node)
{
    return kfx::gate::searchForecastOf(node);
}

bool modelDeferred(const kfx::KernelNode &node)
{
    return node.forecasts.empty() && node.evaluation && node.evaluation->deferralReason.has_value();
}

std::vector<std::size_t> candidatesWithoutForecast(const kfx::Population &population)
{
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (isCandidate(node) && !node.code.empty() && !forecastOf(node))
            nodes.push_back(i);
    }
    return nodes;
}

} // namespace gatecandidates
