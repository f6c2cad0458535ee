// Metrics against every vector of spec §2.7, to 1e-12 relative, plus hand-worked cases and a property: the
// one-sweep risk–coverage curve equals the risk evaluated afresh at each threshold.

#include "metrics/calibrationreport.h"
#include "metrics/exactsum.h"
#include "metrics/scoringrules.h"
#include "metrics/selectiveprediction.h"
#include "metrics/surprise.h"
#include "metrics/surrogateevaluation.h"
#include "metrics/topkrecovery.h"
#include "model/speedupbin.h"
#include "testforecasts.h"
#include "testutils.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <random>

#include "testmain.h"

Q_DECLARE_METATYPE(kfx::BinProbabilities)

namespace tst_metrics {
namespace {

using namespace kfx;
using namespace kfx::metrics;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool close(double actual, double expected)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::abs(actual - expected) <= 1e-12 * std::max(1.0, std::abs(expected));
}

#define KFX_COMPARE_NEAR(actual, expected)                                                                             \
    QVERIFY2(close((actual), (expected)),                                                                              \
             qPrintable(QStringLiteral("%1 is %2, expected %3")                                                        \
                            .arg(QStringLiteral(#actual))                                                              \
                            .arg((actual), 0, 'g', 17)                                                                 \
                            .arg((expected), 0, 'g', 17)))

BinProbabilities oneHot(int bin)
{
    BinProbabilities p{};
    p[bin - 1] = 1.0;
    return p;
}

Forecast withProbabilities(const BinProbabilities &p, int predicted)
{
    Forecast forecast;
    forecast.probabilities = p;
    forecast.predictedBin = predicted;
    return forecast;
}

const BinProbabilities kA{0, 0, .05, .1, .6, .2, .05, 0};
const BinProbabilities kB{.1, .05, .05, .10, .30, .20, .15, .05};

// Spec §2.7's six-row example.
struct SixRows {
    std::vector<Forecast> forecasts{peaked(1, .7), peaked(4, .4), peaked(4, .5), peaked(5, .3), peaked(7, .6)};
    std::vector<SelectiveRow> rows;
    SixRows()
    {
        const double speedups[] = {0.3, 0.8, 1.2, 1.7, 2.5, 5.0};
        for (int i = 0; i < 6; ++i)
            rows.push_back({speedupBinFor(speedups[i]), speedups[i], i < 5 ? &forecasts[std::size_t(i)] : nullptr});
    }
    std::vector<CalibrationDatum> calibration() const
    {
        std::vector<CalibrationDatum> data;
        for (const auto &row : rows)
            data.push_back({row.trueBin, row.forecast});
        return data;
    }
};

} // namespace

class TestMetrics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // −log2 of the mass on the measured bin; kA gives bin 5 0.6, bin 4 0.1, bin 3 and 7 0.05 and bin 1 nothing.
    void surpriseIsTheInformationOfTheMeasuredBin()
    {
        const auto forecast = withProbabilities(kA, 5);
        QVERIFY(qFuzzyCompare(metrics::surpriseBits(forecast, 5), std::log(1.0 / 0.6) / std::log(2.0)));
        QVERIFY(qFuzzyCompare(metrics::surpriseBits(forecast, 4), std::log(10.0) / std::log(2.0)));
        // Nothing on the measured bin: the floor's surprise, finite.
        QVERIFY(qFuzzyCompare(metrics::surpriseBits(forecast, 1), 6.0 * std::log(10.0) / std::log(2.0)));
        QVERIFY(!metrics::isSurprising(forecast, 4));
        QVERIFY(!metrics::isSurprising(forecast, 3)); // exactly 5 % is not below 5 %
        QVERIFY(metrics::isSurprising(forecast, 1));
        QVERIFY(metrics::isSurprising(withProbabilities(kB, 5), 3) == false);
        QVERIFY(metrics::isSurprising(withProbabilities({0.96, 0.04, 0, 0, 0, 0, 0, 0}, 1), 2));
    }

    void scoringRules_data()
    {
        QTest::addColumn<BinProbabilities>("p");
        QTest::addColumn<int>("trueBin");
        QTest::addColumn<double>("brier");
        QTest::addColumn<double>("crps");
        QTest::addColumn<double>("nll");
        const auto uniform = uniformDistribution();
        QTest::newRow("one-hot 6 vs 5") << oneHot(6) << 5 << 1.0 << 0.14285714285714285 << 27.631021115928547;
        QTest::newRow("one-hot 1 vs 5") << oneHot(1) << 5 << 1.0 << 0.5714285714285714 << 27.631021115928547;
        QTest::newRow("one-hot 1 vs 8") << oneHot(1) << 8 << 1.0 << 1.0 << 27.631021115928547;
        QTest::newRow("one-hot 3 vs 3") << oneHot(3) << 3 << 0.0 << 0.0 << 0.0;
        QTest::newRow("uniform vs 1") << uniform << 1 << 0.4375 << 0.3125 << 2.0794415416798357;
        QTest::newRow("uniform vs 8") << uniform << 8 << 0.4375 << 0.3125 << 2.0794415416798357;
        QTest::newRow("uniform vs 4") << uniform << 4 << 0.4375 << 0.09821428571428571 << 2.0794415416798357;
        QTest::newRow("uniform vs 5") << uniform << 5 << 0.4375 << 0.09821428571428571 << 2.0794415416798357;
        QTest::newRow("A vs 5") << kA << 5 << 0.10750000000000003 << 0.012857142857142859 << 0.5108256237659907;
        QTest::newRow("A vs 6") << kA << 6 << 0.5075000000000001 << 0.0842857142857143 << 1.6094379124341003;
        QTest::newRow("A vs 2") << kA << 2 << 0.7075 << 0.3842857142857143 << 27.631021115928547;
        QTest::newRow("B vs 7") << kB << 7 << 0.43999999999999995 << 0.16642857142857145 << 1.8971199848858813;
    }
    void scoringRules()
    {
        QFETCH(BinProbabilities, p);
        QFETCH(int, trueBin);
        QFETCH(double, brier);
        QFETCH(double, crps);
        QFETCH(double, nll);
        KFX_COMPARE_NEAR(halfBrier(p, trueBin), brier);
        KFX_COMPARE_NEAR(metrics::crps(p, trueBin), crps);
        KFX_COMPARE_NEAR(negativeLogLikelihood(p, trueBin), nll);
        KFX_COMPARE_NEAR(unhalvedBrier(p, trueBin), 2.0 * brier);
    }

    void scoringRuleProperties()
    {
        double uniformCrps = 0.0;
        for (int k = 1; k <= 7; ++k)
            uniformCrps += (1.0 - k / 8.0) * (1.0 - k / 8.0);
        KFX_COMPARE_NEAR(crps(uniformDistribution(), 1), uniformCrps / 7);
        QCOMPARE(halfBrier(oneHot(5), 4), halfBrier(oneHot(8), 4));
        QVERIFY(crps(oneHot(5), 4) < crps(oneHot(8), 4));
        QCOMPARE(crps(oneHot(3), 2), crps(oneHot(2), 3));
        KFX_COMPARE_NEAR(entropy(uniformDistribution()), std::log(8.0));
        QCOMPARE(entropy(oneHot(2)), 0.0);
    }

    void confidenceScores()
    {
        const auto a = withProbabilities(kA, 5);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::MaxProb, a), 0.6);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::NegEntropy, a), 0.44301646851511034);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::Top2Margin, a), 0.39999999999999997);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::ExpectedBin, a), 5.1);
        const auto b = withProbabilities(kB, 5);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::MaxProb, b), 0.3);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::NegEntropy, b), 0.0971016768123859);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::Top2Margin, b), 0.1);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::ExpectedBin, b), 4.9);
        const auto uniform = withProbabilities(uniformDistribution(), 1);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::NegEntropy, uniform), 0.0);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::ExpectedBin, uniform), 4.5);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::MaxProb, peaked(3, 0.7)), 0.7);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::NegEntropy, withProbabilities(oneHot(4), 4)), 1.0);
        KFX_COMPARE_NEAR(confidence(ConfidenceScore::Top2Margin, peaked(3, 0.5)), 0.5 - 0.5 / 7);
        QCOMPARE(*confidenceScoreFromName("top2_margin"), ConfidenceScore::Top2Margin);
    }

    void evaluatorVectors()
    {
        const auto correct = peaked(5, 0.85);
        const auto wrong = peaked(6, 0.85);
        const std::vector<CalibrationDatum> three{{5, &correct}, {5, &wrong}, {5, &wrong}};
        KFX_COMPARE_NEAR(evaluateCalibration(three).ece, std::abs(0.85 - 1.0 / 3));

        const std::vector<CalibrationDatum> unparsed{{3, nullptr}};
        const auto report = evaluateCalibration(unparsed);
        KFX_COMPARE_NEAR(report.meanNll, std::log(8.0));
        QCOMPARE(report.meanNllParsed, 0.0);
        QVERIFY(!report.meanRawProbabilitySum);

        const auto perfect = withProbabilities(oneHot(2), 2);
        const std::vector<CalibrationDatum> perfects{{2, &perfect}, {2, &perfect}};
        const auto ideal = evaluateCalibration(perfects);
        QCOMPARE(ideal.meanBrier, 0.0);
        QCOMPARE(ideal.meanCrps, 0.0);
        QCOMPARE(ideal.meanNll, 0.0);
        QCOMPARE(ideal.accuracy, 1.0);
        QCOMPARE(ideal.ece, 0.0);

        const auto empty = evaluateCalibration({});
        QCOMPARE(empty.total, 0);
        QVERIFY(empty.reliability.empty());
    }

    void sixRowCalibration()
    {
        const SixRows six;
        const auto data = six.calibration();
        const auto report = evaluateCalibration(data);
        QCOMPARE(report.total, 6);
        QCOMPARE(report.parsed, 5);
        KFX_COMPARE_NEAR(report.parsedRate, 0.8333333333333334);
        KFX_COMPARE_NEAR(report.accuracy, 0.6);
        KFX_COMPARE_NEAR(report.meanEntropy, 1.6251348982653055);
        KFX_COMPARE_NEAR(report.ece, 0.5);
        KFX_COMPARE_NEAR(report.meanBrier, 0.34434523809523815);
        KFX_COMPARE_NEAR(report.meanBrierParsed, 0.32571428571428573);
        KFX_COMPARE_NEAR(report.meanCrps, 0.10792395529640429);
        KFX_COMPARE_NEAR(report.meanCrpsParsed, 0.06700874635568514);
        KFX_COMPARE_NEAR(report.meanNll, 1.6086955207092037);
        KFX_COMPARE_NEAR(report.meanNllParsed, 1.5145463165150772);
        KFX_COMPARE_NEAR(*report.meanRawProbabilitySum, 1.0);
        const std::tuple<int, int, double, double> populated[] = {
            {3, 1, 0.3, 1.0}, {4, 1, 0.4, 0.0}, {5, 1, 0.5, 1.0}, {6, 1, 0.6, 0.0}, {7, 1, 0.7, 1.0}};
        QCOMPARE(report.reliability.size(), std::size_t(10));
        for (const auto &[index, count, meanConfidence, accuracy] : populated) {
            const auto &bucket = report.reliability[std::size_t(index)];
            QCOMPARE(bucket.count, count);
            KFX_COMPARE_NEAR(bucket.low, index / 10.0);
            KFX_COMPARE_NEAR(bucket.meanConfidence, meanConfidence);
            KFX_COMPARE_NEAR(bucket.accuracy, accuracy);
        }
        const auto matrix = confusionMatrix(data);
        QCOMPARE(matrix[3][2], 1); // predicted 4, true 3 (S = 0.8)
        QCOMPARE(matrix[0][0], 1);
    }

    void sixRowCurves()
    {
        const SixRows six;
        const auto mismatch = riskCoverageCurve(six.rows, ConfidenceScore::MaxProb, Risk::BinaryMismatch);
        const std::tuple<double, double, double> expected[] = {
            {-kInf, 5.0 / 6, 0.4}, {0.3, 5.0 / 6, 0.4}, {0.4, 2.0 / 3, 0.5},      {0.5, 0.5, 1.0 / 3},
            {0.6, 1.0 / 3, 0.5},   {0.7, 1.0 / 6, 0.0}, {kInf, 0.0, std::nan("")}};
        QCOMPARE(mismatch.size(), std::size_t(7));
        for (std::size_t i = 0; i < mismatch.size(); ++i) {
            const auto &[threshold, coverage, risk] = expected[i];
            QCOMPARE(mismatch[i].threshold, threshold);
            KFX_COMPARE_NEAR(mismatch[i].coverage, coverage);
            KFX_COMPARE_NEAR(mismatch[i].risk, risk);
        }
        KFX_COMPARE_NEAR(areaUnderRiskCoverage(mismatch), 0.25555555555555554);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(mismatch, 0.5), 1.0 / 3);

        const auto distance = riskCoverageCurve(six.rows, ConfidenceScore::MaxProb, Risk::SpeedupDistance);
        const double distances[] = {0.24784400194869383, 0.24784400194869383, 0.18210678118654755,
                                    0.2291769031641586,  0.16421356237309515, 0.0,
                                    std::nan("")};
        for (std::size_t i = 0; i < distance.size(); ++i)
            KFX_COMPARE_NEAR(distance[i].risk, distances[i]);
        KFX_COMPARE_NEAR(areaUnderRiskCoverage(distance), 0.11656987461635805);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(distance, 0.5), 0.2291769031641586);

        for (const auto &point : riskCoverageCurve(six.rows, ConfidenceScore::MaxProb, Risk::Regret))
            QCOMPARE(point.risk, 0.0);
        KFX_COMPARE_NEAR(thresholdForCoverage(six.rows, ConfidenceScore::MaxProb, 0.5), 0.45);
    }

    void threeRowExample()
    {
        const auto sure = peaked(5, 0.9);
        const auto unsure = peaked(8, 0.2);
        const std::vector<SelectiveRow> rows{{5, 1.5, &sure}, {5, 1.5, &unsure}, {5, 1.5, nullptr}};
        const auto curve = riskCoverageCurve(rows, ConfidenceScore::MaxProb, Risk::BinaryMismatch);
        QCOMPARE(curve.size(), std::size_t(4));
        KFX_COMPARE_NEAR(curve[0].coverage, 2.0 / 3);
        KFX_COMPARE_NEAR(curve[0].risk, 0.5);
        QCOMPARE(curve[1].threshold, 0.2);
        KFX_COMPARE_NEAR(curve[2].coverage, 1.0 / 3);
        QCOMPARE(curve[2].risk, 0.0);
        QCOMPARE(curve[2].predicted, 1);
        QVERIFY(std::isnan(curve[3].risk));
        KFX_COMPARE_NEAR(areaUnderRiskCoverage(curve), 0.08333333333333333);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(curve, 2.0 / 3), 0.5);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(curve, 1.0 / 3), 0.0);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(curve, 0.5), 0.25);
        KFX_VERIFY_THROWS(std::invalid_argument, selectiveRiskAtCoverage(curve, 1.5));

        const double threshold = thresholdForCoverage(rows, ConfidenceScore::MaxProb, 1.0 / 3);
        int trustedCount = 0;
        for (const auto &row : rows)
            trustedCount += row.forecast && trusted(confidence(ConfidenceScore::MaxProb, *row.forecast), threshold);
        QCOMPARE(trustedCount, 1);

        const auto regret = riskCoverageCurve(rows, ConfidenceScore::MaxProb, Risk::Regret);
        for (const auto &point : regret)
            QCOMPARE(point.risk, 0.0);
        const auto distance = riskCoverageCurve(rows, ConfidenceScore::MaxProb, Risk::SpeedupDistance);
        KFX_COMPARE_NEAR(distance[0].risk, 2.23382356724483);
        KFX_COMPARE_NEAR(distance[2].risk, 0.310792884997279);
        KFX_COMPARE_NEAR(areaUnderRiskCoverage(distance), 0.4241027420403515);
        KFX_COMPARE_NEAR(selectiveRiskAtCoverage(distance, 0.5), 1.2723082261210545);

        const bool a[] = {false, false, true};
        const bool b[] = {false, true, true};
        KFX_COMPARE_NEAR(abstentionAgreement(a, b), 0.5);
        const bool none[] = {true, true, true};
        QVERIFY(std::isnan(abstentionAgreement(none, none)));
    }

    void riskVectors()
    {
        const auto five = peaked(5, 0.9);
        const auto eight = peaked(8, 0.9);
        const auto three = peaked(3, 0.9);
        const std::vector<SelectiveRow> pair{{5, 1.5, &five}, {5, 1.5, &eight}};
        const bool both[] = {true, true};
        KFX_COMPARE_NEAR(selectiveRisk(pair, both, Risk::BinaryMismatch), 0.5);
        const std::vector<SelectiveRow> single{{5, 1.5, &five}};
        const bool one[] = {true};
        KFX_COMPARE_NEAR(selectiveRisk(single, one, Risk::SpeedupDistance), std::abs(std::pow(2.0, 0.25) - 1.5));

        const auto seven = peaked(7, 0.9);
        const std::vector<SelectiveRow> regretRows{{7, 3.0, &seven}, {5, 1.5, &five}};
        KFX_COMPARE_NEAR(selectiveRisk(regretRows, both, Risk::Regret), 0.0);
        const bool firstAbstained[] = {false, true};
        KFX_COMPARE_NEAR(selectiveRisk(regretRows, firstAbstained, Risk::Regret), 0.0);
        const std::vector<SelectiveRow> misjudged{{7, 3.0, &three}, {5, 1.5, &five}};
        KFX_COMPARE_NEAR(selectiveRisk(misjudged, both, Risk::Regret), 1.5);

        const OpenBinMidpoints open{0.3, 6.0};
        QCOMPARE(riskBinMidpoint(0, open), 0.0);
        QCOMPARE(riskBinMidpoint(1, open), 0.3);
        QCOMPARE(riskBinMidpoint(8, open), 6.0);
        const bool neither[] = {false, false};
        QVERIFY(std::isnan(selectiveRisk(pair, neither, Risk::BinaryMismatch)));
    }

    // The sweep must give, at every threshold, what the reference's per-threshold evaluation gives.
    void sweepEqualsDirectEvaluation()
    {
        std::mt19937_64 random(11);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (int round = 0; round < 20; ++round) {
            const int n = 1 + int(random() % 60);
            std::vector<Forecast> forecasts;
            forecasts.reserve(std::size_t(n));
            std::vector<SelectiveRow> rows;
            for (int i = 0; i < n; ++i) {
                // Coarse confidences so that ties occur.
                forecasts.push_back(peaked(1 + int(random() % 8), 0.2 + 0.1 * double(random() % 8)));
                const double speedup = std::exp2(unit(random) * 6 - 3);
                rows.push_back({speedupBinFor(speedup), speedup, random() % 7 == 0 ? nullptr : &forecasts.back()});
            }
            for (auto risk : kRisks) {
                for (auto score :
                     {ConfidenceScore::MaxProb, ConfidenceScore::NegEntropy, ConfidenceScore::ExpectedBin}) {
                    for (const auto &point : riskCoverageCurve(rows, score, risk)) {
                        std::unique_ptr<bool[]> flags(new bool[rows.size()]);
                        for (std::size_t i = 0; i < rows.size(); ++i)
                            flags[i] = rows[i].forecast
                                && trusted(confidence(score, *rows[i].forecast), point.threshold);
                        const double direct = selectiveRisk(rows, std::span<const bool>(flags.get(), rows.size()),
                                                            risk);
                        QVERIFY2(close(point.risk, direct) || (std::isnan(point.risk) && std::isnan(direct)),
                                 qPrintable(QStringLiteral("%1 vs %2").arg(point.risk).arg(direct)));
                    }
                }
            }
        }
    }

    // A gate cursor looks a threshold up in the computed curve; the point must be the decision the threshold makes.
    void pointAtThresholdIsItsDecision()
    {
        std::mt19937_64 random(5);
        std::vector<Forecast> forecasts;
        forecasts.reserve(80);
        std::vector<SelectiveRow> rows;
        for (int i = 0; i < 80; ++i) {
            forecasts.push_back(peaked(1 + int(random() % 8), 0.2 + 0.1 * double(random() % 8)));
            rows.push_back({1 + int(random() % 8), 1.0, random() % 9 == 0 ? nullptr : &forecasts.back()});
        }
        for (auto score : kSelectiveScores) {
            const auto curve = riskCoverageCurve(rows, score, Risk::BinaryMismatch);
            std::vector<double> thresholds{-kInf, kInf, -1.0, 2.0};
            for (const auto &point : curve) {
                thresholds.push_back(point.threshold);
                thresholds.push_back(std::nextafter(point.threshold, kInf));
                thresholds.push_back(std::nextafter(point.threshold, -kInf));
            }
            for (const double threshold : thresholds) {
                int trustedCount = 0;
                for (const auto &row : rows)
                    trustedCount += row.forecast && trusted(confidence(score, *row.forecast), threshold);
                const auto &point = curve[riskCoveragePointAt(curve, threshold)];
                QCOMPARE(point.predicted, trustedCount);
                QCOMPARE(point.coverage, double(trustedCount) / double(rows.size()));
            }
            QCOMPARE(riskCoveragePointAt(curve, std::nan("")), curve.size() - 1);
        }
    }

    void exactSummation()
    {
        ExactSum tenths;
        for (int i = 0; i < 10; ++i)
            tenths.add(0.1);
        QCOMPARE(tenths.value(), 1.0);
        ExactSum halfEven;
        for (double x : {1e-16, 1.0, 1e16})
            halfEven.add(x);
        QCOMPARE(halfEven.value(), 1.0000000000000002e16);
        ExactSum cancelling;
        for (double x : {1e100, 1.0, -1e100})
            cancelling.add(x);
        QCOMPARE(cancelling.value(), 1.0);
    }

    void topKRecoveryByHand()
    {
        // Pool 0: the surrogate ranks the 2x kernel first, the 4x best one third of four.
        const auto high = peaked(8, 0.9), mid = peaked(6, 0.9), low = peaked(3, 0.9), lowest = peaked(1, 0.9);
        const std::vector<PoolCandidate> candidates{{0, 2.0, &high},   {0, 1.0, &mid},  {0, 4.0, &low},
                                                    {0, 0.5, &lowest}, {1, 3.0, &high}, {1, 1.5, &low}};
        const auto recovery = topKRecovery(candidates, ConfidenceScore::ExpectedBin);
        QCOMPARE(recovery.curve.size(), std::size_t(100));
        // k = 25%: pool 0 measures 1 (2.0/4.0), pool 1 measures 1 (3.0/3.0).
        KFX_COMPARE_NEAR(recovery.curve[24].recovered, (0.5 + 1.0) / 2);
        // k = 51%: pool 0 measures 3 (finds 4.0), pool 1 measures 2.
        KFX_COMPARE_NEAR(recovery.curve[50].recovered, 1.0);
        QCOMPARE(*recovery.percentWithin20, 51);
        QCOMPARE(recovery.curve[99].recovered, 1.0);
        // What those points measured, pool by pool, best-ranked first.
        using Indices = std::vector<std::size_t>;
        QCOMPARE(topKMeasured(candidates, ConfidenceScore::ExpectedBin, 25), (Indices{0, 4}));
        QCOMPARE(topKMeasured(candidates, ConfidenceScore::ExpectedBin, 51), (Indices{0, 1, 2, 4, 5}));
        QCOMPARE(topKMeasured(candidates, ConfidenceScore::ExpectedBin, 100), (Indices{0, 1, 2, 3, 4, 5}));
    }
};

// The folder's next tests may share this file's unity source (testmain.h).
#undef KFX_COMPARE_NEAR

KFX_TEST_GUILESS_MAIN(TestMetrics)

} // namespace
} // namespace tst_metrics

#include "tst_metrics.moc"
