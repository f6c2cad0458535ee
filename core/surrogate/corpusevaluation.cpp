#include "corpusevaluation.h"

#include "embeddedsurrogate.h"
#include "metrics/scoringrules.h"
#include "metrics/surrogateevaluation.h"
#include "predictionrows.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
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

// Forecasts for every example by a model that never saw its group: grouped cross-validation, one fold per group.
// The raw distributions are kept too, for an out-of-group calibration.
struct NestedForecasts {
    std::vector<BinProbabilities> calibrated;
    std::vector<BinProbabilities> raw;
    std::vector<int> trueBins;
    std::vector<std::string> groups;
};
NestedForecasts leaveOneGroupOut(std::span<const TrainingExample> examples, const TrainingOptions &options)
{
    std::set<std::string_view> groups;
    for (const auto &example : examples)
        groups.insert(example.group);
    NestedForecasts nested;
    for (const auto group : groups) {
        std::vector<TrainingExample> training;
        std::vector<FeatureRow> heldOut;
        for (const auto &example : examples) {
            if (example.group == group) {
                heldOut.push_back(example.features);
                nested.trueBins.push_back(example.trueBin);
                nested.groups.emplace_back(group);
            } else {
                training.push_back(example);
            }
        }
        const auto model = EmbeddedModel::train(training, options);
        for (const auto &raw : model.predict(heldOut, false)) {
            nested.raw.push_back(raw);
            nested.calibrated.push_back(model.calibrator().apply(raw));
        }
    }
    return nested;
}

// Mean halved Brier, the grid's score.
double meanBrier(std::span<const BinProbabilities> forecasts, std::span<const int> trueBins)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < forecasts.size(); ++i)
        sum += metrics::halfBrier(forecasts[i], trueBins[i]);
    return sum / double(forecasts.size());
}

// The calibration method for a model's unseen tasks, chosen on nested forecasts alone: each method is fitted on
// every group's forecasts but one and scored by the NLL of that group's (leave-one-group-out again, so a method
// is not chosen for fitting its own rows), then the winner (the first among equals, None first) is fitted on all.
ProbabilityCalibrator outOfGroupCalibrator(const NestedForecasts &nested)
{
    using Method = ProbabilityCalibrator::Method;
    const std::set<std::string> groups(nested.groups.begin(), nested.groups.end());
    Method best = Method::None;
    double bestNll = std::numeric_limits<double>::infinity();
    for (const auto method : {Method::None, Method::Temperature, Method::Isotonic, Method::Histogram}) {
        double sum = 0.0;
        for (const auto &group : groups) {
            std::vector<BinProbabilities> fitP, checkP;
            std::vector<int> fitBins, checkBins;
            for (std::size_t i = 0; i < nested.raw.size(); ++i) {
                auto &p = nested.groups[i] == group ? checkP : fitP;
                auto &bins = nested.groups[i] == group ? checkBins : fitBins;
                p.push_back(nested.raw[i]);
                bins.push_back(nested.trueBins[i]);
            }
            sum += ProbabilityCalibrator::fit(method, fitP, fitBins).meanNll(checkP, checkBins) * double(checkP.size());
        }
        const double nll = sum / double(nested.raw.size());
        if (nll < bestNll) {
            bestNll = nll;
            best = method;
        }
    }
    return ProbabilityCalibrator::fit(best, nested.raw, nested.trueBins);
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
    std::optional<NestedForecasts> chosenNested;
    if (groupCount(examples) >= 2) {
        for (const auto &options : grid) {
            auto nested = leaveOneGroupOut(examples, options);
            chosen.gridBrier.push_back(meanBrier(nested.calibrated, nested.trueBins));
            if (chosen.gridBrier.size() == 1
                || chosen.gridBrier.back() < *std::min_element(chosen.gridBrier.begin(), chosen.gridBrier.end() - 1)) {
                chosen.options = options;
                chosenNested = std::move(nested);
            }
        }
    }
    auto model = EmbeddedModel::train(examples, chosen.options, &chosen.report);
    if (chosenNested) {
        model.recalibrate(outOfGroupCalibrator(*chosenNested));
        chosen.calibrationGroups = std::set<std::string>(chosenNested->groups.begin(), chosenNested->groups.end());
    }
    chosen.model = std::make_shared<const EmbeddedModel>(std::move(model));
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
