// Recalibration on a calibration split (issue 17): each method's fit against its definition computed here, the
// split, and the exported rows read back by kfx's own reader.

#include "io/fileloader.h"
#include "surrogate/predictionrows.h"
#include "surrogate/recalibration.h"
#include "testforecasts.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <map>

#include "testmain.h"

namespace tst_recalibration {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

using Method = ProbabilityCalibrator::Method;

struct Sample {
    std::vector<BinProbabilities> p;
    std::vector<int> bins;
    void add(double conf, int predicted, int truth)
    {
        p.push_back(peaked(predicted, conf).probabilities);
        bins.push_back(truth);
    }
};

double sum(const BinProbabilities &p)
{
    double total = 0.0;
    for (const double value : p)
        total += value;
    return total;
}

// A forecast of `predicted` right `hits` times out of `count` (the misses' truth is the next bin).
void addGroup(Sample &sample, double conf, int hits, int count)
{
    for (int i = 0; i < count; ++i)
        sample.add(conf, 3, i < hits ? 3 : 4);
}

} // namespace

class TestRecalibration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Forecasts that all put `conf` on the argmax and (1 − conf)/7 elsewhere, right a share `a` of the time:
    // scaled by T, the argmax gets c^(1/T) / (c^(1/T) + 7 r^(1/T)), and the likelihood is highest when that
    // equals a, so T = ln(c / r) / ln(7a / (1 − a)).
    void temperatureMatchesClosedForm()
    {
        for (const auto &[conf, hits] : {std::pair{0.9, 60}, std::pair{0.5, 80}, std::pair{0.3, 20}}) {
            Sample sample;
            addGroup(sample, conf, hits, 100);
            const auto calibrator = ProbabilityCalibrator::fitTemperature(sample.p, sample.bins);
            const double a = hits / 100.0;
            const double expected = std::log(conf / ((1.0 - conf) / 7.0)) / std::log(7.0 * a / (1.0 - a));
            QVERIFY2(std::abs(calibrator.temperature() - expected) < 1e-6 * expected,
                     qPrintable(QStringLiteral("conf %1: T %2, closed form %3")
                                    .arg(conf)
                                    .arg(calibrator.temperature())
                                    .arg(expected)));
            const auto top = calibrator.apply(sample.p.front())[2];
            QVERIFY(std::abs(top - a) < 1e-6);
        }
    }

    // With mixed confidences there is no closed form: the fitted T must beat every T on a fine grid, each NLL
    // computed here from p_b^(1/T) / Σ p_j^(1/T).
    void temperatureBeatsBruteForce()
    {
        Sample sample;
        addGroup(sample, 0.95, 14, 20);
        addGroup(sample, 0.6, 9, 10);
        addGroup(sample, 0.35, 2, 10);
        auto nll = [&](double t) {
            double total = 0.0;
            for (std::size_t i = 0; i < sample.p.size(); ++i) {
                double z = 0.0;
                for (const double value : sample.p[i])
                    z += std::pow(value, 1.0 / t);
                total -= std::log(std::pow(sample.p[i][std::size_t(sample.bins[i] - 1)], 1.0 / t) / z);
            }
            return total / double(sample.p.size());
        };
        double bestGridT = 0.0;
        double bestGridNll = std::numeric_limits<double>::infinity();
        for (int step = 0; step <= 4000; ++step) {
            const double t = 0.05 * std::pow(400.0, step / 4000.0);
            if (nll(t) < bestGridNll) {
                bestGridNll = nll(t);
                bestGridT = t;
            }
        }
        const auto calibrator = ProbabilityCalibrator::fitTemperature(sample.p, sample.bins);
        QVERIFY(nll(calibrator.temperature()) <= bestGridNll + 1e-12);
        QVERIFY(std::abs(calibrator.temperature() - bestGridT) < 0.01 * bestGridT);
        QVERIFY(std::abs(calibrator.meanNll(sample.p, sample.bins) - nll(calibrator.temperature())) < 1e-12);
    }

    // Histogram binning: the argmax's mass becomes the accuracy of its tenth of [0, 1], counted here; an empty
    // tenth maps to its midpoint; the other bins share the rest in their old proportions.
    void histogramIsAccuracyPerBin()
    {
        Sample sample;
        const std::vector<std::tuple<double, int, int>> groups = {{0.22, 1, 4}, {0.27, 2, 4}, {0.45, 0, 3},
                                                                  {0.55, 3, 5}, {0.58, 0, 1}, {0.93, 9, 10}};
        for (const auto &[conf, hits, count] : groups)
            addGroup(sample, conf, hits, count);
        const auto calibrator = ProbabilityCalibrator::fitHistogram(sample.p, sample.bins);
        QCOMPARE(calibrator.methodName(), std::string_view("histogram-max-prob"));

        std::map<int, std::pair<int, int>> perTenth; // tenth -> (hits, count)
        for (const auto &[conf, hits, count] : groups) {
            auto &[h, n] = perTenth[int(std::floor(conf * 10.0))];
            h += hits;
            n += count;
        }
        // The first tenth cannot hold an argmax of 8 bins.
        for (int tenth = 1; tenth < 10; ++tenth) {
            const double conf = tenth / 10.0 + 0.04;
            const auto found = perTenth.find(tenth);
            const double expected = found == perTenth.end() ? tenth / 10.0 + 0.05
                                                            : double(found->second.first) / found->second.second;
            const auto out = calibrator.apply(peaked(5, conf).probabilities);
            QVERIFY2(std::abs(out[4] - std::clamp(expected, 1e-4, 1.0 - 1e-4)) < 1e-12,
                     qPrintable(QStringLiteral("tenth %1: %2, expected %3").arg(tenth).arg(out[4]).arg(expected)));
            QVERIFY(std::abs(out[0] - (1.0 - out[4]) / 7.0) < 1e-12);
            QVERIFY(std::abs(sum(out) - 1.0) < 1e-12);
        }
        QCOMPARE(calibrator.apply(peaked(5, 0.52).probabilities)[4], 0.5);
        // A tenth never right maps to the floor, not 0: one surprise would cost an infinite log-likelihood.
        QCOMPARE(calibrator.apply(peaked(5, 0.44).probabilities)[4], 1e-4);
        QCOMPARE(calibrator.apply(peaked(5, 0.285).probabilities)[4], 3.0 / 8.0);
        QCOMPARE(calibrator.apply(peaked(5, 0.99).probabilities)[4], 0.9);
    }

    // When accuracy already rises with confidence, the isotonic fit is each confidence's own accuracy.
    void isotonicKeepsMonotoneAccuracies()
    {
        Sample sample;
        addGroup(sample, 0.3, 1, 5);
        addGroup(sample, 0.5, 3, 6);
        addGroup(sample, 0.8, 7, 8);
        const auto calibrator = ProbabilityCalibrator::fitIsotonic(sample.p, sample.bins);
        QCOMPARE(calibrator.knots().size(), std::size_t(3));
        QVERIFY(std::abs(calibrator.apply(peaked(1, 0.3).probabilities)[0] - 0.2) < 1e-12);
        QVERIFY(std::abs(calibrator.apply(peaked(1, 0.5).probabilities)[0] - 0.5) < 1e-12);
        QVERIFY(std::abs(calibrator.apply(peaked(1, 0.8).probabilities)[0] - 7.0 / 8.0) < 1e-12);
    }

    void splitsParseAndRefuse()
    {
        const auto pack = parseCalibrationSplit("pack:gpu_mode");
        QVERIFY(std::holds_alternative<CalibrationSplit>(pack));
        QCOMPARE(std::get<CalibrationSplit>(pack).pack, std::string("gpu_mode"));
        const auto random = parseCalibrationSplit("random:7:0.25");
        QVERIFY(std::holds_alternative<CalibrationSplit>(random));
        QCOMPARE(std::get<CalibrationSplit>(random).seed, std::uint64_t(7));
        QCOMPARE(std::get<CalibrationSplit>(random).fraction, 0.25);
        QCOMPARE(calibrationSplitText(std::get<CalibrationSplit>(random)), std::string("random:7:0.25"));
        for (const char *bad : {"pack:", "random:7", "random:x:0.5", "random:7:1", "random:7:0", "random:7:-0.5",
                                "half", "random:7:0.5x"}) {
            const auto refused = parseCalibrationSplit(bad);
            QVERIFY2(std::holds_alternative<std::string>(refused), bad);
        }
        QVERIFY(std::get<std::string>(parseCalibrationSplit("half")).find("'half'") != std::string::npos);
    }

    void randomSplitDrawsWholePairsBySeed()
    {
        std::vector<ComparisonPair> pairs(200);
        for (std::size_t i = 0; i < pairs.size(); ++i)
            pairs[i].id = "c" + std::to_string(i);
        CalibrationSplit split;
        split.seed = 11;
        split.fraction = 0.3;
        const auto ids = calibrationIds(pairs, split);
        QCOMPARE(ids.size(), std::size_t(60));
        // The same seed draws the same pairs whatever the order of the rows.
        auto reversed = pairs;
        std::reverse(reversed.begin(), reversed.end());
        QVERIFY(calibrationIds(reversed, split) == ids);
        split.seed = 12;
        const auto other = calibrationIds(pairs, split);
        QCOMPARE(other.size(), std::size_t(60));
        QVERIFY(other != ids);
        // Neither half of the list is favoured: a draw by position would put all 60 in one half.
        int firstHalf = 0;
        for (std::size_t i = 0; i < 100; ++i)
            firstHalf += int(ids.contains(pairs[i].id));
        QVERIFY(firstHalf > 15 && firstHalf < 45);
    }

    // Fitted on pack alpha, applied to pack beta, written and read back: no alpha row, every beta row of each
    // surrogate under its recalibrated label, distributions summing to 1, the argmax mass the alpha accuracy of
    // its confidence tenth, unparsed rows kept.
    void exportedRowsReadBack()
    {
        std::vector<ComparisonPair> pairs;
        std::vector<PredictionRow> rows;
        auto addRow = [&](const std::string &label, const std::string &id, std::optional<Forecast> forecast) {
            PredictionRow row;
            row.comparisonId = id;
            row.pack = id.substr(0, id.find('-'));
            row.surrogateLabel = label;
            row.forecast = std::move(forecast);
            row.parseFailed = !row.forecast;
            row.parseError = row.forecast ? "" : "no tool call";
            rows.push_back(row);
        };
        std::map<std::string, std::pair<int, int>> alphaHits; // label -> (hits, count), all in tenth 0.7
        for (int i = 0; i < 40; ++i) {
            const std::string id = (i < 16 ? "alpha-" : "beta-") + std::to_string(i);
            ComparisonPair pair;
            pair.id = id;
            pair.pack = i < 16 ? "alpha" : "beta";
            pair.trueBin = 1 + i % 8;
            pairs.push_back(pair);
            for (const std::string label : {"m1", "m2"}) {
                const int predicted = label == "m1" ? pair.trueBin : 1 + (i * 3) % 8;
                addRow(label, id, peaked(predicted, 0.75));
                if (i < 16) {
                    alphaHits[label].first += int(predicted == pair.trueBin);
                    ++alphaHits[label].second;
                }
            }
        }
        addRow("m2", "beta-100", std::nullopt);

        const auto split = std::get<CalibrationSplit>(parseCalibrationSplit("pack:alpha"));
        const auto result = recalibrate(pairs, rows, Method::Histogram, split);
        QCOMPARE(result.calibrationPairs, std::size_t(16));
        QCOMPARE(result.surrogates.size(), std::size_t(2));
        QCOMPARE(result.surrogates[0].calibrationForecasts, 16);
        QCOMPARE(result.surrogates[0].evaluationForecasts, 24);

        QTemporaryDir directory;
        const auto path = directory.filePath(QStringLiteral("recalibrated.jsonl")).toStdString();
        {
            std::ofstream file(path);
            for (const auto &row : result.rows)
                file << predictionRowJson(row, SecretRedactor()) << '\n';
        }
        const auto loaded = loadFile(path);
        QVERIFY(loaded.diagnostics.empty());
        QCOMPARE(loaded.predictions.size(), std::size_t(24 * 2 + 1));
        std::map<std::string, int> perLabel;
        for (const auto &row : loaded.predictions) {
            QVERIFY2(row.comparisonId.starts_with("beta-"), row.comparisonId.c_str());
            ++perLabel[row.surrogateLabel];
            if (!row.forecast) {
                QCOMPARE(row.surrogateLabel, std::string("m2 (recalibrated)"));
                QVERIFY(row.parseFailed);
                continue;
            }
            QVERIFY(std::abs(sum(row.forecast->probabilities) - 1.0) < 1e-12);
            const auto label = row.surrogateLabel.substr(0, 2);
            const auto &[hits, count] = alphaHits[label];
            const double top = row.forecast->probabilityOf(row.forecast->predictedBin);
            QVERIFY(std::abs(top - std::clamp(double(hits) / count, 1e-4, 1.0 - 1e-4)) < 1e-12);
        }
        QCOMPARE(perLabel["m1 (recalibrated)"], 24);
        QCOMPARE(perLabel["m2 (recalibrated)"], 25);
    }

    void surrogateWithoutCalibrationDataIsSkipped()
    {
        ComparisonPair pair;
        pair.id = "beta-1";
        pair.pack = "beta";
        pair.trueBin = 2;
        PredictionRow row;
        row.comparisonId = pair.id;
        row.surrogateLabel = "lonely";
        row.forecast = peaked(2, 0.5);
        const auto result = recalibrate(std::span(&pair, 1), std::span(&row, 1), Method::Temperature,
                                        std::get<CalibrationSplit>(parseCalibrationSplit("pack:alpha")));
        QVERIFY(result.surrogates.empty());
        QVERIFY(result.rows.empty());
        QCOMPARE(result.skipped.size(), std::size_t(1));
        QVERIFY(result.skipped.front().find("lonely") != std::string::npos);
    }
};

KFX_TEST_GUILESS_MAIN(TestRecalibration)

} // namespace
} // namespace tst_recalibration

#include "tst_recalibration.moc"
