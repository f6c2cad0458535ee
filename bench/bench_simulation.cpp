// The seeded simulator's speed (issue 24 asks that a 200-seed evaluation of one task take at most 60 s on the
// 2-core development machine): for each seed, the equal-budget baseline and the top-k selective search with the
// pretrained surrogate over the rms_norm landscape, answered in-process by the landscape measurer. The budget is
// 64 measurements, as the simulation tables of the README use. Run:
//   build/bench/kfx-bench-simulation --benchmark_filter=Simulation
#include "search/landscape.h"
#include "search/searchworkers.h"
#include "search/simulation.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <thread>
#include <unistd.h>

using namespace kfx::search;

namespace {

void BM_Simulation200Seeds(benchmark::State &state)
{
    const auto landscape = Landscape::openTask(KFX_SOURCE_DIR "/resources/landscape", "rms_norm");
    const auto logs = std::filesystem::temp_directory_path() / ("kfx-bench-simulation-" + std::to_string(::getpid()));
    SimulationConfig config;
    SearchConfig selective;
    selective.mode = SearchMode::Selective;
    selective.samplesPerParent = kSelectiveSamplesPerParent;
    selective.kPerParent = kSelectiveKPerParent;
    selective.budgetMeasurements = config.baseline.budgetMeasurements = 64;
    config.selective = {{selective, SimulatedSurrogate::Pretrained}};
    config.mutations = KFX_SOURCE_DIR "/resources/corpus/rms_norm";
    config.firstSeed = 1;
    config.lastSeed = 200;
    config.logDirectory = logs.string();
    config.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    for (auto _ : state) {
        const auto report = simulate(config, landscape);
        state.counters["seeds_reaching_target"] = double(report.modes.back().runs.size())
            - report.modes.back().seedsNeverReachingTarget;
    }
    std::filesystem::remove_all(logs);
}
BENCHMARK(BM_Simulation200Seeds)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
