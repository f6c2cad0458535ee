#include "corpusevaluation.h"

#include "embeddedsurrogate.h"
#include "metrics/calibrationreport.h"
#include "metrics/confidencescore.h"
#include "metrics/scoringrules.h"
#include "metrics/selectiveprediction.h"
#include "workspace/workspace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
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
double rankedAurc(std::span<const metrics::RiskCoveragePoint> curve)
{
    std::set<double> coverages;
    for (const auto &point : curve) {
        if (!std::isnan(point.risk))
            coverages.insert(point.coverage);
    }
    return coverages.size() < 2 ? std::numeric_limits<double>::quiet_NaN() : metrics::areaUnderRiskCoverage(curve);
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

namespace {

// Every pair's example, the scored pairs first (an example's index below corpus.pairs.size() is its pair's).
std::vector<TrainingExample> everyTrainingExample(const Corpus &corpus)
{
    auto examples = trainingExamples(corpus.pairs);
    auto trainingOnly = trainingExamples(corpus.trainingOnlyPairs);
    examples.insert(examples.end(), std::make_move_iterator(trainingOnly.begin()),
                    std::make_move_iterator(trainingOnly.end()));
    return examples;
}

// The parent-anchored forecaster of the edits of every task but `heldOutTask` (empty: of every task); none where
// they are too few.
std::shared_ptr<const ParentAnchoredForecaster>
parentAnchoredWithout(const CorpusEdits &edits, const std::string &heldOutTask, std::span<const TrainingOptions> grid)
{
    std::vector<ComparisonPair> training;
    for (const auto &edit : edits.edits) {
        if (edit.pack != heldOutTask)
            training.push_back(edit);
    }
    if (training.size() < EmbeddedModel::kMinimumExamples)
        return nullptr;
    return std::make_shared<const ParentAnchoredForecaster>(
        trainWithChosenOptions(trainingExamples(training), grid).model, EditShifts::of(training));
}

// The held-out pairs' parent-anchored forecasts.
std::vector<std::optional<Forecast>> parentAnchoredForecasts(const Corpus &corpus, const CorpusEdits &edits,
                                                             std::span<const std::optional<std::size_t>> editOfPair,
                                                             const CorpusFold &fold)
{
    if (!fold.parentAnchoredModel)
        return std::vector<std::optional<Forecast>>(fold.pairs.size());
    std::vector<std::optional<AnchoredEdit>> heldOut(fold.pairs.size());
    for (std::size_t k = 0; k < fold.pairs.size(); ++k) {
        if (const auto e = editOfPair[fold.pairs[k]])
            heldOut[k] = AnchoredEdit{queryForPair(edits.edits[*e]),
                                      corpus.pairs[*corpus.lineage[fold.pairs[k]].parent].speedup};
    }
    return fold.parentAnchoredModel->forecast(heldOut);
}

} // namespace

std::vector<CorpusFold> leaveOneTaskOut(const Corpus &corpus, std::span<const TrainingOptions> grid)
{
    if (corpus.tasks.size() < 2)
        throw ModelError("leave-one-task-out needs pairs from at least two tasks");
    const auto examples = everyTrainingExample(corpus);
    const auto edits = corpusParentEdits(corpus);
    std::vector<std::optional<std::size_t>> editOfPair(corpus.pairs.size());
    for (std::size_t e = 0; e < edits.children.size(); ++e)
        editOfPair[edits.children[e]] = e;
    std::vector<CorpusFold> folds;
    for (const auto &task : corpus.tasks) {
        CorpusFold fold;
        fold.heldOutTask = task;
        std::vector<TrainingExample> training;
        std::vector<FeatureRow> heldOutRows;
        std::vector<int> trainingBins;
        for (std::size_t i = 0; i < examples.size(); ++i) {
            const bool scored = i < corpus.pairs.size();
            if (examples[i].group != task) {
                training.push_back(examples[i]);
                // The baselines know what the searches measured, as before training-only pairs joined the model's.
                if (scored)
                    trainingBins.push_back(examples[i].trueBin);
            } else if (scored) {
                fold.pairs.push_back(i);
                heldOutRows.push_back(examples[i].features);
            }
        }
        fold.prior = BinPrior::of(trainingBins);
        fold.chosen = trainWithChosenOptions(training, grid);
        const EmbeddedSurrogate surrogate(fold.chosen.model, "embedded", false);
        fold.forecasts = surrogate.forecastRows(heldOutRows);
        fold.parentAnchoredModel = parentAnchoredWithout(edits, task, grid);
        fold.parentAnchored = parentAnchoredForecasts(corpus, edits, editOfPair, fold);
        folds.push_back(std::move(fold));
    }
    return folds;
}

ChosenModel trainOnWholeCorpus(const Corpus &corpus, std::span<const TrainingOptions> grid)
{
    return trainWithChosenOptions(everyTrainingExample(corpus), grid);
}

std::shared_ptr<const ParentAnchoredForecaster> parentAnchoredOnWholeCorpus(const Corpus &corpus,
                                                                            std::span<const TrainingOptions> grid)
{
    return parentAnchoredWithout(corpusParentEdits(corpus), {}, grid);
}

HeldOutScores scoreForecasts(std::string surrogate, std::string task, std::span<const JudgedForecast> judged)
{
    HeldOutScores score;
    score.surrogate = std::move(surrogate);
    score.task = std::move(task);
    std::vector<metrics::CalibrationDatum> ran;
    std::vector<metrics::SelectiveRow> all;
    for (const auto &row : judged) {
        // A failed kernel has bin 0, which no forecast declares: trusting it is always a mismatch.
        all.push_back({row.trueBin, 0.0, &row.forecast});
        if (row.trueBin == 0)
            ++score.failed;
        else
            ran.push_back({row.trueBin, &row.forecast});
    }
    score.pairs = int(ran.size());
    const auto calibration = metrics::evaluateCalibration(ran);
    score.accuracy = calibration.accuracy;
    score.offByOne = calibration.offByOne;
    score.brier = calibration.meanBrier;
    score.ece = calibration.ece;
    score.nll = calibration.meanNll;
    const auto confidence = metrics::ConfidenceScore::MaxProb;
    score.aurc = rankedAurc(metrics::riskCoverageCurve(all, confidence, metrics::Risk::BinaryMismatch));
    const double threshold = workspace::defaultGateThreshold(confidence);
    // std::vector<bool> is no span of bools.
    const auto trusted = std::make_unique<bool[]>(all.size());
    std::size_t trustedCount = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        trusted[i] = !judged[i].abstains
            && metrics::trusted(metrics::confidence(confidence, *all[i].forecast), threshold);
        trustedCount += trusted[i];
    }
    score.coverage = all.empty() ? 0.0 : double(trustedCount) / double(all.size());
    score.risk = metrics::selectiveRisk(all, std::span<const bool>(trusted.get(), all.size()),
                                        metrics::Risk::BinaryMismatch);
    return score;
}

