#pragma once

#include "baselines.h"
#include "corpusevaluation.h"
#include "embeddedmodel.h"
#include "model/population.h"

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Surrogate quality the way a search lives it (issue 24): each search walked in order, each kernel forecast only
// from what was measured before it in that search. A kernel of step s may learn from the measurements of steps
// before s: the kernels of one step are forecast together, before any of them is measured. Each distinct kernel
// (search::canonicalKernelCode) is judged once, at its first measurement, since a repeat is known, not forecast;
// the search's seed is not judged, nothing being measured before it. A kernel that failed (compile error, crash,
// wrong result) is judged with bin 0; an infrastructure failure says nothing about the kernel and is left out.

// What forecasts a search's kernels: the surrogate as it could have been (trained without this task) and the
// prior its baselines fall back on (that training's bins).
struct SearchForecasters {
    std::shared_ptr<const EmbeddedModel> model;
    BinPrior prior;
};

// The out-of-task surrogate continued on the search's earlier measurements (continuationOptions), step by step.
inline constexpr std::string_view kContinuedLabel = "continued";

// One judged kernel of a search, with the forecasts of the surrogate ("embedded", then "continued") and of the
// four baselines, and
// the one the search logged for it, when it logged one (a selective search's surrogate forecasts its candidates).
struct PrequentialKernel {
    std::size_t node = 0;
    int trueBin = 0; // 0: failed
    std::vector<Forecast> forecasts;
    std::optional<Forecast> logged;
};
std::vector<PrequentialKernel> prequentialKernels(const Population &population, std::string_view taskReference,
                                                  const SearchForecasters &forecasters);

// Every search log of the corpus walked so, each with its task's leave-one-task-out fold (a task without one, all
// of whose kernels failed, is left out).
JudgedForecasts prequentialForecasts(const Corpus &corpus, std::span<const CorpusFold> folds);

} // namespace kfx::surrogate
