// Surrogate quality and speed. Run: build/bench/kfx-bench-surrogate
//   BM_EmbeddedTrain       features + XGBoost + calibration on 10,000 planted pairs (target < 10 s); counters give
//                          accuracy against the majority class and ECE before/after calibration on 3,000 unseen
//                          pairs (target ECE < 0.05)
//   BM_EmbeddedForecast    queries → calibrated forecasts, with (x/1) and without (x/0) rationales
//                          (target > 50,000 pairs/s)
//   BM_EmbeddedExplain     the rationale's contributions: the predicted bin's trees walked here (x/1) against
//                          XGBoost's pred_contribs for every bin (x/0), the way forecasts were explained before
//   BM_DemoSearchQuality   leave-one-task-out cross-validation on the real H100 demo searches
//                          (resources/demo/*-search.jsonl): accuracy, off-by-one, Brier, ECE, majority baselines
//   BM_LlmInFlight         64 requests in flight against the scripted server on 127.0.0.1; CPU per request is
//                          the whole process's (client and the in-process test server), so an upper bound

#include "io/fileloader.h"
#include "metrics/calibrationreport.h"
#include "scriptedchatserver.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/plantedpairs.h"
#include "surrogate/searchpairs.h"

#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <filesystem>
#include <map>

using namespace kfx;
using namespace kfx::surrogate;

namespace {

std::vector<KernelRuntimeQuery> queriesFor(const std::vector<ComparisonPair> &pairs)
{
    std::vector<KernelRuntimeQuery> queries;
    for (const auto &pair : pairs)
        queries.push_back(queryForPair(pair));
    return queries;
}

double eceOf(const std::vector<Forecast> &forecasts, const std::vector<ComparisonPair> &pairs, double *accuracy)
{
    std::vector<metrics::CalibrationDatum> data;
    for (std::size_t i = 0; i < forecasts.size(); ++i)
        data.push_back({pairs[i].trueBin, &forecasts[i]});
    const auto report = metrics::evaluateCalibration(data);
    if (accuracy)
        *accuracy = report.accuracy;
    return report.ece;
}

void BM_EmbeddedTrain(benchmark::State &state)
{
    const auto pairs = plantedPairs(10000, 1);
    const auto test = plantedPairs(3000, 2);
    std::optional<EmbeddedModel> model;
    TrainingReport report;
    for (auto _ : state)
        model = EmbeddedModel::train(trainingExamples(pairs), {}, &report);

    std::vector<FeatureRow> rows;
    for (const auto &example : trainingExamples(test))
        rows.push_back(example.features);
    std::vector<Forecast> raw(rows.size()), calibrated(rows.size());
    const auto rawP = model->predict(rows, false);
    const auto calP = model->predict(rows, true);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (auto [forecast, p] : {std::pair{&raw[i], &rawP[i]}, std::pair{&calibrated[i], &calP[i]}}) {
            forecast->probabilities = *p;
            forecast->predictedBin = int(std::max_element(p->begin(), p->end()) - p->begin()) + 1;
        }
    }
    std::map<int, int> counts;
    for (const auto &pair : test)
        ++counts[pair.trueBin];
    int most = 0;
    for (const auto &[bin, count] : counts)
        most = std::max(most, count);
    double accuracy = 0.0;
    state.counters["ece_raw"] = eceOf(raw, test, nullptr);
    state.counters["ece_calibrated"] = eceOf(calibrated, test, &accuracy);
    state.counters["accuracy"] = accuracy;
    state.counters["majority"] = double(most) / double(test.size());
    state.counters["calibration_isotonic"] = report.calibrationMethod == "isotonic-max-prob";
    state.counters["calibration_temperature"] = report.calibrationMethod == "temperature";
}
BENCHMARK(BM_EmbeddedTrain)->Unit(benchmark::kSecond)->Iterations(1);

