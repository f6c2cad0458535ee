#include "searchawaremixing.h"

#include <algorithm>
#include <cmath>

namespace kfx::surrogate {

namespace {

// A probability never reaches 0 in the evidence, so one surprise cannot end a component for good.
constexpr double kFloorProbability = 1e-4;
// The fit's grids. The model's initial log weight stays 0: only the differences count.
constexpr double kInitialLogWeights[] = {-6, -4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 4};
constexpr double kTempers[] = {0.05, 0.075, 0.1, 0.15, 0.25, 0.5};
constexpr int kFitRounds = 3;

} // namespace

ComponentWeights::ComponentWeights(const SearchAwareMixing &mixing)
    : m_logWeights(mixing.initialLogWeights), m_temper(mixing.temper)
{
}

std::array<double, kSearchAwareComponents> ComponentWeights::shares() const
{
    const double top = *std::max_element(m_logWeights.begin(), m_logWeights.end());
    std::array<double, kSearchAwareComponents> shares{};
    double total = 0.0;
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        total += shares[c] = std::exp(m_logWeights[c] - top);
    for (auto &share : shares)
        share /= total;
    return shares;
}

void ComponentWeights::judge(const ComponentOutcomes &components, int outcome)
{
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        m_logWeights[c] += m_temper * std::log(std::max(components[c][std::size_t(outcome)], kFloorProbability));
}

Forecast mixedForecast(const ComponentOutcomes &components, const std::array<double, kSearchAwareComponents> &shares)
{
    OutcomeProbabilities mixed{};
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c) {
        for (std::size_t o = 0; o < kOutcomeCount; ++o)
            mixed[o] += shares[c] * components[c][o];
    }
    Forecast forecast;
    forecast.failureProbability = mixed[kFailureBin];
    const double runs = 1.0 - mixed[kFailureBin];
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        forecast.probabilities[std::size_t(bin - kFirstBin)] = mixed[std::size_t(bin)] / runs;
    forecast.predictedBin = int(std::max_element(forecast.probabilities.begin(), forecast.probabilities.end())
                                - forecast.probabilities.begin())
        + kFirstBin;
    return forecast;
}

namespace {

// Walks the search as it went: each step's forecasts mixed with the weights of the steps before, then judged.
template <typename Visit>
void walkMixing(const JudgedWalk &walk, const SearchAwareMixing &mixing, Visit visit)
{
    ComponentWeights weights(mixing);
    for (std::size_t first = 0; first < walk.size();) {
        auto end = first;
        const auto shares = weights.shares();
        for (; end < walk.size() && walk[end].step == walk[first].step; ++end)
            visit(walk[end], shares);
        for (; first < end; ++first)
            weights.judge(walk[first].components, walk[first].outcome);
    }
}

} // namespace

std::vector<Forecast> remixedForecasts(const JudgedWalk &walk, const SearchAwareMixing &mixing)
{
    std::vector<Forecast> forecasts;
    walkMixing(walk, mixing, [&](const JudgedComponents &judged, const auto &shares) {
        forecasts.push_back(mixedForecast(judged.components, shares));
    });
    return forecasts;
}

double mixingLogLikelihood(std::span<const JudgedWalk *const> walks, const SearchAwareMixing &mixing)
{
    double total = 0.0;
    for (const auto *walk : walks) {
        walkMixing(*walk, mixing, [&](const JudgedComponents &judged, const auto &shares) {
            double probability = 0.0;
            for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
                probability += shares[c] * judged.components[c][std::size_t(judged.outcome)];
            total += std::log(std::max(probability, 1e-12));
        });
    }
    return total;
}

SearchAwareMixing fitSearchAwareMixing(std::span<const JudgedWalk *const> walks)
{
    SearchAwareMixing best;
    double bestLikelihood = mixingLogLikelihood(walks, best);
    const auto tryMixing = [&](const SearchAwareMixing &candidate) {
        const double likelihood = mixingLogLikelihood(walks, candidate);
        // Strictly better only, so the fit is the same on every machine and ties keep the earlier value.
        if (likelihood > bestLikelihood) {
            bestLikelihood = likelihood;
            best = candidate;
        }
    };
    for (int round = 0; round < kFitRounds; ++round) {
        for (std::size_t c = 1; c < kSearchAwareComponents; ++c) {
            for (const double logWeight : kInitialLogWeights) {
                auto candidate = best;
                candidate.initialLogWeights[c] = logWeight;
                tryMixing(candidate);
            }
        }
        for (const double temper : kTempers) {
            auto candidate = best;
            candidate.temper = temper;
            tryMixing(candidate);
        }
    }
    return best;
}

} // namespace kfx::surrogate
