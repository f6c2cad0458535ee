#pragma once

#include "landscape.h"
#include "searchdriver.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kfx::search {

// The surrogates a simulated selective search can forecast with (issue 24):
// - pretrained: the embedded model pretrained on the H100 corpus (the one that never saw this task), learning on;
// - scratch: the embedded model learning from the search's measurements alone (kfx-cli search --no-pretrained);
// - oracle: the landscape's own bin, smoothed (an upper bound on what any surrogate could give the search);
// - random: a seeded random distribution per candidate (a lower bound);
// - search-aware: pretrained's model inside the search-aware forecaster (issue 25), which also weighs the nearest
//   measured kernels and the search's failures by how well each has forecast this search so far.
enum class SimulatedSurrogate { Pretrained, Scratch, Oracle, Random, SearchAware };
std::optional<SimulatedSurrogate> simulatedSurrogateFromName(std::string_view name);
std::string_view simulatedSurrogateName(SimulatedSurrogate surrogate);

// One selective search of a simulation: its configuration (policy, budget) and the surrogate it forecasts with.
struct SimulatedSelection {
    SearchConfig config;
    SimulatedSurrogate surrogate = SimulatedSurrogate::Pretrained;
};

struct SimulationConfig {
    // The equal-budget baseline (the standard search, its budget in measurements) and the selective searches set
    // beside it over the same mutations; the seed is set per run.
    SearchConfig baseline;
    std::vector<SimulatedSelection> selective;
    std::string mutations; // the template mutator's directory (resources/corpus/<task>)
    std::uint64_t firstSeed = 0, lastSeed = 0;
    std::string logDirectory;         // each run's log: <mode>-seed<N>.jsonl
    std::optional<double> noiseSigma; // landscapeNoiseSigma's, or no noise
    int threads = 1;                  // seeds run side by side, each thread with its own mutator and surrogate
    // Set by another thread (the window's Stop): no seed starts after it, and simulate throws SimulationStopped
    // once the seeds under way have finished.
    const std::atomic<bool> *stopRequested = nullptr;
};

class SimulationStopped : public SearchError {
public:
    SimulationStopped() : SearchError("the simulation was stopped") {}
};

// One seeded search over the landscape.
struct SimulatedRun {
    std::uint64_t seed = 0;
    std::vector<double> bestByBudget; // best recorded speedup after 1..budget measurements (0 before any success)
    std::optional<int> measurementsToTarget;  // first measurement count reaching 98 % of the landscape's best
    std::optional<double> gpuSecondsToTarget; // recorded GPU-seconds spent until then
    int measurements = 0;
    int distinctKernelsMeasured = 0; // distinct landscape kernels the measurer was asked for
    int cachedResults = 0;           // candidates that took an earlier measurement of their kernel
    double gpuSeconds = 0.0;
};

// 10th percentile, median and 90th percentile over the seeds (linear interpolation between order statistics).
struct Band {
    double p10 = 0.0, median = 0.0, p90 = 0.0;
};
Band bandOf(std::vector<double> values);

// One mode's runs over every seed: "baseline", or a selective search's policy and surrogate ("topk/oracle").
struct SimulatedMode {
    std::string name;
    std::string forecaster; // as the selective search's log names it; empty for the baseline
    std::vector<SimulatedRun> runs;
    std::vector<Band> bestByBudget;                   // index b − 1: after b measurements
    std::optional<double> medianMeasurementsToTarget; // over the seeds that reached it
    int seedsNeverReachingTarget = 0;
    std::optional<double> medianGpuSecondsToTarget;
    double medianDistinctKernels = 0.0;
    double medianGpuSeconds = 0.0;
    int repeatedMeasurements = 0; // measurements of a kernel measured before in the same run, over every seed
};

struct SimulationReport {
    std::string task, device, landscapePath;
    double landscapeBest = 0.0;
    double target = 0.0; // 98 % of landscapeBest
    int budget = 0;
    std::uint64_t firstSeed = 0, lastSeed = 0;
    std::optional<double> noiseSigma;
    double wallSeconds = 0.0;
    std::vector<SimulatedMode> modes; // the baseline first
};

// Runs, for each seed, the baseline and each selective search over the landscape (no GPU, no worker process), and
// summarises them. `progress` gets a line per seed. Throws SearchError or LandscapeError.
SimulationReport simulate(const SimulationConfig &config, const Landscape &landscape,
                          const std::function<void(const std::string &)> &progress = {});

std::string simulationReportJson(const SimulationReport &report);
// The readable table: per mode, the bands at a few budgets, then the target and cost figures.
std::string simulationReportTable(const SimulationReport &report);

} // namespace kfx::search
