#pragma once

#include "measurementpool.h"
#include "model/hardwarecontext.h"
#include "searchdriver.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kfx::search {

// The measurement workers of a search, started the same way by kfx-cli search and the window's Search → Run….
struct SearchWorkers {
    MeasurementPool pool;
    // The first worker's device, for the v3 log's search_initialized (spec §3.7); none when it gave none or
    // measures on the CPU (test mode).
    std::optional<HardwareContext> hardware;
    // The worker measures on the CPU (test mode, its answer says cpu_mode): a valid answer that names no GPU.
    bool cpuMode = false;
    // The worker's answer when it gave no device information, to tell the user; empty otherwise.
    std::string deviceProblem;
};

// `count` kfx-measure workers, each started as `command` (launch prefix included), measuring every kernel by
// `request` (its task directory, timing protocol, Python interpreter and device).
SearchWorkers startSearchWorkers(const std::vector<std::string> &command, const measure::MeasureOptions &request,
                                 int count, std::chrono::milliseconds timeout);
// The same with each worker started by `launcher` (srun jobs, say), which must outlive the pool.
SearchWorkers startSearchWorkers(const WorkerLauncher &launcher, const measure::MeasureOptions &request, int count,
                                 std::chrono::milliseconds timeout);

// The paper's surrogate-filtered configuration (spec §4.4), a selective search's default: each parent's 16
// candidates are forecast and its top 4 selected. The standard search and the baseline keep SearchConfig's.
inline constexpr int kSelectiveSamplesPerParent = 16;
inline constexpr int kSelectiveKPerParent = 4;
// The exploration floor a selective search keeps unless told otherwise (issue 25): one of a parent's four
// selections drawn at random from the candidates its ranking left, so that no region is ruled out by a forecast
// alone. Over the measured landscapes it cost fp8_quant 19 measurements to 98 % of the best and kept row_softmax
// within 2 % of its baseline (README, "A forecaster that knows what the search knows").
inline constexpr double kSelectiveExplorationShare = 0.25;
// `config` made a selective search with these defaults, as Search → Run… and the window's simulation run it.
SearchConfig withSelectiveDefaults(SearchConfig config);

// What a selective search's surrogate is told besides each candidate: the task, the seed kernel as the reference,
// and the hardware (spec §4.4).
surrogate::KernelRuntimeQuery forecastContext(const SearchConfig &config, const std::string &seedCode);

// Where the equal-budget baseline of a search logged to `log` goes by default: OUT.baseline.jsonl beside it.
std::string defaultBaselineLog(const std::string &log);

} // namespace kfx::search
