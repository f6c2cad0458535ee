#include "corpusevaluation.h"

#include "embeddedsurrogate.h"
#include "metrics/scoringrules.h"
#include "metrics/surrogateevaluation.h"
#include "predictionrows.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace kfx::surrogate {

namespace {

TrainingOptions gridOption(int rounds, int maxDepth, double learningRate)
{
    TrainingOptions options;
    options.rounds = rounds;
    options.maxDepth = maxDepth;
    options.learningRate = learningRate;
    // One thread: the folds' many small trainings gain little from two, and OpenMP's waiting threads cost much
    // on a busy machine.
    options.threads = 1;
    return options;
}

std::size_t groupCount(std::span<const TrainingExample> examples)
{
    std::set<std::string_view> groups;
    for (const auto &example : examples)
        groups.insert(example.group);
    return groups.size();
}

// Grouped cross-validation with one fold per group, scored by the mean halved Brier of its held-out forecasts.
// Forecasts come without rationales: only their distributions are scored.
double leaveOneGroupOutBrier(std::span<const TrainingExample> examples, const TrainingOptions &options)
{
    std::set<std::string_view> groups;
    for (const auto &example : examples)
        groups.insert(example.group);
    double sum = 0.0;
    for (const auto group : groups) {
        std::vector<TrainingExample> training;
        std::vector<FeatureRow> heldOut;
        std::vector<int> trueBins;
        for (const auto &example : examples) {
            if (example.group == group) {
                heldOut.push_back(example.features);
                trueBins.push_back(example.trueBin);
            } else {
                training.push_back(example);
            }
        }
        const auto forecasts = EmbeddedModel::train(training, options).predict(heldOut);
        for (std::size_t i = 0; i < forecasts.size(); ++i)
            sum += metrics::halfBrier(forecasts[i], trueBins[i]);
    }
    return sum / double(examples.size());
}

// The AURC where the forecasts rank the kernels at all: a forecaster as sure of every kernel as of any other
// (the baselines, within one task) reaches a single coverage, where an area of 0 would say nothing; NaN then.
double rankedAurc(const metrics::SelectiveSummary &summary)
{
    std::set<double> coverages;
    for (const auto &point : summary.curve) {
        if (!std::isnan(point.risk))
            coverages.insert(point.coverage);
    }
    return coverages.size() < 2 ? std::numeric_limits<double>::quiet_NaN() : summary.aurc;
}

} // namespace

std::span<const TrainingOptions> corpusOptionGrid()
{
    static const std::vector<TrainingOptions> grid{gridOption(40, 4, 0.3), gridOption(100, 3, 0.1),
                                                   gridOption(150, 2, 0.05), gridOption(60, 1, 0.1)};
    return grid;
}

ChosenModel trainWithChosenOptions(std::span<const TrainingExample> examples, std::span<const TrainingOptions> grid)
{
    ChosenModel chosen;
    chosen.options = grid.front();
    if (groupCount(examples) >= 2) {
        for (const auto &options : grid)
            chosen.gridBrier.push_back(leaveOneGroupOutBrier(examples, options));
        const auto best = std::min_element(chosen.gridBrier.begin(), chosen.gridBrier.end());
        chosen.options = grid[std::size_t(best - chosen.gridBrier.begin())];
    }
    chosen.model = std::make_shared<const EmbeddedModel>(
        EmbeddedModel::train(examples, chosen.options, &chosen.report));
    return chosen;
}

std::vector<CorpusFold> leaveOneTaskOut(const Corpus &corpus, std::span<const TrainingOptions> grid)
{
    if (corpus.tasks.size() < 2)
        throw ModelError("leave-one-task-out needs pairs from at least two tasks");
    const auto examples = trainingExamples(corpus.pairs);
    std::vector<CorpusFold> folds;
    for (const auto &task : corpus.tasks) {
        CorpusFold fold;
        fold.heldOutTask = task;
        std::vector<TrainingExample> training;
        std::vector<FeatureRow> heldOutRows;
        std::array<int, 8> counts{};
        for (std::size_t i = 0; i < examples.size(); ++i) {
            if (examples[i].group == task) {
                fold.pairs.push_back(i);
                heldOutRows.push_back(examples[i].features);
            } else {
                training.push_back(examples[i]);
                ++counts[std::size_t(examples[i].trueBin - 1)];
            }
        }
        for (std::size_t bin = 0; bin < counts.size(); ++bin)
            fold.trainingFrequencies[bin] = double(counts[bin]) / double(training.size());
        fold.majorityBin = int(std::max_element(counts.begin(), counts.end()) - counts.begin()) + 1;
        fold.chosen = trainWithChosenOptions(training, grid);
        const EmbeddedSurrogate surrogate(fold.chosen.model, "embedded", false);
        fold.forecasts = surrogate.forecastRows(heldOutRows);
        folds.push_back(std::move(fold));
    }
    return folds;
}

ChosenModel trainOnWholeCorpus(const Corpus &corpus, std::span<const TrainingOptions> grid)
{
    return trainWithChosenOptions(trainingExamples(corpus.pairs), grid);
}

Forecast majorityForecast(const CorpusFold &fold)
{
    Forecast forecast;
    forecast.probabilities[std::size_t(fold.majorityBin - 1)] = 1.0;
    forecast.predictedBin = fold.majorityBin;
    forecast.source = "majority";
    return forecast;
}

Forecast alwaysDeferForecast(const CorpusFold &fold)
{
    Forecast forecast;
    forecast.probabilities = fold.trainingFrequencies;
    forecast.predictedBin = fold.majorityBin;
    forecast.source = "always-defer";
    return forecast;
}

std::vector<HeldOutScores> heldOutScores(const Corpus &corpus, std::span<const CorpusFold> folds)
{
    std::vector<PredictionRow> predictions;
    for (const auto &fold : folds) {
        for (std::size_t k = 0; k < fold.pairs.size(); ++k) {
            const auto &pair = corpus.pairs[fold.pairs[k]];
            predictions.push_back(predictionRow(pair, "embedded", 0, fold.forecasts[k]));
            for (auto forecast : {majorityForecast(fold), alwaysDeferForecast(fold)}) {
                SurrogateResult result;
                const auto label = forecast.source;
                result.outcome = std::move(forecast);
                predictions.push_back(predictionRow(pair, label, 0, result));
            }
        }
    }
    std::vector<std::optional<std::string>> tasks(corpus.tasks.begin(), corpus.tasks.end());
    tasks.push_back(std::nullopt);
    std::vector<HeldOutScores> scores;
    for (const auto &task : tasks) {
        metrics::EvaluationOptions options;
        options.pack = task;
        Diagnostics diagnostics;
        for (const auto &evaluation : metrics::evaluateSurrogates(corpus.pairs, predictions, options, diagnostics)) {
            HeldOutScores score;
            score.surrogate = evaluation.label;
            score.task = task.value_or(std::string(kPooledTask));
            score.pairs = evaluation.calibration.total;
            score.accuracy = evaluation.calibration.accuracy;
            score.offByOne = evaluation.calibration.offByOne;
            score.brier = evaluation.calibration.meanBrier;
            score.ece = evaluation.calibration.ece;
            score.nll = evaluation.calibration.meanNll;
            score.aurc = rankedAurc(
                evaluation.selective.at({metrics::ConfidenceScore::MaxProb, metrics::Risk::BinaryMismatch}));
            scores.push_back(std::move(score));
        }
    }
    std::stable_sort(scores.begin(), scores.end(),
                     [](const HeldOutScores &a, const HeldOutScores &b) { return a.surrogate < b.surrogate; });
    return scores;
}

} // namespace kfx::surrogate
