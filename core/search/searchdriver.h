#pragma once

#include "candidateforecaster.h"
#include "measurementpool.h"
#include "metrics/confidencescore.h"
#include "model/hardwarecontext.h"
#include "model/population.h"
#include "mutationsource.h"
#include "searchlogwriter.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kfx::search {

// `standard`: every candidate is measured (the reference's v2 driver, spec §4.2, logged as §3.6).
// `selective`: every candidate is forecast and only some are measured (the v3 driver, spec §4.3/4.4, logged as
// §3.7).
enum class SearchMode { Standard, Selective };

// How a selective search picks what to measure. Each parent's candidates are ranked by expected bin index (or by the
// score its forecaster ranks by, Forecast::selectionScore) and its top k_per_parent are selected (the rest are
// deferred: never measured, never archived), as the paper does. Then:
// - TopK: every selected candidate is measured (the paper's surrogate-filtered search);
// - Threshold: a selected candidate whose forecast's confidence reaches the threshold is trusted: it enters the
//   archive on its forecast (the abstaining search's forecast observation, reward = expected speedup, spec
//   §2.5), the others are measured;
// - Coverage: the step's most confident share `coverage` of the selected candidates is trusted, the rest measured;
// - Risk: the threshold Learn-then-Test certifies (gate/riskcontrol.h) on the search's own measured forecasts so
//   far, recomputed before each step: trusted forecasts are wrong at most `alpha` of the time with probability
//   1 − `delta`; until one is certified nothing is trusted.
enum class SelectionPolicy { TopK, Threshold, Coverage, Risk };

struct SearchConfig {
    SearchMode mode = SearchMode::Standard;
    SelectionPolicy policy = SelectionPolicy::TopK;
    metrics::ConfidenceScore confidence = metrics::ConfidenceScore::MaxProb;
    double threshold = 0.5;
    double coverage = 0.5;
    double alpha = 0.1;
    double delta = 0.05;

    // Spec §4's parameters, the paper's standard values by default.
    int steps = 40;
    int batchSize = 2;
    int samplesPerParent = 4;
    int kPerParent = 2;
    int archiveCapacity = 1000;
    double cPuct = 1.0;
    std::uint64_t seed = 0;
    // The exploration floor (issue 25): this share of each parent's k_per_parent selections (rounded down) is
    // drawn at random, seeded, from the candidates the ranking left, so that no region is ruled out by forecasts
    // alone (a pretrained prior wrong for the task kept a matmul search at 1.62x). 0, the spec's search, by default;
    // the log marks each such selection "explored".
    double explorationShare = 0.0;

    // The GPU budget, the seed's measurement excluded (as the reference's num_evaluations_total). A budget in
    // measurements is kept exactly: no measurement is started beyond it. A budget in GPU-seconds is checked before
    // each step, whose measurements then all run: the last step may overrun it.
    std::optional<int> budgetMeasurements;
    std::optional<double> budgetGpuSeconds;

    // The v3 log's context (spec §3.7 search_initialized).
    std::string taskName;
    std::optional<HardwareContext> hardware;
    // The measurement's timing protocol, with the task and the device what a cached measurement is keyed by.
    std::string timingProtocol;
    // What the log must never hold: the API keys of the LLMs that mutate and forecast (searchlogwriter.h).
    std::vector<std::string> secrets;
};

class SearchError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The best measured speedup after each measurement (the paper's headline figure: best kernel vs GPU budget).
struct BudgetPoint {
    int measurements = 0;
    double best = 0.0;
};

struct SearchOutcome {
    std::shared_ptr<Population> population; // the search's own state: archive, PUCT statistics, every candidate
    int stepsCompleted = 0;
    int measurements = 0;    // GPU measurements paid for, the seed's excluded
    double gpuSeconds = 0.0; // their cost (this process's part of the run)
    int candidates = 0;      // distinct kernels (canonicalkernel.h) the mutations produced, the seed's excluded
    int cachedResults = 0;   // candidates that took an earlier measurement of their kernel instead of the GPU
    bool budgetSpent = false;
    bool stopped = false;               // stopped early on request; the log resumes from where it stopped
    std::optional<double> bestMeasured; // best measured speedup in the archive or among measured candidates
    std::vector<BudgetPoint> series;
};

// Runs a PUCT search over a task and writes its log as it goes; the log alone is enough to replay the search
// (kfx's replay computes the same archive) and to resume it.
class SearchDriver {
public:
    // `forecaster` is needed in selective mode only. `clock` dates events and ULIDs (tests fix it).
    SearchDriver(SearchConfig config, MutationSource &mutations, MeasurementPool &measurers,
                 CandidateForecaster *forecaster, std::string logPath, WallClock clock = {});
    ~SearchDriver();

    // One line per step and per budget milestone, for a progress display.
    std::function<void(const std::string &)> progress;
    // Set from any thread: the search stops at the next event, as a crash would, and can be resumed.
    std::atomic<bool> stopRequested{false};
    // For tests of resumption: stop after writing this many events in this run.
    std::optional<int> stopAfterEvents;

    // A fresh run refuses an existing non-empty log; `resume` continues one. A step the log left open is cut
    // from the file and run again. Throws SearchError (a log of another mode, a seed that does not measure).
    SearchOutcome run(bool resume);

private:
    class Run;
    SearchConfig m_config;
    MutationSource &m_mutations;
    MeasurementPool &m_measurers;
    CandidateForecaster *m_forecaster;
    std::string m_logPath;
    WallClock m_clock;
};

// Whether the search paid a GPU measurement for this node (the seed's is not counted; a trusted forecast and a
// result taken from the measurement cache are none).
bool measuredOnGpu(const KernelNode &node);

// Best measured speedup against measurements, read from a search's population in log order (a trusted
// forecast's reward is not a measurement and does not count).
std::vector<BudgetPoint> bestMeasuredSeries(const Population &population);
// The kernel behind that series' last point: the best reward among the seed and the kernels measured on the GPU,
// the first of equals. The "best measured" every view names; the archive's best can differ (a kernel measured
// faster may not be admitted).
std::optional<std::size_t> bestMeasuredNode(const Population &population);

} // namespace kfx::search
