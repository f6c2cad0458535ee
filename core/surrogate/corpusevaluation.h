#pragma once

#include "corpus.h"
#include "embeddedmodel.h"
#include "surrogate.h"

#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// The training options a corpus model may take: a few settings of rounds, depth and learning rate, the
// embedded model's default first.
std::span<const TrainingOptions> corpusOptionGrid();

// A model trained on some of the corpus's tasks, with the options chosen for it without looking at any other
// task: each option of the grid is scored by grouped cross-validation over the training tasks alone (one fold
// per task, mean halved Brier of the held-out forecasts), and the lowest wins (the first among equals). With a
// single training task there is nothing to cross-validate and the default options are taken.
// The calibration is out-of-task too: the chosen option's cross-validation forecasts (each training task forecast
// by a model trained on the other training tasks) fit it, the method chosen among none, temperature, isotonic and
// histogram by leave-one-task-out NLL on those forecasts; it then replaces the in-task calibration training fitted.
// The in-task one overstates what the trees know about a task they never saw. One training task: kept in-task.
struct ChosenModel {
    std::shared_ptr<const EmbeddedModel> model;
    TrainingOptions options;
    std::vector<double> gridBrier;           // per grid option; empty when the default was taken unscored
    std::set<std::string> calibrationGroups; // the tasks whose forecasts fitted the calibration; empty: in-task
    TrainingReport report;
};
ChosenModel trainWithChosenOptions(std::span<const TrainingExample> examples, std::span<const TrainingOptions> grid);

// One leave-one-task-out fold: the model trained on every other task, its forecasts for the held-out task's
// pairs, and the two baselines built from the training tasks' true bins alone.
struct CorpusFold {
    std::string heldOutTask;
    std::vector<std::size_t> pairs; // indices into Corpus::pairs
    ChosenModel chosen;
    std::vector<SurrogateResult> forecasts; // one per entry of `pairs`
    BinProbabilities trainingFrequencies{}; // share of each bin among the training tasks' pairs
    int majorityBin = 0;                    // the most frequent of them (the lowest bin among equals)
};

// Leave-one-task-out over the corpus (needs two tasks at least), folds in task order.
std::vector<CorpusFold> leaveOneTaskOut(const Corpus &corpus, std::span<const TrainingOptions> grid);
// The model every corpus pair trains, options chosen the same way.
ChosenModel trainOnWholeCorpus(const Corpus &corpus, std::span<const TrainingOptions> grid);

// The baselines a fold's surrogate is compared with:
// - majority: always the training tasks' most frequent bin, all the mass on it (a one-hot forecast);
// - always-defer: a surrogate that never commits; the forecast it leaves the search with is the training tasks'
//   bin frequencies (what is known before the kernel is looked at), the same for every kernel, so no threshold
//   can tell its forecasts apart and it trusts none of them before measuring (coverage 0).
Forecast majorityForecast(const CorpusFold &fold);
Forecast alwaysDeferForecast(const CorpusFold &fold);

// The held-out figures of one surrogate (embedded, majority or always-defer) on one task, or pooled over all
// of them (task "all"), from core/metrics: accuracy, off-by-one, halved Brier, ECE (10 equal-width buckets),
// NLL, and the area under the binary-mismatch risk–coverage curve ranked by max probability.
struct HeldOutScores {
    std::string surrogate;
    std::string task;
    int pairs = 0;
    double accuracy = 0.0;
    double offByOne = 0.0;
    double brier = 0.0;
    double ece = 0.0;
    double nll = 0.0;
    double aurc = 0.0;
};
inline constexpr std::string_view kPooledTask = "all";
// Per surrogate, every held-out task in order, then the pool.
std::vector<HeldOutScores> heldOutScores(const Corpus &corpus, std::span<const CorpusFold> folds);

} // namespace kfx::surrogate