void addJudged(JudgedForecasts &judged, const std::string &task, int trueBin, Forecast forecast)
{
    auto label = forecast.source;
    const bool abstains = label == kAlwaysDeferLabel;
    judged[label][task].push_back({trueBin, std::move(forecast), abstains});
}

std::vector<HeldOutScores> scoresByTask(const JudgedForecasts &judged)
{
    std::vector<HeldOutScores> scores;
    for (const auto &[surrogate, byTask] : judged) {
        std::vector<JudgedForecast> pooled;
        for (const auto &[task, rows] : byTask) {
            scores.push_back(scoreForecasts(surrogate, task, rows));
            pooled.insert(pooled.end(), rows.begin(), rows.end());
        }
        scores.push_back(scoreForecasts(surrogate, std::string(kPooledTask), pooled));
    }
    return scores;
}

JudgedForecasts leaveOneTaskOutForecasts(const Corpus &corpus, std::span<const CorpusFold> folds)
{
    std::vector<CodeShingles> shingles;
    for (const auto &pair : corpus.pairs)
        shingles.push_back(codeShingles(pair.candidateCode));
    // Whether pair `j` was measured in the search of pair `i`'s kept measurement before that measurement.
    const auto measuredBefore = [&](std::size_t j, std::size_t i) {
        const auto &pair = corpus.pairs[i];
        return std::any_of(
            corpus.measurements[j].begin(), corpus.measurements[j].end(),
            [&](const KernelMeasurement &m) { return m.file == pair.sourceSearch && m.line < pair.line; });
    };
    JudgedForecasts judged;
    for (const auto &fold : folds) {
        for (std::size_t k = 0; k < fold.pairs.size(); ++k) {
            const auto i = fold.pairs[k];
            const auto &pair = corpus.pairs[i];
            std::vector<const CodeShingles *> earlier;
            std::vector<std::size_t> earlierPairs;
            for (const auto j : fold.pairs) {
                if (j != i && measuredBefore(j, i)) {
                    earlier.push_back(&shingles[j]);
                    earlierPairs.push_back(j);
                }
            }
            const auto nearest = nearestKernel(shingles[i], earlier);
            const auto parent = corpus.lineage[i].parent;
            const auto add = [&](Forecast forecast) {
                addJudged(judged, fold.heldOutTask, pair.trueBin, std::move(forecast));
            };
            auto embedded = std::get<Forecast>(fold.forecasts[k].outcome);
            embedded.source = "embedded";
            auto anchored = fold.parentAnchored[k].value_or(embedded);
            anchored.source = kParentAnchoredLabel;
            add(std::move(embedded));
            add(std::move(anchored));
            add(majorityForecast(fold.prior));
            add(alwaysDeferForecast(fold.prior));
            add(parentBinForecast(parent ? std::optional(corpus.pairs[*parent].trueBin) : std::nullopt, fold.prior));
            add(nearestMeasuredForecast(
                nearest ? std::optional(corpus.pairs[earlierPairs[*nearest]].trueBin) : std::nullopt, fold.prior));
        }
    }
    return judged;
}

std::vector<HeldOutScores> heldOutScores(const Corpus &corpus, std::span<const CorpusFold> folds)
{
    return scoresByTask(leaveOneTaskOutForecasts(corpus, folds));
}

} // namespace kfx::surrogate
