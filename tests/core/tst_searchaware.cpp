// The search-aware forecaster (issue 25): the parent's measurement moved by what the search's edits did, the
// nearest measured kernels, the failure rate, and weights that follow the search's own evidence.
#include "io/fileloader.h"
#include "metrics/confidencescore.h"
#include "model/speedupbin.h"
#include "surrogate/baselines.h"
#include "surrogate/corpusevaluation.h"
#include "surrogate/embeddedmodel.h"
#include "surrogate/prequential.h"
#include "surrogate/searchawareforecaster.h"
#include "surrogate/searchbaselines.h"
#include "surrogate/searchevidence.h"

#include <QTest>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "testmain.h"

namespace tst_searchaware {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

BinPrior flatPrior()
{
    const std::vector<int> bins{1, 2, 3, 4, 5, 6, 7, 8};
    return BinPrior::of(bins);
}

Forecast sureOf(int bin)
{
    Forecast forecast;
    forecast.probabilities[std::size_t(bin - 1)] = 1.0;
    forecast.predictedBin = bin;
    return forecast;
}

// A kernel's code whose token bigrams are its own, sharing `shared` of them with every other such kernel.
CodeShingles distinctCode(int kernel, int shared = 0)
{
    std::string code;
    for (int i = 0; i < shared; ++i)
        code += "common" + std::to_string(i) + " ";
    for (int i = 0; i < 20; ++i)
        code += "k" + std::to_string(kernel) + "_" + std::to_string(i) + " ";
    return codeShingles(code);
}

// A kernel of its own (every token but the edited ones is `kernel`'s), with a block-size knob and, where
// `barrier`, a barrier between two of its statements.
CodeShingles kernelWithBarrier(int kernel, bool barrier, int block)
{
    std::string code = "const int BLOCK = " + std::to_string(block) + " ; ";
    for (int i = 0; i < 20; ++i) {
        code += "k" + std::to_string(kernel) + "_" + std::to_string(i) + " ; ";
        if (barrier && i == 9)
            code += "__syncthreads ( ) ; ";
    }
    return codeShingles(code);
}

// A component's weight in the forecast's bins given a run.
double weightOf(const SearchAwareForecast &forecast, SearchAwareComponent component)
{
    return forecast.weights.speed[std::size_t(component)];
}

} // namespace

