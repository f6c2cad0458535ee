#pragma once

#include "baselines.h"
#include "corpus.h"
#include "embeddedmodel.h"
#include "parentanchored.h"
#include "surrogate.h"

#include <map>
#include <memory>
#include <optional>
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
// pairs, and what the baselines know: the training tasks' true bins alone.
struct CorpusFold {
    std::string heldOutTask;
    std::vector<std::size_t> pairs; // indices into Corpus::pairs
    ChosenModel chosen;
    std::vector<SurrogateResult> forecasts; // one per entry of `pairs`
    // The parent-anchored forecaster of the other tasks' parent edits (its options chosen as the model's); none
    // where they are too few to train one.
    std::shared_ptr<const ParentAnchoredForecaster> parentAnchoredModel;
    // Its forecasts: one per entry of `pairs`, none for a kernel whose parent is no pair.
    std::vector<std::optional<Forecast>> parentAnchored;
    BinPrior prior;                         // the training tasks' bin frequencies and majority bin
};

// Leave-one-task-out over the corpus (needs two tasks at least), folds in task order.
std::vector<CorpusFold> leaveOneTaskOut(const Corpus &corpus, std::span<const TrainingOptions> grid);
// The model every corpus pair trains, options chosen the same way.
ChosenModel trainOnWholeCorpus(const Corpus &corpus, std::span<const TrainingOptions> grid);
// The parent-anchored forecaster of every task's parent edits, options chosen the same way; none where they are
// too few to train one.
std::shared_ptr<const ParentAnchoredForecaster> parentAnchoredOnWholeCorpus(const Corpus &corpus,
                                                                            std::span<const TrainingOptions> grid);

// One forecast with what the measurement then found.
struct JudgedForecast {
    int trueBin = 0; // 1..8; 0 when the kernel failed (compile error, crash, wrong result)
    Forecast forecast;
    bool abstains = false; // the forecaster trusts nothing, whatever its forecast (always-defer)
};
// Per forecaster label ("embedded" and the baselines.h labels), per task: the forecasts of one protocol.
using JudgedForecasts = std::map<std::string, std::map<std::string, std::vector<JudgedForecast>>>;
// Files a forecast under its source's label and its task; always-defer's abstains.
void addJudged(JudgedForecasts &judged, const std::string &task, int trueBin, Forecast forecast);

// The figures of one forecaster on one task, or pooled over all of them (task "all"), from core/metrics.
// Accuracy, off-by-one, halved Brier, ECE (10 equal-width buckets) and NLL judge the kernels that ran (`pairs`);
// the gate's figures judge every kernel: at the default gate threshold (workspace's defaultGateThreshold, max
// probability), `coverage` is the share trusted and `risk` the share of trusted forecasts that were wrong, a
// trusted kernel that failed counting as wrong (issue 24: the gate trusts such kernels, and a risk that leaves
// them out overstates it), and `aurc` the area under that risk's coverage curve ranked by max probability.
struct HeldOutScores {
    std::string surrogate;
    std::string task;
    int pairs = 0;
    int failed = 0;
    double accuracy = 0.0;
    double offByOne = 0.0;
    double brier = 0.0;
    double ece = 0.0;
    double nll = 0.0;
    double aurc = 0.0;
    double risk = 0.0;
    double coverage = 0.0;
};
inline constexpr std::string_view kPooledTask = "all";
HeldOutScores scoreForecasts(std::string surrogate, std::string task, std::span<const JudgedForecast> judged);
// Per forecaster (by label), every task in order, then the pool.
std::vector<HeldOutScores> scoresByTask(const JudgedForecasts &judged);

// Leave one task out, per corpus pair: the fold's surrogate, the parent-anchored forecaster (the surrogate's
// forecast where the pair has no parent to anchor on), the majority and always-defer forecasts of its
// prior, the pair's parent's bin (the corpus lineage) and the bin of the most similar kernel measured before the
// pair in the search whose measurement the pair keeps. The corpus has no failed kernels (no pair), so none count.
JudgedForecasts leaveOneTaskOutForecasts(const Corpus &corpus, std::span<const CorpusFold> folds);
// scoresByTask of leaveOneTaskOutForecasts.
std::vector<HeldOutScores> heldOutScores(const Corpus &corpus, std::span<const CorpusFold> folds);

} // namespace kfx::surrogate
