// Issue 17's statistics with uncertainty against values computed here from their definitions (brute-force loops
// over small sets, closed forms, binomial tails) or published ones (scipy's Clopper–Pearson intervals), never
// against kfx's own output.

#include "metrics/reliabilitystatistics.h"
#include "metrics/selectivestatistics.h"
#include "testforecasts.h"
#include "testutils.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

#include "testmain.h"

namespace tst_calibrationstatistics {
namespace {

using namespace kfx;
using namespace kfx::metrics;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool close(double actual, double expected, double tolerance = 1e-12)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

#define KFX_COMPARE_NEAR_TOL(actual, expected, tolerance)                                                              \
    QVERIFY2(close((actual), (expected), (tolerance)),                                                                 \
             qPrintable(QStringLiteral("%1 is %2, expected %3")                                                        \
                            .arg(QStringLiteral(#actual))                                                              \
                            .arg((actual), 0, 'g', 17)                                                                 \
                            .arg((expected), 0, 'g', 17)))
#define KFX_COMPARE_NEAR(actual, expected) KFX_COMPARE_NEAR_TOL(actual, expected, 1e-12)

double binomialProbability(int k, int n, double p)
{
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0)) * std::pow(p, k)
        * std::pow(1.0 - p, n - k);
}

// A fixed set of forecasts: (predicted bin, confidence, true bin); null forecast where the bin is 0.
struct Case {
    int predicted;
    double confidence;
    int trueBin;
};

struct Data {
    std::vector<Forecast> forecasts;
    std::vector<CalibrationDatum> calibration;
    std::vector<SelectiveRow> selective;
};

// Forecasts stay put (reserved up front), so the rows can point into them.
Data dataOf(const std::vector<Case> &cases)
{
    Data data;
    data.forecasts.reserve(cases.size());
    for (const auto &c : cases) {
        const Forecast *forecast = nullptr;
        if (c.predicted > 0) {
            data.forecasts.push_back(peaked(c.predicted, c.confidence));
            forecast = &data.forecasts.back();
        }
        data.calibration.push_back({c.trueBin, forecast});
        data.selective.push_back({c.trueBin, 1.0, forecast});
    }
    return data;
}

// A pseudo-random set with ties and parse failures, the same every run.
std::vector<Case> randomCases(int n, std::uint32_t seed)
{
    std::mt19937 generator(seed);
    std::vector<Case> cases;
    for (int i = 0; i < n; ++i) {
        const int predicted = int(generator() % 8) + 1;
        const bool parsed = generator() % 10 != 0;
        // Confidences on a 0.05 grid above 1/8, so that ties are common.
        const double confidence = 0.15 + 0.05 * double(generator() % 17);
        const bool right = double(generator() % 1000) / 1000.0 < confidence;
        const int trueBin = right ? predicted : predicted % 8 + 1;
        cases.push_back({parsed ? predicted : 0, confidence, trueBin});
    }
    return cases;
}

// The selective statistics straight from their definitions, by brute force over every pair of rows.
struct BruteSelective {
    double aurc = 0, augrc = 0, coverageAtRisk = 0, riskAtCoverage = kNaN;
};
BruteSelective bruteSelective(const std::vector<SelectiveRow> &rows, double targetRisk, double targetCoverage)
{
    BruteSelective result;
    const double n = double(rows.size());
    double bestCoverageForRisk = -1;
    double smallestCoverageOverTarget = 2;
    for (const auto &row : rows) {
        if (!row.forecast)
            continue;
        const double threshold = row.forecast->probabilityOf(row.forecast->predictedBin);
        int trusted = 0, wrong = 0;
        for (const auto &other : rows) {
            if (other.forecast && other.forecast->probabilityOf(other.forecast->predictedBin) >= threshold) {
                ++trusted;
                wrong += other.forecast->predictedBin != other.trueBin ? 1 : 0;
            }
        }
        const double risk = double(wrong) / trusted;
        const double coverage = trusted / n;
        result.aurc += risk / n;
        result.augrc += (wrong / n) / n;
        if (risk <= targetRisk && coverage > bestCoverageForRisk)
            bestCoverageForRisk = coverage;
        if (coverage >= targetCoverage && coverage < smallestCoverageOverTarget) {
            smallestCoverageOverTarget = coverage;
            result.riskAtCoverage = risk;
        }
    }
    result.coverageAtRisk = std::max(bestCoverageForRisk, 0.0);
    return result;
}

// numpy.percentile's default (linear) on a copy.
double numpyPercentile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    const double h = (double(values.size()) - 1) * q;
    const auto lo = std::size_t(h);
    const auto hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (h - double(lo)) * (values[hi] - values[lo]);
}

} // namespace

