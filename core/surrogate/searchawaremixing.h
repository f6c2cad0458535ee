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

// The mixing kfx ships: fitted by fitSearchAwareMixing on the prequential walks of the corpus's 35 H100 logs, all
// eight tasks, with the models trained on the corpus and the landscapes (kfx-cli corpus evaluate D --protocol
// prequential --landscapes resources/landscape --pools resources/corpus prints it, and scores each task with the fit
// that left the task out). Model, parent, edits, neighbours, prior: the edits component starts at most of the weight
// and the parent alone at almost none (the edits component already holds the parent's, as its prior). The evidence
// counts 0.075 of its weight: at 0.25, or with every component starting equal, the mixture was less sure than it
// was right (README, "Stacked on the other tasks' searches"). Fitted again on 1 Dec, once the parent component was
// parent-anchored and the edits component carried speedup ratios.
inline constexpr SearchAwareMixing kFittedMixing{{0.0, -6.0, 2.5, 1.5, -2.0}, 0.075};
// The mixing a search ranks a parent's candidates by (searchawareforecaster.h, selectionScore): the one fitted on
// 30 Nov, before the parent-anchored parent component, over the components as they were then. Kept apart because
// the parent-anchored forecast, better calibrated, ordered rms_norm's candidates worse (README, "The ranking kept,
// the forecast anchored").
inline constexpr SearchAwareMixing kRankingMixing{{0.0, -6.0, 2.0, 1.0, -2.0}, 0.05};

// The weights over one search, as its forecasts are judged.
class ComponentWeights {
public:
    explicit ComponentWeights(const SearchAwareMixing &mixing);
    // Summing to 1.
    std::array<double, kSearchAwareComponents> shares() const;
    void judge(const ComponentOutcomes &components, int outcome);

private:
    std::array<double, kSearchAwareComponents> m_logWeights{};
    double m_temper = 0.0;
};

// The components' outcomes mixed by `shares`: bins 1..8 given that the kernel runs, and its failure probability,
// the most likely bin declared. No source, no reasoning.
Forecast mixedForecast(const ComponentOutcomes &components, const std::array<double, kSearchAwareComponents> &shares);

// One judged forecast of a search's walk: the step its kernel was forecast at, the components, what the GPU found.
// A search's forecasts of one step are mixed before any of them is judged.
struct JudgedComponents {
    int step = 0;
    ComponentOutcomes components{};
    int outcome = kFailureBin;
};
using JudgedWalk = std::vector<JudgedComponents>; // one search, in step order

// Each forecast of the walk as the mixing would have made it.
std::vector<Forecast> remixedForecasts(const JudgedWalk &walk, const SearchAwareMixing &mixing);
// The log likelihood the mixing gives the walks' outcomes, failures included.
double mixingLogLikelihood(std::span<const JudgedWalk *const> walks, const SearchAwareMixing &mixing);
// The mixing of highest likelihood over the walks: a coordinate search, the model's initial log weight held at 0,
// the others over -6..4 and the temper over 0.05..0.5. Stacking: fitted on other searches than those it forecasts.
SearchAwareMixing fitSearchAwareMixing(std::span<const JudgedWalk *const> walks);

} // namespace kfx::surrogate
