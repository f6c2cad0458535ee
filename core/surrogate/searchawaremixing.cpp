#include "searchawaremixing.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace kfx::surrogate {

namespace {

// A probability never reaches 0 in the evidence, so one surprise cannot end a component for good.
constexpr double kFloorProbability = 1e-4;
// The fit's grids. The model's initial log weight stays 0: only the differences count.
constexpr double kInitialLogWeights[] = {-6, -4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 4};
constexpr double kTempers[] = {0.05, 0.075, 0.1, 0.15, 0.25, 0.5};
constexpr int kFitRounds = 3;
// The calibration's grid, in steps of 1 / kCalibrationStepsPerUnit (a division, so that 29 steps is the double
// nearest 1.45): slope 0.5..3, offset -2..2.
constexpr double kCalibrationStepsPerUnit = 20.0;
constexpr int kSlopeSteps[] = {10, 60};
constexpr int kOffsetSteps[] = {-40, 40};
// A failure probability's log odds are taken within this far of 0 and 1.
constexpr double kSureFailure = 1e-6;

enum class Part { Failure, Speed };

// Each component's probability of what the GPU found, as one part of the mixing sees it: that the kernel failed or
// ran; or, of a kernel that ran, its bin given that it ran. None where the part has nothing to judge.
std::optional<ComponentShares> probabilitiesOf(const ComponentOutcomes &components, int outcome, Part part)
{
    if (part == Part::Speed && outcome == kFailureBin)
        return std::nullopt;
    ComponentShares probabilities{};
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c) {
        const double failure = components[c][kFailureBin];
        if (part == Part::Failure)
            probabilities[c] = outcome == kFailureBin ? failure : 1.0 - failure;
        else
            probabilities[c] = failure < 1.0 ? components[c][std::size_t(outcome)] / (1.0 - failure) : 0.0;
    }
    return probabilities;
}

double mixed(const ComponentShares &shares, const ComponentShares &probabilities)
{
    double total = 0.0;
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        total += shares[c] * probabilities[c];
    return total;
}

Forecast declared(Forecast forecast)
{
    forecast.predictedBin = int(std::max_element(forecast.probabilities.begin(), forecast.probabilities.end())
                                - forecast.probabilities.begin())
        + kFirstBin;
    return forecast;
}

// The probability the failure part gives what the GPU found, from the probability its mix gave it, calibrated.
double calibratedProbabilityOf(double mixedProbability, int outcome, const FailureCalibration &calibration)
{
    const bool failed = outcome == kFailureBin;
    const double failure = calibration.calibrated(failed ? mixedProbability : 1.0 - mixedProbability);
    return failed ? failure : 1.0 - failure;
}

} // namespace

double FailureCalibration::calibrated(double failureProbability) const
{
    const double clamped = std::clamp(failureProbability, kSureFailure, 1.0 - kSureFailure);
    return 1.0 / (1.0 + std::exp(-(slope * std::log(clamped / (1.0 - clamped)) + offset)));
}

ComponentWeights::ComponentWeights(const SearchAwareMixing &mixing)
    : m_logWeights(mixing.initialLogWeights), m_temper(mixing.temper)
{
}

ComponentShares ComponentWeights::shares() const
{
    const double top = *std::max_element(m_logWeights.begin(), m_logWeights.end());
    ComponentShares shares{};
    double total = 0.0;
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        total += shares[c] = std::exp(m_logWeights[c] - top);
    for (auto &share : shares)
        share /= total;
    return shares;
}

void ComponentWeights::judge(const ComponentShares &probabilities)
{
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        m_logWeights[c] += m_temper * std::log(std::max(probabilities[c], kFloorProbability));
}

void ComponentWeights::judge(const ComponentOutcomes &components, int outcome)
{
    ComponentShares probabilities{};
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        probabilities[c] = components[c][std::size_t(outcome)];
    judge(probabilities);
}

FactoredWeights::FactoredWeights(const FactoredMixing &mixing) : m_failure(mixing.failure), m_speed(mixing.speed) {}

FactoredShares FactoredWeights::shares() const
{
    return {m_failure.shares(), m_speed.shares()};
}

void FactoredWeights::judge(const ComponentOutcomes &components, int outcome)
{
    m_failure.judge(*probabilitiesOf(components, outcome, Part::Failure));
    if (const auto speed = probabilitiesOf(components, outcome, Part::Speed))
        m_speed.judge(*speed);
}

Forecast mixedForecast(const ComponentOutcomes &components, const ComponentShares &shares)
{
    OutcomeProbabilities outcomes{};
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c) {
        for (std::size_t o = 0; o < kOutcomeCount; ++o)
            outcomes[o] += shares[c] * components[c][o];
    }
    Forecast forecast;
    forecast.failureProbability = outcomes[kFailureBin];
    const double runs = 1.0 - outcomes[kFailureBin];
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        forecast.probabilities[std::size_t(bin - kFirstBin)] = outcomes[std::size_t(bin)] / runs;
    return declared(forecast);
}