class TestCalibrationStatistics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clopperPearsonPublishedValues()
    {
        // scipy.stats.binomtest(k, n).proportion_ci(method="exact"), to the four places scipy's docs print.
        auto none = clopperPearsonInterval(0, 10);
        QCOMPARE(none.low, 0.0);
        KFX_COMPARE_NEAR_TOL(none.high, 0.3085, 1e-4);
        auto half = clopperPearsonInterval(5, 10);
        KFX_COMPARE_NEAR_TOL(half.low, 0.1871, 3e-4);
        KFX_COMPARE_NEAR_TOL(half.high, 0.8129, 3e-4);
        // At x = 0 the upper end has a closed form, 1 − (α/2)^(1/n); at x = n the lower end mirrors it.
        KFX_COMPARE_NEAR(none.high, 1.0 - std::pow(0.025, 0.1));
        auto all = clopperPearsonInterval(10, 10);
        KFX_COMPARE_NEAR(all.low, std::pow(0.025, 0.1));
        QCOMPARE(all.high, 1.0);
        auto nothing = clopperPearsonInterval(0, 0);
        QCOMPARE(nothing.low, 0.0);
        QCOMPARE(nothing.high, 1.0);
        KFX_VERIFY_THROWS(std::invalid_argument, clopperPearsonInterval(11, 10));
    }

    void clopperPearsonSolvesTheBinomialTails_data()
    {
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("n");
        QTest::newRow("1 of 7") << 1 << 7;
        QTest::newRow("3 of 12") << 3 << 12;
        QTest::newRow("17 of 40") << 17 << 40;
        QTest::newRow("99 of 100") << 99 << 100;
    }
    void clopperPearsonSolvesTheBinomialTails()
    {
        // The definition: at the lower end P(X >= x) = α/2, at the upper end P(X <= x) = α/2, for X ~ B(n, p).
        QFETCH(int, x);
        QFETCH(int, n);
        const auto interval = clopperPearsonInterval(x, n, 0.9);
        double upperTail = 0.0, lowerTail = 0.0;
        for (int k = x; k <= n; ++k)
            upperTail += binomialProbability(k, n, interval.low);
        for (int k = 0; k <= x; ++k)
            lowerTail += binomialProbability(k, n, interval.high);
        KFX_COMPARE_NEAR_TOL(upperTail, 0.05, 1e-9);
        KFX_COMPARE_NEAR_TOL(lowerTail, 0.05, 1e-9);
    }

    void equalWidthBandsCountAndBound()
    {
        // Confidences 0.31, 0.35 (bucket 3 of 10), 0.72, 0.78, 0.75 (bucket 7), one parse failure.
        const auto data = dataOf({{1, 0.31, 1}, {2, 0.35, 3}, {3, 0.72, 3}, {4, 0.78, 4}, {5, 0.75, 1}, {0, 0, 2}});
        const auto bands = reliabilityBands(data.calibration, 10, BucketMode::EqualWidth);
        QCOMPARE(bands.size(), std::size_t(10));
        QCOMPARE(bands[3].bucket.count, 2);
        QCOMPARE(bands[3].correct, 1);
        KFX_COMPARE_NEAR(bands[3].bucket.meanConfidence, (0.31 + 0.35) / 2);
        QCOMPARE(bands[7].bucket.count, 3);
        QCOMPARE(bands[7].correct, 2);
        QCOMPARE(bands[0].bucket.count, 0);
        QCOMPARE(bands[0].accuracyInterval.low, 0.0);
        QCOMPARE(bands[0].accuracyInterval.high, 1.0);
        // 1 of 2: the interval [α/2 quantile, 1 − that] solves 1 − (1 − p)² = α/2 at the lower end.
        KFX_COMPARE_NEAR(bands[3].accuracyInterval.low, 1.0 - std::sqrt(1.0 - 0.025));
        KFX_COMPARE_NEAR(bands[3].accuracyInterval.high, std::sqrt(1.0 - 0.025));
    }

    void equalCountBandsSplitLikeArraySplit()
    {
        // Ten parsed forecasts at 0.19, 0.24, ..., 0.64 in shuffled order, three buckets: sizes 4, 3, 3.
        std::vector<Case> cases;
        const int order[] = {7, 2, 9, 0, 5, 3, 8, 1, 6, 4};
        for (int i : order)
            cases.push_back({1, 0.19 + 0.05 * i, i % 3 == 0 ? 1 : 2});
        cases.push_back({0, 0, 1});
        const auto data = dataOf(cases);
        const auto bands = reliabilityBands(data.calibration, 3, BucketMode::EqualCount);
        QCOMPARE(bands.size(), std::size_t(3));
        const int sizes[] = {4, 3, 3};
        int first = 0;
        for (int b = 0; b < 3; ++b) {
            double confidence = 0;
            int correct = 0;
            for (int i = first; i < first + sizes[b]; ++i) {
                confidence += 0.19 + 0.05 * i;
                correct += i % 3 == 0 ? 1 : 0;
            }
            QCOMPARE(bands[b].bucket.count, sizes[b]);
            QCOMPARE(bands[b].correct, correct);
            KFX_COMPARE_NEAR(bands[b].bucket.meanConfidence, confidence / sizes[b]);
            KFX_COMPARE_NEAR(bands[b].bucket.low, 0.19 + 0.05 * first);
            KFX_COMPARE_NEAR(bands[b].bucket.high, 0.19 + 0.05 * (first + sizes[b] - 1));
            first += sizes[b];
        }
        // Each forecast's bucket follows its rank: ranks 0–3, 4–6, 7–9; the parse failure has none.
        const auto indices = bucketIndices(data.calibration, 3, BucketMode::EqualCount);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(indices[std::size_t(i)], order[i] < 4 ? 0 : order[i] < 7 ? 1 : 2);
        QCOMPARE(indices.back(), -1);
        // Fewer forecasts than buckets: one bucket each, none empty.
        QCOMPARE(reliabilityBands(data.calibration, 50, BucketMode::EqualCount).size(), std::size_t(10));
    }

    void calibrationErrorsByHand()
    {
        // Equal-width, 10 buckets: bucket 3 has confidences .31 and .35 with one right (gap |.33 − .5| = .17),
        // bucket 7 has .72, .75, .78 with two right (gap |.75 − 2/3|).
        const auto data = dataOf({{1, 0.31, 1}, {2, 0.35, 3}, {3, 0.72, 3}, {4, 0.78, 4}, {5, 0.75, 1}, {0, 0, 2}});
        const double gap3 = std::abs(0.33 - 0.5);
        const double gap7 = std::abs(0.75 - 2.0 / 3.0);
        const auto statistics = reliabilityStatistics(data.calibration, 10, BucketMode::EqualWidth);
        KFX_COMPARE_NEAR(statistics.ece, (2 * gap3 + 3 * gap7) / 5);
        KFX_COMPARE_NEAR(statistics.mce, std::max(gap3, gap7));
        // Equal-count, 2 buckets: {.31, .35, .72} with 2 right, {.75, .78} with 1 right; ACE is their plain mean.
        const double ace = (std::abs((0.31 + 0.35 + 0.72) / 3 - 2.0 / 3.0) + std::abs((0.75 + 0.78) / 2 - 0.5)) / 2;
        KFX_COMPARE_NEAR(reliabilityStatistics(data.calibration, 2, BucketMode::EqualWidth).ace, ace);
        const auto equalCount = reliabilityStatistics(data.calibration, 2, BucketMode::EqualCount);
        KFX_COMPARE_NEAR(equalCount.ace, ace);
        KFX_COMPARE_NEAR(equalCount.mce, std::abs((0.75 + 0.78) / 2 - 0.5));
        const auto nothing = dataOf({{0, 0, 1}});
        QCOMPARE(reliabilityStatistics(nothing.calibration, 10, BucketMode::EqualCount).ace, 0.0);
    }

    void classwiseErrorFromItsDefinition()
    {
        const auto data = dataOf(randomCases(60, 17));
        for (int buckets : {1, 5, 15}) {
            double sum = 0;
            int parsed = 0;
            for (const auto &datum : data.calibration)
                parsed += datum.forecast ? 1 : 0;
            for (int bin = 1; bin <= 8; ++bin) {
                for (int b = 0; b < buckets; ++b) {
                    double p = 0, hits = 0, count = 0;
                    for (const auto &datum : data.calibration) {
                        if (!datum.forecast)
                            continue;
                        const double q = datum.forecast->probabilities[bin - 1];
                        const int index = std::min(int(std::floor(q * buckets)), buckets - 1);
                        if (index == b) {
                            p += q;
                            hits += datum.trueBin == bin ? 1 : 0;
                            ++count;
                        }
                    }
                    if (count > 0)
                        sum += count / parsed * std::abs(p / count - hits / count);
                }
            }
            KFX_COMPARE_NEAR_TOL(classwiseCalibrationError(data.calibration, buckets), sum / 8, 1e-10);
        }
    }

    void spiegelhalterFromItsDefinition()
    {
        const auto data = dataOf(randomCases(80, 5));
        double numerator = 0, variance = 0;
        for (const auto &datum : data.calibration) {
            if (!datum.forecast)
                continue;
            const double p = datum.forecast->probabilities[datum.forecast->predictedBin - 1];
            const double y = datum.forecast->predictedBin == datum.trueBin ? 1 : 0;
            numerator += (y - p) * (1 - 2 * p);
            variance += (1 - 2 * p) * (1 - 2 * p) * p * (1 - p);
        }
        const double z = numerator / std::sqrt(variance);
        const auto test = spiegelhalterTest(data.calibration);
        KFX_COMPARE_NEAR_TOL(test.z, z, 1e-10);
        KFX_COMPARE_NEAR_TOL(test.pValue, std::erfc(std::abs(z) / std::sqrt(2.0)), 1e-10);
        // Always right at 0.9 is underconfident: Σ (1 − .9)(1 − 1.8) = −4 over sqrt(50 · .64 · .09), p ≈ 0.018.
        std::vector<Case> sure(50, Case{3, 0.9, 3});
        const auto underconfident = spiegelhalterTest(dataOf(sure).calibration);
        KFX_COMPARE_NEAR_TOL(underconfident.z, -4.0 / std::sqrt(50 * 0.64 * 0.09), 1e-12);
        QVERIFY(underconfident.pValue < 0.05);
        QVERIFY(std::isnan(spiegelhalterTest(dataOf({{0, 0, 1}}).calibration).pValue));
    }

    void selectiveByHand()
    {
        // Confidences .9 right, .8 wrong, .7 right, .6 wrong: selective risks 0, 1/2, 1/3, 1/2; trusted wrong
        // 0, 1, 1, 2 of N = 4.
        const auto data = dataOf({{1, 0.9, 1}, {2, 0.8, 3}, {3, 0.7, 3}, {4, 0.6, 5}});
        SelectiveStatisticsRequest request;
        request.resamples = 0;
        request.targetRisk = 0.4;
        request.targetCoverage = 0.6;
        const auto statistics = selectiveStatistics(data.selective, request);
        KFX_COMPARE_NEAR(statistics.aurc.value, (0 + 0.5 + 1.0 / 3 + 0.5) / 4);
        KFX_COMPARE_NEAR(statistics.augrc.value, (0 + 0.25 + 0.25 + 0.5) / 4);
        KFX_COMPARE_NEAR(statistics.coverageAtRisk.value, 0.75);    // risk 1/3 <= 0.4 at three of four
        KFX_COMPARE_NEAR(statistics.riskAtCoverage.value, 1.0 / 3); // the first decision covering 0.6 trusts 3
        QVERIFY(std::isnan(statistics.aurc.low));
        request.targetCoverage = 1.0;
        KFX_COMPARE_NEAR(selectiveStatistics(data.selective, request).riskAtCoverage.value, 0.5);
        request.targetRisk = 0.0;
        KFX_COMPARE_NEAR(selectiveStatistics(data.selective, request).coverageAtRisk.value, 0.25);
        request.targetCoverage = 0.0;
        KFX_VERIFY_THROWS(std::invalid_argument, selectiveStatistics(data.selective, request));
    }

    void selectiveWithTiesAndFailuresMatchesBruteForce()
    {
        const auto data = dataOf(randomCases(120, 99));
        for (double targetRisk : {0.0, 0.3, 0.6}) {
            for (double targetCoverage : {0.05, 0.5, 0.95}) {
                SelectiveStatisticsRequest request;
                request.resamples = 0;
                request.targetRisk = targetRisk;
                request.targetCoverage = targetCoverage;
                const auto statistics = selectiveStatistics(data.selective, request);
                const auto expected = bruteSelective(data.selective, targetRisk, targetCoverage);
                KFX_COMPARE_NEAR_TOL(statistics.aurc.value, expected.aurc, 1e-10);
                KFX_COMPARE_NEAR_TOL(statistics.augrc.value, expected.augrc, 1e-10);
                KFX_COMPARE_NEAR(statistics.coverageAtRisk.value, expected.coverageAtRisk);
                KFX_COMPARE_NEAR(statistics.riskAtCoverage.value, expected.riskAtCoverage);
            }
        }
    }

    void bootstrapIsThePercentileOfResampledSets()
    {
        const auto data = dataOf(randomCases(40, 3));
        SelectiveStatisticsRequest request;
        request.resamples = 150;
        request.seed = 20261124;
        request.targetRisk = 0.35;
        request.targetCoverage = 0.4;
        const auto statistics = selectiveStatistics(data.selective, request);

        // Resample the rows themselves (duplicates are ties), and take the brute-force statistics of each.
        std::mt19937_64 generator(request.seed);
        std::vector<double> aurc, augrc, coverage, risk;
        for (int r = 0; r < request.resamples; ++r) {
            std::vector<SelectiveRow> sample;
            for (std::size_t i = 0; i < data.selective.size(); ++i) {
                // The documented draw: the top 32 bits of the next number, scaled by N.
                const auto index = ((generator() >> 32) * data.selective.size()) >> 32;
                sample.push_back(data.selective[index]);
            }
            const auto b = bruteSelective(sample, request.targetRisk, request.targetCoverage);
            aurc.push_back(b.aurc);
            augrc.push_back(b.augrc);
            coverage.push_back(b.coverageAtRisk);
            if (!std::isnan(b.riskAtCoverage))
                risk.push_back(b.riskAtCoverage);
        }
        KFX_COMPARE_NEAR_TOL(statistics.aurc.low, numpyPercentile(aurc, 0.025), 1e-10);
        KFX_COMPARE_NEAR_TOL(statistics.aurc.high, numpyPercentile(aurc, 0.975), 1e-10);
        KFX_COMPARE_NEAR_TOL(statistics.augrc.low, numpyPercentile(augrc, 0.025), 1e-10);
        KFX_COMPARE_NEAR_TOL(statistics.augrc.high, numpyPercentile(augrc, 0.975), 1e-10);
        KFX_COMPARE_NEAR(statistics.coverageAtRisk.low, numpyPercentile(coverage, 0.025));
        KFX_COMPARE_NEAR(statistics.coverageAtRisk.high, numpyPercentile(coverage, 0.975));
        KFX_COMPARE_NEAR(statistics.riskAtCoverage.low, numpyPercentile(risk, 0.025));
        KFX_COMPARE_NEAR(statistics.riskAtCoverage.high, numpyPercentile(risk, 0.975));

        // The same seed gives the same interval; another seed another.
        QCOMPARE(selectiveStatistics(data.selective, request).aurc.low, statistics.aurc.low);
        request.seed = 7;
        QVERIFY(selectiveStatistics(data.selective, request).aurc.low != statistics.aurc.low);
    }
};

// The folder's next tests may share this file's unity source (testmain.h).
#undef KFX_COMPARE_NEAR
#undef KFX_COMPARE_NEAR_TOL

KFX_TEST_GUILESS_MAIN(TestCalibrationStatistics)

} // namespace
} // namespace tst_calibrationstatistics

#include "tst_calibrationstatistics.moc"
