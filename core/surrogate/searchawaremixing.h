#pragma once

#include "model/forecast.h"
#include "model/speedupbin.h"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace kfx::surrogate {

// What measuring a kernel can find: index kFailureBin (0) that it failed (compile error, crash, wrong result),
// 1..8 its bin.
inline constexpr std::size_t kOutcomeCount = kBinCount + 1;
using OutcomeProbabilities = std::array<double, kOutcomeCount>;

inline constexpr std::size_t kSearchAwareComponents = 5;
// Each component's forecast of one kernel's outcome (searchawareforecaster.h names them).
using ComponentOutcomes = std::array<OutcomeProbabilities, kSearchAwareComponents>;

// How the search-aware forecaster mixes its components: each starts at a weight of exp(initial log weight), and
// each judged forecast multiplies a component's weight by the probability it gave what the GPU found, raised to
// `temper` (Bayesian model averaging at 1), so a component wrong for the task loses its weight as the task's
// measurements arrive.
struct SearchAwareMixing {
    std::array<double, kSearchAwareComponents> initialLogWeights{};
    double temper = 0.25;
};

// The forecast's mixing, in two parts mixed apart: whether the kernel runs (each component's failure probability),
// and which bin it lands in if it does (each component's bins given that it runs). They are told by different
// evidence: the similar edits say best whether an edit breaks a kernel, while the model, the parent and the nearest
// kernels say how fast one that runs is. With one weight a component for both, a component good at one part and poor
// at the other was weighed by both at once.
// A logistic map of the mixed failure probability's log odds: slope × log odds + offset. The similar edits' failure
// rates are pseudo-counted and the other components' are a search's base rate, so where the edits agree the mix is
// less sure than the outcomes bear out (of kernels given 0.8 or more, 99.4 % failed). The identity by default.
struct FailureCalibration {
    double slope = 1.0;
    double offset = 0.0;
    double calibrated(double failureProbability) const;
};

struct FactoredMixing {
    SearchAwareMixing failure; // judged by the probability each component gave the kernel's failing or running
    SearchAwareMixing speed;   // judged, on kernels that ran, by the probability it gave their bin given a run
    FailureCalibration calibration{}; // of the failure probability mixed by `failure`'s weights
};

// The mixing kfx ships: fitted by fitFactoredMixing on the prequential walks of the corpus's 35 H100 logs, all
// eight tasks, with the models trained on the corpus and the landscapes (kfx-cli corpus evaluate D --protocol
// prequential --landscapes resources/landscape --pools resources/corpus prints it, and scores each task with the fit
// that left the task out). Model, parent, edits, neighbours, prior. Whether a kernel runs: the similar edits hold
// almost all the weight (98 % before any evidence), and the evidence counts half. Its bin: the edits and the
// neighbours most (43 % each), the model a little (10 %), the parent-anchored parent less (4 %), the prior nothing,
// and the evidence counts a twentieth (README, "Failure and speed mixed apart"). Fitted on 1 Dec. The failure
// probability's log odds are then stretched by 1.45 and raised by 0.65: 0.9 becomes 0.98, 0.5 becomes 0.66 and
// 0.1 becomes 0.07 (README, "The failure probability calibrated").
inline constexpr FactoredMixing kFittedMixing{
    {{0.0, -6.0, 4.0, -6.0, -6.0}, 0.5}, {{0.0, -1.0, 1.5, 1.5, -6.0}, 0.05}, {1.45, 0.65}};
inline constexpr SearchAwareMixing kRankingMixing{{0.0, -6.0, 2.0, 1.0, -2.0}, 0.05};

using ComponentShares = std::array<double, kSearchAwareComponents>; // summing to 1

// The weights over one search, as its forecasts are judged.
class ComponentWeights {
public:
    explicit ComponentWeights(const SearchAwareMixing &mixing);
    ComponentShares shares() const;
    // Each component's probability of what the GPU found.
    void judge(const ComponentShares &probabilities);
    // Of the outcome itself, failure or bin.
    void judge(const ComponentOutcomes &components, int outcome);

private:
    std::array<double, kSearchAwareComponents> m_logWeights{};
    double m_temper = 0.0;
};

// A factored mixing's weights over one search.
struct FactoredShares {
    ComponentShares failure{};
    ComponentShares speed{};
};
class FactoredWeights {
public:
    explicit FactoredWeights(const FactoredMixing &mixing);
    FactoredShares shares() const;
    void judge(const ComponentOutcomes &components, int outcome);

private:
    ComponentWeights m_failure;
    ComponentWeights m_speed;
};

// The components' outcomes mixed by `shares`: bins 1..8 given that the kernel runs, and its failure probability,
// the most likely bin declared. No source, no reasoning.
Forecast mixedForecast(const ComponentOutcomes &components, const ComponentShares &shares);
// The same, the failure probability mixed by one part's shares, then calibrated, and the bins given a run mixed by
// the other's.
Forecast mixedForecast(const ComponentOutcomes &components, const FactoredShares &shares,
                       const FailureCalibration &calibration);

// One judged forecast of a search's walk: the step its kernel was forecast at, the components, what the GPU found.
// A search's forecasts of one step are mixed before any of them is judged.
struct JudgedComponents {
    int step = 0;
    ComponentOutcomes components{};
    int outcome = kFailureBin;
};
using JudgedWalk = std::vector<JudgedComponents>; // one search, in step order

// Each forecast of the walk as the mixing would have made it.
std::vector<Forecast> remixedForecasts(const JudgedWalk &walk, const FactoredMixing &mixing);
// The log likelihood the mixing gives the walks' outcomes, failures included: the sum of its two parts', each
// mixed by its own weights (whether each kernel ran, calibrated; the bin of each that ran, given that it ran).
double mixingLogLikelihood(std::span<const JudgedWalk *const> walks, const FactoredMixing &mixing);
// The mixing of highest likelihood over the walks. The two parts' likelihoods add up and neither depends on the
// other's weights, so each part is fitted alone: a coordinate search, the model's initial log weight held at 0, the
// others over -6..4 and the temper over 0.05..0.5. The failure part's calibration is fitted after its weights, on
// the failure probabilities they mix, over a grid (slope 0.5..3, offset -2..2, steps of 0.05). Stacking: fitted on
// other searches than those it forecasts.
FactoredMixing fitFactoredMixing(std::span<const JudgedWalk *const> walks);

} // namespace kfx::surrogate