Forecast mixedForecast(const ComponentOutcomes &components, const FactoredShares &shares,
                       const FailureCalibration &calibration)
{
    Forecast forecast;
    double total = 0.0;
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c) {
        const double failure = components[c][kFailureBin];
        forecast.failureProbability += shares.failure[c] * failure;
        if (failure >= 1.0)
            continue; // no bins to give
        for (int bin = kFirstBin; bin <= kLastBin; ++bin) {
            const double mass = shares.speed[c] * components[c][std::size_t(bin)] / (1.0 - failure);
            forecast.probabilities[std::size_t(bin - kFirstBin)] += mass;
            total += mass;
        }
    }
    for (auto &probability : forecast.probabilities)
        probability /= total;
    forecast.failureProbability = calibration.calibrated(forecast.failureProbability);
    return declared(forecast);
}

namespace {

// Walks the search as it went, for one part of the mixing: each step's kernels with the weights of the steps
// before, then judged.
template<typename Visit>
void walkPart(const JudgedWalk &walk, const SearchAwareMixing &mixing, Part part, Visit visit)
{
    ComponentWeights weights(mixing);
    for (std::size_t first = 0; first < walk.size();) {
        auto end = first;
        const auto shares = weights.shares();
        for (; end < walk.size() && walk[end].step == walk[first].step; ++end) {
            if (const auto probabilities = probabilitiesOf(walk[end].components, walk[end].outcome, part))
                visit(mixed(shares, *probabilities), walk[end].outcome);
        }
        for (; first < end; ++first) {
            if (const auto probabilities = probabilitiesOf(walk[first].components, walk[first].outcome, part))
                weights.judge(*probabilities);
        }
    }
}

double logOf(double probability)
{
    return std::log(std::max(probability, 1e-12));
}

double partLogLikelihood(std::span<const JudgedWalk *const> walks, const SearchAwareMixing &mixing, Part part)
{
    double total = 0.0;
    for (const auto *walk : walks)
        walkPart(*walk, mixing, part, [&](double probability, int) { total += logOf(probability); });
    return total;
}

double failureLogLikelihood(std::span<const JudgedWalk *const> walks, const FactoredMixing &mixing)
{
    double total = 0.0;
    for (const auto *walk : walks) {
        walkPart(*walk, mixing.failure, Part::Failure, [&](double probability, int outcome) {
            total += logOf(calibratedProbabilityOf(probability, outcome, mixing.calibration));
        });
    }
    return total;
}

// The grid's calibration of highest likelihood for the failure probabilities the part's weights mix.
FailureCalibration fitCalibration(std::span<const JudgedWalk *const> walks, const SearchAwareMixing &failure)
{
    std::vector<std::pair<double, int>> judged; // the mix's probability of what the GPU found, and what it found
    for (const auto *walk : walks)
        walkPart(*walk, failure, Part::Failure,
                 [&](double probability, int outcome) { judged.emplace_back(probability, outcome); });
    const auto likelihood = [&](const FailureCalibration &calibration) {
        double total = 0.0;
        for (const auto &[probability, outcome] : judged)
            total += logOf(calibratedProbabilityOf(probability, outcome, calibration));
        return total;
    };
    FailureCalibration best;
    double bestLikelihood = likelihood(best);
    for (int slope = kSlopeSteps[0]; slope <= kSlopeSteps[1]; ++slope) {
        for (int offset = kOffsetSteps[0]; offset <= kOffsetSteps[1]; ++offset) {
            const FailureCalibration candidate{slope / kCalibrationStepsPerUnit, offset / kCalibrationStepsPerUnit};
            // Strictly better only, as the weights' fit.
            if (const double candidateLikelihood = likelihood(candidate); candidateLikelihood > bestLikelihood) {
                bestLikelihood = candidateLikelihood;
                best = candidate;
            }
        }
    }
    return best;
}

SearchAwareMixing fitPart(std::span<const JudgedWalk *const> walks, Part part)
{
    SearchAwareMixing best;
    double bestLikelihood = partLogLikelihood(walks, best, part);
    const auto tryMixing = [&](const SearchAwareMixing &candidate) {
        const double likelihood = partLogLikelihood(walks, candidate, part);
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

} // namespace

std::vector<Forecast> remixedForecasts(const JudgedWalk &walk, const FactoredMixing &mixing)
{
    std::vector<Forecast> forecasts;
    FactoredWeights weights(mixing);
    for (std::size_t first = 0; first < walk.size();) {
        auto end = first;
        const auto shares = weights.shares();
        for (; end < walk.size() && walk[end].step == walk[first].step; ++end)
            forecasts.push_back(mixedForecast(walk[end].components, shares, mixing.calibration));
        for (; first < end; ++first)
            weights.judge(walk[first].components, walk[first].outcome);
    }
    return forecasts;
}

double mixingLogLikelihood(std::span<const JudgedWalk *const> walks, const FactoredMixing &mixing)
{
    return failureLogLikelihood(walks, mixing) + partLogLikelihood(walks, mixing.speed, Part::Speed);
}

FactoredMixing fitFactoredMixing(std::span<const JudgedWalk *const> walks)
{
    const auto failure = fitPart(walks, Part::Failure);
    return {failure, fitPart(walks, Part::Speed), fitCalibration(walks, failure)};
}

} // namespace kfx::surrogate
