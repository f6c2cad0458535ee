#include "gatepolicy.h"

#include <cmath>
#include <cstdio>

namespace kfx::gate {

std::string_view overrideModeName(OverrideMode mode)
{
    switch (mode) {
    case OverrideMode::Auto:
        return "auto";
    case OverrideMode::Trust:
        return "trust";
    case OverrideMode::Defer:
        return "defer";
    }
    return "auto";
}

std::optional<OverrideMode> overrideModeFromName(std::string_view name)
{
    for (auto mode : {OverrideMode::Auto, OverrideMode::Trust, OverrideMode::Defer}) {
        if (overrideModeName(mode) == name)
            return mode;
    }
    return std::nullopt;
}

std::string_view decisionReasonName(DecisionReason reason)
{
    switch (reason) {
    case DecisionReason::ScoreAtOrAboveThreshold:
        return "score_at_or_above_threshold";
    case DecisionReason::ScoreBelowThreshold:
        return "score_below_threshold";
    case DecisionReason::ModelDeferred:
        return "model_deferred";
    case DecisionReason::NoForecast:
        return "no_forecast";
    case DecisionReason::OverriddenTrust:
        return "overridden_trust";
    case DecisionReason::OverriddenDefer:
        return "overridden_defer";
    }
    return "";
}

GateInput gateInput(const SurrogateAnswer *answer, metrics::ConfidenceScore score, OverrideMode override)
{
    GateInput input;
    input.override = override;
    if (!answer)
        return input;
    if (const auto *forecast = std::get_if<Forecast>(answer))
        input.score = metrics::confidence(score, *forecast);
    else
        input.modelDeferred = true;
    return input;
}

GateDecision decide(const GateInput &input, double threshold)
{
    GateDecision decision;
    decision.score = input.score;
    if (input.override == OverrideMode::Trust) {
        decision.verdict = Verdict::Trusted;
        decision.reason = DecisionReason::OverriddenTrust;
    } else if (input.override == OverrideMode::Defer) {
        decision.reason = DecisionReason::OverriddenDefer;
    } else if (input.modelDeferred) {
        decision.reason = DecisionReason::ModelDeferred;
    } else if (std::isnan(input.score)) {
        decision.reason = DecisionReason::NoForecast;
    } else if (metrics::trusted(input.score, threshold)) {
        decision.verdict = Verdict::Trusted;
        decision.reason = DecisionReason::ScoreAtOrAboveThreshold;
    } else {
        decision.reason = DecisionReason::ScoreBelowThreshold;
    }
    return decision;
}

void decideAll(std::span<const GateInput> inputs, double threshold, std::span<GateDecision> out)
{
    const std::size_t n = std::min(inputs.size(), out.size());
    for (std::size_t i = 0; i < n; ++i)
        out[i] = decide(inputs[i], threshold);
}

double GateCounts::coverage() const
{
    const int total = trusted + deferred;
    return total == 0 ? 0.0 : double(trusted) / total;
}

GateCounts countDecisions(std::span<const GateDecision> decisions)
{
    GateCounts counts;
    for (const auto &decision : decisions) {
        (decision.trusted() ? counts.trusted : counts.deferred) += 1;
        counts.overridden += decision.overridden() ? 1 : 0;
    }
    return counts;
}

std::string explain(const GateDecision &decision, const SurrogateAnswer *answer, const GateOverride *override)
{
    std::string text = decision.trusted() ? "trusted: " : "deferred to the GPU: ";
    char score[32];
    std::snprintf(score, sizeof score, "%.4g", decision.score);
    switch (decision.reason) {
    case DecisionReason::ScoreAtOrAboveThreshold:
        text += std::string("score ") + score + " is at or above the threshold";
        break;
    case DecisionReason::ScoreBelowThreshold:
        text += std::string("score ") + score + " is below the threshold";
        break;
    case DecisionReason::ModelDeferred: {
        const auto *deferral = answer ? std::get_if<Deferral>(answer) : nullptr;
        text += "the model deferred";
        if (deferral && !deferral->reason.empty())
            text += " (\"" + deferral->reason + "\")";
        break;
    }
    case DecisionReason::NoForecast:
        text += "no usable forecast";
        break;
    case DecisionReason::OverriddenTrust:
    case DecisionReason::OverriddenDefer:
        text += "overridden by hand";
        if (override && !override->note.empty())
            text += " (\"" + override->note + "\")";
        break;
    }
    return text;
}

} // namespace kfx::gate