class TestSearchAware : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Before the search has measured anything the components weigh what the fit on other searches gave them
    // (searchawaremixing.h): whether a kernel runs, the edits almost alone; its bin, the neighbours and the edits
    // first, the prior least. With every component starting equal, the model's bin leads.
    void aFreshSearchStartsFromTheFittedWeights()
    {
        const auto model = sureOf(6);
        const auto fitted = SearchAwareForecaster(flatPrior()).forecast(distinctCode(1), std::nullopt, &model);
        QCOMPARE(fitted.weights.failure, ComponentWeights(kFittedMixing.failure).shares());
        QCOMPARE(fitted.weights.speed, ComponentWeights(kFittedMixing.speed).shares());
        QVERIFY(fitted.weights.failure[std::size_t(SearchAwareComponent::Edits)] > 0.9);
        QVERIFY(weightOf(fitted, SearchAwareComponent::Neighbours) + weightOf(fitted, SearchAwareComponent::Edits)
                > 0.8);
        QVERIFY(weightOf(fitted, SearchAwareComponent::Prior) < 0.001);
        // Its failure probability is the mixed one, calibrated as fitted.
        const auto mixed = mixedForecast(fitted.components, fitted.weights, {}).failureProbability;
        QCOMPARE(fitted.forecast.failureProbability, kFittedMixing.calibration.calibrated(mixed));
        QVERIFY(fitted.forecast.failureProbability != mixed);

        const SearchAwareForecaster equal(flatPrior(), FactoredMixing{});
        const auto forecast = equal.forecast(distinctCode(1), std::nullopt, &model);
        for (const auto &shares : {forecast.weights.failure, forecast.weights.speed}) {
            for (const auto weight : shares)
                QCOMPARE(weight, 1.0 / double(kSearchAwareComponents));
        }
        QCOMPARE(forecast.forecast.predictedBin, 6);
        QCOMPARE(forecast.forecast.source, std::string(kSearchAwareLabel));
        // A quarter of kernels fail before any is seen (1 in 1 + 3 pseudo-counts).
        QCOMPARE(forecast.forecast.failureProbability, 0.25);
        QVERIFY(forecast.nearest.empty());
    }

    // A search ranks by the ranking mixture's expected bin less the novelty penalty: a twin of a measured kernel loses
    // the penalty whole, a kernel half like it half of that, one unlike anything measured nothing. The penalty fades
    // as the search remembers kernels, to nothing after kRankingNoveltyHorizon.
    void theRankingPenalisesLikenessToAMeasuredKernel()
    {
        QCOMPARE(rankingNoveltyPenalty(0), kRankingNoveltyPenalty);
        QCOMPARE(rankingNoveltyPenalty(32), kRankingNoveltyPenalty / 2.0);
        QCOMPARE(rankingNoveltyPenalty(64), 0.0);
        QCOMPARE(rankingNoveltyPenalty(1000), 0.0);

        SearchAwareForecaster forecaster(flatPrior());
        forecaster.remember(0, distinctCode(1, 20), std::nullopt, 5);
        const auto model = sureOf(6);
        for (const auto &code : {distinctCode(1, 20), distinctCode(2, 20), distinctCode(3, 0)}) {
            const auto forecast = forecaster.forecast(code, std::nullopt, &model);
            const double similarity = forecast.nearest.empty() ? 0.0 : forecast.nearest.front().similarity;
            const double expectedBin =
                mixedForecast(forecast.rankingComponents, ComponentWeights(kRankingMixing).shares()).expectedBinIndex();
            QCOMPARE(forecast.selectionScore, expectedBin - rankingNoveltyPenalty(1) * similarity);
            QCOMPARE(forecast.forecast.selectionScore.value(), forecast.selectionScore);
        }
        QCOMPARE(forecaster.forecast(distinctCode(1, 20), std::nullopt, &model).nearest.front().similarity, 1.0);
        const auto half = forecaster.forecast(distinctCode(2, 20), std::nullopt, &model).nearest.front().similarity;
        QVERIFY(half > 0.2 && half < 0.8);
    }

    // Fitted on a search whose edits component was always right and whose model never was, the mixing starts the
    // edits component with nearly all the weight in both parts; mixing the components again with it gives, step by
    // step, the forecasts its weights make.
    void theMixingIsFittedToWhatForecastWell()
    {
        const auto outcomes = [](int right) {
            ComponentOutcomes components{};
            for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
                components[c].fill(0.1 / double(kOutcomeCount - 1));
            components[std::size_t(SearchAwareComponent::Model)][std::size_t(right % 8 + 1)] += 0.9;
            components[std::size_t(SearchAwareComponent::Edits)][std::size_t(right)] += 0.9;
            for (const auto c :
                 {SearchAwareComponent::Parent, SearchAwareComponent::Neighbours, SearchAwareComponent::Prior})
                components[std::size_t(c)].fill(1.0 / double(kOutcomeCount));
            return components;
        };
        JudgedWalk walk;
        for (int k = 0; k < 40; ++k) {
            const int outcome = k % 5 == 0 ? kFailureBin : 1 + k % 8;
            walk.push_back({k / 2, outcomes(outcome), outcome});
        }
        const JudgedWalk *walks[] = {&walk};
        const auto mixing = fitFactoredMixing(walks);
        for (const auto &part : {mixing.failure, mixing.speed}) {
            const auto &start = part.initialLogWeights;
            QVERIFY(std::max_element(start.begin(), start.end()) - start.begin()
                    == std::ptrdiff_t(SearchAwareComponent::Edits));
            QVERIFY(ComponentWeights(part).shares()[std::size_t(SearchAwareComponent::Edits)] > 0.9);
        }
        // The edits were always right, so their mixed failure probability (0.91 for a kernel that failed, 0.01 for
        // one that ran) is sharpened.
        QVERIFY(mixing.calibration.slope > 1.0);
        QVERIFY(mixing.calibration.calibrated(0.9) > 0.9 && mixing.calibration.calibrated(0.05) < 0.05);
        auto uncalibrated = mixing;
        uncalibrated.calibration = {};
        QVERIFY(mixingLogLikelihood(walks, mixing) > mixingLogLikelihood(walks, uncalibrated));
        QVERIFY(mixingLogLikelihood(walks, uncalibrated) > mixingLogLikelihood(walks, FactoredMixing{}));

        const auto remixed = remixedForecasts(walk, mixing);
        QCOMPARE(remixed.size(), walk.size());
        FactoredWeights weights(mixing);
        for (std::size_t k = 0; k < walk.size(); ++k) {
            const auto expected = mixedForecast(walk[k].components, weights.shares(), mixing.calibration);
            QCOMPARE(remixed[k].probabilities, expected.probabilities);
            QCOMPARE(remixed[k].failureProbability, expected.failureProbability);
            // Both forecasts of a step are mixed before either is judged.
            if (k % 2 == 1) {
                weights.judge(walk[k - 1].components, walk[k - 1].outcome);
                weights.judge(walk[k].components, walk[k].outcome);
            }
        }
    }

    // A model that keeps forecasting bin 8 for kernels that measure bin 4 loses its weight to the parent, whose
    // edits in this search keep their bin: the prior loses its hold as the task's own measurements arrive.
    void aModelWrongForTheTaskLosesItsWeight()
    {
        SearchAwareForecaster forecaster(flatPrior());
        const auto model = sureOf(8);
        forecaster.remember(0, distinctCode(0), std::nullopt, 4);
        for (int kernel = 1; kernel <= 20; ++kernel) {
            const auto forecast = forecaster.forecast(distinctCode(kernel), MeasuredParent{4}, &model);
            forecaster.judge(forecast, 4);
            forecaster.remember(std::size_t(kernel), distinctCode(kernel), MeasuredParent{4}, 4);
        }
        const auto forecast = forecaster.forecast(distinctCode(99), MeasuredParent{4}, &model);
        QVERIFY2(weightOf(forecast, SearchAwareComponent::Model) < 0.01,
                 qPrintable(QString::number(weightOf(forecast, SearchAwareComponent::Model))));
        // Without the parents' code the edits component is the parent's, and the two hold most of what the model
        // lost; the neighbours, which share no code with any kernel here, forecast the prior and keep a little.
        QVERIFY(weightOf(forecast, SearchAwareComponent::Parent) + weightOf(forecast, SearchAwareComponent::Edits)
                > 0.85);
        QCOMPARE(forecast.forecast.predictedBin, 4);
        QVERIFY(forecast.forecast.probabilityOf(4) > 0.8);
        QVERIFY(forecast.forecast.reasoning.find("The parent measured bin 4.") != std::string::npos);
    }

    // A near twin of kernels that failed is forecast to fail, and the gate does not trust it however sure its
    // bins are: the chance its declared bin is right is what the failure leaves.
    void aTwinOfFailedKernelsIsNotTrusted()
    {
        SearchAwareForecaster forecaster(flatPrior());
        for (int kernel = 0; kernel < 4; ++kernel)
            forecaster.remember(std::size_t(kernel), distinctCode(7, 0), std::nullopt, kFailureBin);
        const auto model = sureOf(5);
        const auto forecast = forecaster.forecast(distinctCode(7, 0), std::nullopt, &model);
        QVERIFY2(forecast.forecast.failureProbability > 0.5,
                 qPrintable(QString::number(forecast.forecast.failureProbability)));
        QCOMPARE(forecast.nearest.size(), std::size_t(3));
        QCOMPARE(forecast.nearest.front().similarity, 1.0);
        QCOMPARE(forecast.nearest.front().outcome, kFailureBin);
        const double confidence = metrics::confidence(metrics::ConfidenceScore::MaxProb, forecast.forecast);
        QVERIFY(confidence < 0.5);
        QVERIFY(forecast.forecast.reasoning.find("failed") != std::string::npos);
    }

    // Dropping a barrier failed three times, from three parents; the same edit of a fourth parent, whose code
    // shares nothing else with them, is forecast to fail and is not trusted, and the rationale says why. A knob
    // change that made its parents one bin faster is forecast to do so again and to run.
    void anEditThatFailedElsewhereIsForecastToFail()
    {
        SearchAwareForecaster forecaster(flatPrior());
        std::vector<CodeShingles> parents;
        for (int kernel = 0; kernel < 7; ++kernel)
            parents.push_back(kernelWithBarrier(kernel, true, 256));
        std::size_t id = 0;
        for (int kernel = 0; kernel < 6; ++kernel)
            forecaster.remember(id++, parents[std::size_t(kernel)], std::nullopt, 4);
        for (int kernel = 0; kernel < 3; ++kernel)
            forecaster.remember(id++, kernelWithBarrier(kernel, false, 256),
                                MeasuredParent{4, &parents[std::size_t(kernel)]}, kFailureBin);
        for (int kernel = 3; kernel < 6; ++kernel)
            forecaster.remember(id++, kernelWithBarrier(kernel, true, 512),
                                MeasuredParent{4, &parents[std::size_t(kernel)]}, 5);

        const auto model = sureOf(4);
        const MeasuredParent parent{4, &parents[6]};
        const auto dropped = forecaster.forecast(kernelWithBarrier(6, false, 256), parent, &model);
        const auto &edits = dropped.components[std::size_t(SearchAwareComponent::Edits)];
        QVERIFY2(edits[kFailureBin] > 0.7, qPrintable(QString::number(edits[kFailureBin])));
        QVERIFY(dropped.forecast.failureProbability
                > forecaster.forecast(kernelWithBarrier(6, false, 256), MeasuredParent{4}, &model)
                      .forecast.failureProbability);
        QCOMPARE(dropped.similarEdits.count, 3); // the fourth kept, a knob change, is not alike enough to name
        QCOMPARE(dropped.similarEdits.failed, 3);
        QCOMPARE(dropped.similarEdits.mostAlike, 1.0);
        QVERIFY2(dropped.forecast.reasoning.find("Similar earlier edits: 3 of 3 failed (the closest 100 % alike).")
                     != std::string::npos,
                 dropped.forecast.reasoning.c_str());

        // The knob change is no barrier drop: only the three knob changes are alike enough to be named.
        const auto faster = forecaster.forecast(kernelWithBarrier(6, true, 512), parent, &model);
        QCOMPARE(faster.similarEdits.count, 3);
        QCOMPARE(faster.similarEdits.failed, 0);
        const auto &knob = faster.components[std::size_t(SearchAwareComponent::Edits)];
        QVERIFY2(knob[kFailureBin] < 0.2, qPrintable(QString::number(knob[kFailureBin])));
        QCOMPARE(std::size_t(std::max_element(knob.begin(), knob.end()) - knob.begin()), std::size_t(5));
        QVERIFY(faster.forecast.failureProbability < dropped.forecast.failureProbability);
    }

    // An edit carries its speedup ratio, not its bin change: a knob change that took a parent near the top of bin 5
    // (1.9x) 11 % faster, into bin 6 (2.1x), keeps a parent near the bottom of bin 5 (1.45x, to 1.6x) in bin 5.
    // Where a speedup is unknown, the bin change is all there is.
    void anEditCarriesItsSpeedupRatioNotItsBinChange()
    {
        SearchAwareForecaster forecaster(flatPrior());
        const auto first = kernelWithBarrier(0, true, 256);
        const auto second = kernelWithBarrier(1, true, 256);
        forecaster.remember(0, first, std::nullopt, speedupBinFor(1.9), 1.9);
        forecaster.remember(1, second, std::nullopt, speedupBinFor(1.45), 1.45);
        forecaster.remember(2, kernelWithBarrier(0, true, 512), MeasuredParent{5, &first, 1.9}, speedupBinFor(2.1),
                            2.1);
        QCOMPARE(speedupBinFor(1.9), 5);
        QCOMPARE(speedupBinFor(1.45), 5);
        QCOMPARE(speedupBinFor(2.1), 6);

        const auto edit = kernelWithBarrier(1, true, 512);
        const auto byRatio = forecaster.forecast(edit, MeasuredParent{5, &second, 1.45}, nullptr)
                                 .components[std::size_t(SearchAwareComponent::Edits)];
        QVERIFY2(byRatio[5] > 0.6, qPrintable(QString::number(byRatio[5])));
        const auto byBins = forecaster.forecast(edit, MeasuredParent{5, &second}, nullptr)
                                .components[std::size_t(SearchAwareComponent::Edits)];
        QVERIFY2(byBins[6] > 0.6, qPrintable(QString::number(byBins[6])));
    }

    // The parent-anchored forecast of an edit becomes the parent component of the forecast the gate reads, and the
    // edits component's prior; the score a search ranks by keeps the parent's bin moved by the search's edits, mixed
    // by the ranking's own weights. A failed parent has no speedup to anchor on.
    void theRankingKeepsTheParentsBinWhereTheForecastIsAnchored()
    {
        SearchAwareForecaster forecaster(flatPrior());
        const auto parent = kernelWithBarrier(0, true, 256);
        forecaster.remember(0, parent, std::nullopt, 4);
        forecaster.remember(1, kernelWithBarrier(0, true, 512), MeasuredParent{4, &parent}, 5);
        const auto model = sureOf(4);
        const auto anchored = sureOf(7);
        const auto child = kernelWithBarrier(0, true, 1024);
        const auto plain = forecaster.forecast(child, MeasuredParent{4, &parent}, &model);
        const auto withAnchor = forecaster.forecast(child, MeasuredParent{4, &parent}, &model, &anchored);

        QCOMPARE(withAnchor.selectionScore, plain.selectionScore);
        QCOMPARE(withAnchor.forecast.selectionScore, std::optional(withAnchor.selectionScore));
        QCOMPARE(withAnchor.rankingComponents, plain.components);
        QCOMPARE(plain.rankingComponents, plain.components);
        QCOMPARE(plain.selectionScore,
                 mixedForecast(plain.components, ComponentWeights(kRankingMixing).shares()).expectedBinIndex()
                     - rankingNoveltyPenalty(forecaster.remembered()) * plain.nearest.front().similarity);
        const auto &anchoredParent = withAnchor.components[std::size_t(SearchAwareComponent::Parent)];
        QCOMPARE(std::size_t(std::max_element(anchoredParent.begin(), anchoredParent.end()) - anchoredParent.begin()),
                 std::size_t(7));
        QVERIFY(withAnchor.forecast.probabilityOf(7) > plain.forecast.probabilityOf(7));
        QVERIFY(withAnchor.forecast.reasoning.find("would take it to bin 7") != std::string::npos);

        const auto failedParent = forecaster.forecast(child, MeasuredParent{kFailureBin, &parent}, &model, &anchored);
        QCOMPARE(failedParent.components, failedParent.rankingComponents);
        QVERIFY(failedParent.forecast.reasoning.find("would take it") == std::string::npos);

        // Each mixture learns from its own components: a wrong anchor costs the forecast's parent component weight,
        // not the ranking's.
        auto judged = forecaster;
        judged.judge(withAnchor, 4);
        const auto next = judged.forecast(child, MeasuredParent{4, &parent}, &model, &anchored);
        QVERIFY(weightOf(next, SearchAwareComponent::Parent) < weightOf(withAnchor, SearchAwareComponent::Parent));
        auto rankingOnly = forecaster;
        rankingOnly.judge(plain, 4);
        QCOMPARE(next.selectionScore,
                 rankingOnly.forecast(child, MeasuredParent{4, &parent}, &model, &anchored).selectionScore);
    }

    // Without the parent's code there is no edit to compare: the edits component says what the parent's does.
    void withoutTheParentsCodeTheEditsComponentIsTheParents()
    {
        SearchAwareForecaster forecaster(flatPrior());
        const auto parent = kernelWithBarrier(0, true, 256);
        forecaster.remember(0, parent, std::nullopt, 4);
        forecaster.remember(1, kernelWithBarrier(0, false, 256), MeasuredParent{4, &parent}, kFailureBin);
        const auto forecast = forecaster.forecast(kernelWithBarrier(1, false, 256), MeasuredParent{4}, nullptr);
        QCOMPARE(forecast.components[std::size_t(SearchAwareComponent::Edits)],
                 forecast.components[std::size_t(SearchAwareComponent::Parent)]);
        QCOMPARE(forecast.similarEdits.count, 0);
    }

    // The nearest measured kernels are named most similar first; a kernel sharing nothing is no neighbour's
    // weight, whatever its bin.
    void neighboursAreTheMostSimilarFirst()
    {
        SearchAwareForecaster forecaster(flatPrior());
        forecaster.remember(10, distinctCode(1, 30), std::nullopt, 2);
        forecaster.remember(11, distinctCode(2, 5), std::nullopt, 7);
        forecaster.remember(12, distinctCode(3, 0), std::nullopt, 8);
        const auto forecast = forecaster.forecast(distinctCode(4, 30), std::nullopt, nullptr);
        QCOMPARE(forecast.nearest.size(), std::size_t(3));
        QCOMPARE(forecast.nearest[0].kernel, std::size_t(10));
        QCOMPARE(forecast.nearest[1].kernel, std::size_t(11));
        QCOMPARE(forecast.nearest[2].similarity, 0.0);
        const auto &neighbours = forecast.components[std::size_t(SearchAwareComponent::Neighbours)];
        QVERIFY(neighbours[2] > neighbours[7]);
        QVERIFY(neighbours[7] > 0.0);
    }

    // The window's Calibration baselines (issue 24) on a real H100 search (a baseline search: four steps, every
    // candidate measured): each kernel's four forecasts are the same whether the log goes on after its step or
    // stops there, so none of them saw a later measurement; and the parent-bin baseline is the parent's measured
    // bin wherever the parent ran at an earlier step.
    void inSearchBaselinesSeeOnlyEarlierSteps()
    {
        const std::string path = KFX_TEST_DATA_DIR "/corpus/rms_norm-baseline.jsonl";
        const auto whole = loadFile(path).population;
        QVERIFY(whole);
        const auto measuredNodes = [](const Population &population) {
            std::vector<std::size_t> nodes;
            for (std::size_t i = 0; i < population.size(); ++i) {
                const auto &evaluation = population.node(i).evaluation;
                if (evaluation && evaluation->judgedBin())
                    nodes.push_back(i);
            }
            return nodes;
        };
        const auto wholeNodes = measuredNodes(*whole);
        const auto baselines = inSearchBaselines(*whole, wholeNodes);
        QCOMPARE(baselines.size(), wholeNodes.size());

        int parentsMeasured = 0;
        for (const auto &[index, forecasts] : baselines) {
            QCOMPARE(forecasts.size(), std::size_t(4));
            QCOMPARE(forecasts[0].source, std::string(kMajoritySoFarLabel));
            QCOMPARE(forecasts[3].source, std::string(kNearestSoFarLabel));
            const auto &node = whole->node(index);
            if (node.parent == kNoNode || whole->node(node.parent).step >= node.step)
                continue;
            const auto parentBin = whole->node(node.parent).evaluation
                ? whole->node(node.parent).evaluation->judgedBin()
                : std::nullopt;
            if (!parentBin || *parentBin == kFailureBin)
                continue;
            ++parentsMeasured;
            const auto &parentForecast = forecasts[2];
            QVERIFY(parentForecast.probabilities[std::size_t(*parentBin - 1)] >= kMeasuredBinWeight);
        }
        QVERIFY2(parentsMeasured >= 10, qPrintable(QString::number(parentsMeasured)));

        // The log cut where its last step starts: the steps it keeps are whole, and every kernel of them is asked.
        std::ifstream in(path);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        std::size_t lastStepStart = 0;
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (lines[i].find("step_started") != std::string::npos)
                lastStepStart = i;
        std::string cutText;
        for (std::size_t i = 0; i < lastStepStart; ++i)
            cutText += lines[i] + '\n';
        const auto cut = loadText(cutText, "cut").population;
        QVERIFY(cut);
        const auto asked = measuredNodes(*cut);
        QVERIFY2(asked.size() > 10 && asked.size() < wholeNodes.size(), qPrintable(QString::number(asked.size())));
        for (const auto &[index, forecasts] : inSearchBaselines(*cut, asked)) {
            const auto inWhole = whole->find(cut->node(index).id);
            QVERIFY(inWhole);
            const auto &expected = baselines.at(*inWhole);
            for (std::size_t b = 0; b < forecasts.size(); ++b)
                QVERIFY2(forecasts[b].probabilities == expected[b].probabilities,
                         qPrintable(QString::fromStdString(cut->node(index).id + " " + forecasts[b].source)));
        }
    }

    // The forecast panel's Evidence tab: on a real H100 log, each measured kernel's evidence is its measured
    // parent and the three most similar kernels measured at earlier steps, the most similar first.
    void evidenceIsTheMeasuredParentAndTheNearestEarlierKernels()
    {
        const auto population = loadFile(KFX_TEST_DATA_DIR "/corpus/rms_norm-baseline.jsonl").population;
        QVERIFY(population);
        const auto measured = [&](std::size_t index) {
            const auto &evaluation = population->node(index).evaluation;
            return evaluation && evaluation->judgedBin().has_value();
        };
        int withParent = 0;
        int withNeighbours = 0;
        for (std::size_t index = 0; index < population->size(); ++index) {
            const auto &node = population->node(index);
            const auto evidence = searchEvidence(*population, index);
            const bool parentMeasured = node.parent != kNoNode && population->node(node.parent).step < node.step
                && measured(node.parent);
            QCOMPARE(evidence.parent.has_value(), parentMeasured);
            withParent += parentMeasured ? 1 : 0;
            std::vector<double> earlier; // every candidate's similarity, the slow way
            const auto code = codeShingles(node.code);
            for (std::size_t other = 0; other < population->size(); ++other) {
                if (population->node(other).step < node.step && measured(other))
                    earlier.push_back(jaccardSimilarity(code, codeShingles(population->node(other).code)));
            }
            std::sort(earlier.rbegin(), earlier.rend());
            QCOMPARE(evidence.nearest.size(), std::min<std::size_t>(3, earlier.size()));
            for (std::size_t rank = 0; rank < evidence.nearest.size(); ++rank) {
                const auto &neighbour = evidence.nearest[rank];
                QVERIFY(population->node(neighbour.node).step < node.step && measured(neighbour.node));
                QCOMPARE(neighbour.similarity, earlier[rank]);
            }
            withNeighbours += evidence.nearest.size() == 3 ? 1 : 0;
        }
        QVERIFY2(withParent >= 10 && withNeighbours >= 10,
                 qPrintable(QStringLiteral("%1 %2").arg(withParent).arg(withNeighbours)));
    }
};

KFX_TEST_GUILESS_MAIN(TestSearchAware)

} // namespace
} // namespace tst_searchaware

#include "tst_searchaware.moc"
