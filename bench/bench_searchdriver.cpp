// The live search driver's own cost per candidate (issue 14 asks for at most 1 ms), with forecasting and
// measurement taken out: mutations are generated strings, the measurer answers at once in-process, the forecaster
// returns a fixed-shape forecast. What remains is the driver: PUCT selection over a growing archive, the log
// written and flushed per event, the evaluations parsed, the step closed, the workers' hand-off.
//
//   kfx-bench-search --benchmark_filter=SearchDriver

#include "io/jsonwriter.h"
#include "search/searchdriver.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <functional>

namespace {

using namespace kfx;
using namespace kfx::search;

// A figure in [0.5, 2.5) from the code, so that rewards differ and the archive orders them.
double speedupOf(const std::string &code)
{
    return 0.5 + double(std::hash<std::string>{}(code) % 2000) / 1000.0;
}

class InstantMeasurer final : public Measurer {
public:
    MeasuredCandidate measure(const std::string &code, const std::string &) override
    {
        const double speedup = speedupOf(code);
        JsonWriter w;
        w.beginObject().key("observation").beginObject().key("feedback").beginObject();
        w.field("kind", "success").field("aggregated_speedup", speedup).field("aggregation_method", "geomean");
        w.key("per_case_speedups").beginArray().beginObject().field("speedup", speedup);
        w.field("runtime_ns", 1000.0 / speedup).field("ref_runtime_ns", 1000.0).endObject().endArray();
        w.endObject().key("per_case_results").beginArray().endArray().endObject().field("reward", speedup).endObject();
        return {w.take(), speedup, {}, 0.0};
    }
};

// Every mutation is new code: the parent's id, the step and the slot.
class GeneratedMutations final : public MutationSource {
public:
    std::string label() const override { return "generated"; }
    std::string seedCode() const override { return "// seed kernel\n"; }
    MutationResult mutate(const MutationContext &context) override
    {
        return {"// child of " + context.population.node(context.parent).id + " at step " + std::to_string(context.step)
                    + " slot " + std::to_string(context.slot) + "\n",
                {}};
    }
};

class FixedForecaster final : public CandidateForecaster {
public:
    std::string label() const override { return "fixed"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        std::vector<ForecastAnswer> answers;
        for (const auto &candidate : candidates) {
            Forecast forecast;
            forecast.predictedBin = int(std::hash<std::string_view>{}(candidate.code) % 8) + 1;
            forecast.probabilities.fill(0.3 / 7.0);
            forecast.probabilities[std::size_t(forecast.predictedBin - 1)] = 0.7;
            answers.emplace_back(std::move(forecast));
        }
        return answers;
    }
    void learn(const SearchKernel &, std::optional<double>) override {}
};

// A 50-step search of the paper's shape (batch 2; standard: 4 samples per parent, k 2; selective: 16 and 4).
void runSearch(benchmark::State &state, SearchMode mode)
{
    const auto log = std::filesystem::temp_directory_path() / "kfx-bench-search.jsonl";
    std::int64_t candidates = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::filesystem::remove(log);
        GeneratedMutations mutations;
        FixedForecaster forecaster;
        std::vector<std::unique_ptr<Measurer>> measurers;
        measurers.push_back(std::make_unique<InstantMeasurer>());
        MeasurementPool pool(std::move(measurers));
        SearchConfig config;
        config.mode = mode;
        config.steps = 50;
        config.samplesPerParent = mode == SearchMode::Selective ? 16 : 4;
        config.kPerParent = mode == SearchMode::Selective ? 4 : 2;
        config.taskName = "bench";
        SearchDriver driver(config, mutations, pool, &forecaster, log.string());
        state.ResumeTiming();
        candidates += driver.run(false).candidates;
    }
    std::filesystem::remove(log);
    state.SetItemsProcessed(candidates);
    // Seconds per million candidates: microseconds per candidate.
    state.counters["us_per_candidate"] = benchmark::Counter(double(candidates) / 1e6,
                                                            benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void SearchDriverStandard(benchmark::State &state)
{
    runSearch(state, SearchMode::Standard);
}
void SearchDriverSelective(benchmark::State &state)
{
    runSearch(state, SearchMode::Selective);
}

} // namespace

BENCHMARK(SearchDriverStandard)->Unit(benchmark::kMillisecond);
BENCHMARK(SearchDriverSelective)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
