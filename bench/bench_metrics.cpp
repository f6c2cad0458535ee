// Recomputing the Calibration view: every metric and curve of every surrogate (calibration report, nine
// risk–coverage sweeps with their AURC and selective risk at 50%, top-k recovery, confusion matrix) for
// 100,000 forecasts, which happens whenever the pack filter or the repeat mode changes. Target: under 50 ms,
// wall-clock (the surrogates are evaluated on every core).
//
//   kfx-bench --benchmark_filter=Metrics

#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "metrics/surrogateevaluation.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

namespace {

// The generator writes 21 forecasts (7 surrogates × 3 repeats) per eval row.
constexpr std::int64_t kEvalRows = 100000 / 21 + 1;

struct Inputs {
    std::vector<kfx::ComparisonPair> pairs;
    std::vector<kfx::PredictionRow> predictions;
    // The same rows as the view holds them.
    std::vector<const kfx::ComparisonPair *> pairPointers;
    std::vector<const kfx::PredictionRow *> predictionPointers;
};

std::vector<kfx::ComparisonPair> load(kfx::generate::SyntheticKind kind, const char *name, Inputs &inputs)
{
    const auto path = std::filesystem::temp_directory_path() / name;
    {
        std::ofstream out(path);
        kfx::generate::SyntheticGenerator(3).write(kind, kEvalRows, out);
    }
    auto file = kfx::loadFile(path.string());
    std::filesystem::remove(path);
    if (!file.predictions.empty())
        inputs.predictions = std::move(file.predictions);
    return std::move(file.pairs);
}

const Inputs &inputs()
{
    static const Inputs loaded = [] {
        Inputs result;
        result.pairs = load(kfx::generate::SyntheticKind::EvalSet, "kfx-bench-eval.jsonl", result);
        load(kfx::generate::SyntheticKind::Predictions, "kfx-bench-predictions.jsonl", result);
        for (const auto &pair : result.pairs)
            result.pairPointers.push_back(&pair);
        for (const auto &prediction : result.predictions)
            result.predictionPointers.push_back(&prediction);
        return result;
    }();
    return loaded;
}

// The whole recompute: join, then per surrogate the calibration report, the risk–coverage curves of three
// scores × three risks with their AURC and selective risk at 50%, top-k recovery and the confusion matrix.
void BM_MetricsEvaluateSurrogates(benchmark::State &state)
{
    const auto &data = inputs();
    for (auto _ : state) {
        kfx::Diagnostics diagnostics;
        auto evaluations = kfx::metrics::evaluateSurrogates(data.pairs, data.predictions, {}, diagnostics);
        benchmark::DoNotOptimize(evaluations);
    }
    state.counters["forecasts"] = double(data.predictions.size());
}
// Wall-clock time is the target; CPU time is all threads', which stays meaningful when other work shares the cores.
BENCHMARK(BM_MetricsEvaluateSurrogates)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

// Its parts, to see where the time goes: the join alone, and the evaluation on one thread.
void BM_MetricsJoin(benchmark::State &state)
{
    const auto &data = inputs();
    for (auto _ : state) {
        kfx::Diagnostics diagnostics;
        auto joined = kfx::metrics::joinSurrogates(data.pairPointers, data.predictionPointers, {}, diagnostics);
        benchmark::DoNotOptimize(joined);
    }
}
BENCHMARK(BM_MetricsJoin)->Unit(benchmark::kMillisecond);

void BM_MetricsEvaluateOneThread(benchmark::State &state)
{
    const auto &data = inputs();
    kfx::Diagnostics diagnostics;
    const auto joined = kfx::metrics::joinSurrogates(data.pairPointers, data.predictionPointers, {}, diagnostics);
    for (auto _ : state) {
        for (const auto &surrogate : joined) {
            auto evaluation = kfx::metrics::evaluateSurrogate(surrogate, {});
            benchmark::DoNotOptimize(evaluation);
        }
    }
}
BENCHMARK(BM_MetricsEvaluateOneThread)->Unit(benchmark::kMillisecond);

} // namespace
