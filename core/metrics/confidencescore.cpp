#include "confidencescore.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace kfx::metrics {

namespace {
double negativeEntropy(const BinProbabilities &p)
{
    double h = 0.0;
    for (double mass : p) {
        if (mass > 0.0)
            h -= mass * std::log(mass);
    }
    return 1.0 - h / std::log(8.0);
}

double topTwoMargin(BinProbabilities p)
{
    std::partial_sort(p.begin(), p.begin() + 2, p.end(), std::greater<>());
    return p[0] - p[1];
}
} // namespace

double confidence(ConfidenceScore score, const Forecast &forecast)
{
    switch (score) {
    case ConfidenceScore::MaxProb:
        // The chance that the declared bin is what the GPU will find: a kernel that fails is never in it.
        return (1.0 - forecast.failureProbability) * forecast.probabilityOf(forecast.predictedBin);
    case ConfidenceScore::NegEntropy:
        return negativeEntropy(forecast.probabilities);
    case ConfidenceScore::Top2Margin:
        return topTwoMargin(forecast.probabilities);
    case ConfidenceScore::ExpectedBin:
        return forecast.expectedBinIndex();
    }
    return 0.0;
}

std::string_view confidenceScoreName(ConfidenceScore score)
{
    switch (score) {
    case ConfidenceScore::MaxProb:
        return "max_prob";
    case ConfidenceScore::NegEntropy:
        return "neg_entropy";
    case ConfidenceScore::Top2Margin:
        return "top2_margin";
    case ConfidenceScore::ExpectedBin:
        return "expected_bin";
    }
    return "";
}

std::optional<ConfidenceScore> confidenceScoreFromName(std::string_view name)
{
    for (auto score : kConfidenceScores) {
        if (confidenceScoreName(score) == name)
            return score;
    }
    return std::nullopt;
}

} // namespace kfx::metrics
