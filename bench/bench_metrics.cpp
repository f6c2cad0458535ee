// Recomputing the Calibration view: every metric and curve of every surrogate (calibration report, nine
// risk–coverage sweeps with their AURC, top-k recovery, confusion matrix) for 100,000 forecasts, which happens
// whenever the pack filter or the repeat mode changes. Target: under 50 ms.
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
        return result;
    }();
    return loaded;
}

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
BENCHMARK(BM_MetricsEvaluateSurrogates)->Unit(benchmark::kMillisecond);

} // namespace