void BM_EmbeddedForecast(benchmark::State &state)
{
    const bool explain = state.range(1) != 0;
    EmbeddedSurrogate surrogate(EmbeddedModel::train(trainingExamples(plantedPairs(3000, 1)), {}), "embedded", explain);
    const auto queries = queriesFor(plantedPairs(std::size_t(state.range(0)), 3));
    CancelFlag cancel;
    std::size_t answered = 0;
    for (auto _ : state) {
        surrogate.forecastBatch(queries, cancel, [&](std::size_t, SurrogateResult result) {
            answered += std::holds_alternative<Forecast>(result.outcome);
            benchmark::DoNotOptimize(result);
        });
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
    state.counters["answered"] = double(answered) / double(state.iterations());
}
// Process CPU time, so XGBoost's own threads count too; the wall time is printed beside it.
BENCHMARK(BM_EmbeddedForecast)
    ->Args({20000, 1})
    ->Args({20000, 0})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

// The same without feature extraction: what XGBoost, calibration and the rationale cost on their own.
void BM_EmbeddedForecastRows(benchmark::State &state)
{
    EmbeddedSurrogate surrogate(EmbeddedModel::train(trainingExamples(plantedPairs(3000, 1)), {}));
    const auto queries = queriesFor(plantedPairs(std::size_t(state.range(0)), 3));
    const auto rows = batchFeatures(queries);
    for (auto _ : state)
        benchmark::DoNotOptimize(surrogate.forecastRows(rows));
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}
BENCHMARK(BM_EmbeddedForecastRows)->Arg(20000)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// The rationale's contributions for the predicted bin only, from the model's copy of its trees (x/1), against
// XGBoost's own pred_contribs for all eight bins through a DMatrix (x/0), as forecasts were explained before.
void BM_EmbeddedExplain(benchmark::State &state)
{
    const auto model = EmbeddedModel::train(trainingExamples(plantedPairs(3000, 1)), {});
    const auto rows = batchFeatures(queriesFor(plantedPairs(std::size_t(state.range(0)), 3)));
    std::vector<int> bins;
    for (const auto &p : model.predict(rows))
        bins.push_back(int(std::max_element(p.begin(), p.end()) - p.begin()) + 1);
    for (auto _ : state) {
        if (state.range(1))
            benchmark::DoNotOptimize(model.influences(rows, bins, 3));
        else
            benchmark::DoNotOptimize(model.xgboostContributions(rows, bins));
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}
BENCHMARK(BM_EmbeddedExplain)->Args({4096, 1})->Args({4096, 0})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_FeatureExtraction(benchmark::State &state)
{
    const auto queries = queriesFor(plantedPairs(std::size_t(state.range(0)), 3));
    for (auto _ : state)
        benchmark::DoNotOptimize(batchFeatures(queries));
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}
BENCHMARK(BM_FeatureExtraction)->Arg(20000)->Unit(benchmark::kMillisecond);

int majorityBin(const std::map<int, int> &counts)
{
    int best = 0;
    int most = -1;
    for (const auto &[bin, count] : counts) {
        if (count > most) {
            most = count;
            best = bin;
        }
    }
    return best;
}

// Every search under resources/demo/ is one task; each task's kernels are forecast by a model trained on the
// other tasks only (three tasks, three folds: leave one task out). The baselines: always the bin most common
// over all pairs (which peeks at the test task), and the honest one, the bin most common in the training tasks.
void BM_DemoSearchQuality(benchmark::State &state)
{
    std::vector<ComparisonPair> pairs;
    std::map<std::string, int> perTask;
    for (const auto &entry : std::filesystem::directory_iterator(KFX_DEMO_DIR)) {
        if (!entry.path().filename().string().ends_with("-search.jsonl"))
            continue;
        const auto file = loadFile(entry.path().string());
        if (!file.population)
            continue;
        for (auto &pair : measuredSearchPairs(*file.population, taskFromFileName(entry.path().string()))) {
            ++perTask[pair.pack];
            pairs.push_back(std::move(pair));
        }
    }
    if (perTask.size() < 2) {
        state.SkipWithError("the demo searches were not found under " KFX_DEMO_DIR);
        return;
    }
    const auto examples = trainingExamples(pairs);
    std::vector<SurrogateResult> results;
    for (auto _ : state)
        results = crossValidatedForecasts(examples, int(perTask.size()), {});

    std::vector<Forecast> forecasts;
    forecasts.reserve(results.size());
    for (const auto &result : results)
        forecasts.push_back(std::get<Forecast>(result.outcome));
    std::vector<metrics::CalibrationDatum> data;
    std::map<int, int> all;
    std::map<std::string, std::map<int, int>> byTask;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        data.push_back({pairs[i].trueBin, &forecasts[i]});
        ++all[pairs[i].trueBin];
        ++byTask[pairs[i].pack][pairs[i].trueBin];
    }
    int heldOutMajorityRight = 0;
    for (const auto &[task, counts] : byTask) {
        std::map<int, int> others;
        for (const auto &[other, otherCounts] : byTask) {
            if (other != task) {
                for (const auto &[bin, count] : otherCounts)
                    others[bin] += count;
            }
        }
        const auto it = counts.find(majorityBin(others));
        heldOutMajorityRight += it == counts.end() ? 0 : it->second;
    }
    const auto report = metrics::evaluateCalibration(data);
    state.counters["pairs"] = double(pairs.size());
    state.counters["tasks"] = double(perTask.size());
    state.counters["accuracy"] = report.accuracy;
    state.counters["off_by_one"] = report.offByOne;
    state.counters["brier"] = report.meanBrier;
    state.counters["brier_unhalved"] = report.brierUnhalved;
    state.counters["ece"] = report.ece;
    state.counters["nll"] = report.meanNll;
    state.counters["majority_all"] = double(all.at(majorityBin(all))) / double(pairs.size());
    state.counters["majority_loto"] = double(heldOutMajorityRight) / double(pairs.size());
}
BENCHMARK(BM_DemoSearchQuality)->Unit(benchmark::kSecond)->Iterations(1);

double processCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void BM_LlmInFlight(benchmark::State &state)
{
    const int requests = 512;
    ScriptedChatServer server(
        {},
        {200, chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}}), {}, 100, false});
    LlmSettings settings;
    settings.endpoint = server.url();
    settings.model = "scripted";
    settings.concurrency = 64;
    settings.timeoutSeconds = 30;
    LlmSurrogate llm(settings, PromptSet::builtIn(false));
    const auto queries = queriesFor(plantedPairs(requests, 4));
    CancelFlag cancel;
    double cpu = 0.0;
    std::size_t answered = 0;
    for (auto _ : state) {
        const double before = processCpuSeconds();
        llm.forecastBatch(queries, cancel, [&](std::size_t, SurrogateResult result) {
            answered += std::holds_alternative<Forecast>(result.outcome);
        });
        cpu += processCpuSeconds() - before;
    }
    const double total = double(state.iterations()) * requests;
    state.SetItemsProcessed(std::int64_t(total));
    state.counters["cpu_ms_per_request"] = cpu * 1000.0 / total;
    state.counters["peak_in_flight"] = server.peakInFlight();
    state.counters["connections"] = server.connections();
    state.counters["answered"] = double(answered) / double(state.iterations());
}
BENCHMARK(BM_LlmInFlight)->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
