// The online risk monitor: its betting statistic against the gamblers' wealth multiplied out bet by bet, its
// false-alarm rate by simulation at the worst rate the null allows, its delay on a shift, and the test:
// a generated search whose kernel family shifts halfway sets it off after the shift, the same search without the
// shift does not. On the H100 corpus, a trusted kernel that then fails is a trust error for Certify and the monitor.

#include "corpusarchive.h"
#include "gate/riskcontrol.h"
#include "gate/riskmonitor.h"
#include "gate/searchmonitor.h"
#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "model/speedupbin.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <vector>

#include "testmain.h"

namespace tst_riskmonitor {
namespace {

using namespace kfx;
using namespace kfx::gate;

namespace {

// The averaged wealth of gamblers betting c = 1/20 ... 19/20 of their wealth, stake c/m on each X − m, multiplied
// out observation by observation.
double wealthByHand(const std::vector<bool> &errors, double m)
{
    double sum = 0.0;
    for (int j = 1; j <= 19; ++j) {
        const double lambda = (j / 20.0) / m;
        double wealth = 1.0;
        for (const bool error : errors)
            wealth *= 1.0 + lambda * ((error ? 1.0 : 0.0) - m);
        sum += wealth;
    }
    return sum / 19.0;
}

// A v3 search generated in memory, loaded as a file would be.
LoadedFile generatedSearch(std::uint64_t seed, bool familyShift)
{
    std::ostringstream out;
    generate::SearchVariation variation;
    variation.familyShiftHalfway = familyShift;
    generate::SyntheticGenerator(seed, variation).write(generate::SyntheticKind::PuctV3, 400, out);
    return loadText(out.str(), "generated.jsonl");
}

} // namespace

class TestRiskMonitor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wealthIsTheProductOfTheBets()
    {
        std::mt19937_64 random(3);
        std::vector<bool> errors;
        for (int i = 0; i < 40; ++i)
            errors.push_back(std::bernoulli_distribution(0.3)(random));
        const auto hits = std::count(errors.begin(), errors.end(), true);
        for (const double m : {0.05, 0.1, 0.3, 0.6}) {
            const double expected = std::log(wealthByHand(errors, m));
            QVERIFY2(std::abs(bettingLogWealth(hits, 40, m) - expected) < 1e-9, qPrintable(QString::number(m)));
        }
        // One observation, wrong, at m = 0.1: each gambler's wealth is 1 + (c/0.1)(0.9) = 1 + 9c; the average
        // of 1 + 9j/20 over j = 1..19 is 1 + 9 · 0.5 = 5.5.
        QVERIFY(std::abs(bettingLogWealth(1, 1, 0.1) - std::log(5.5)) < 1e-12);
        QCOMPARE(bettingLogWealth(0, 0, 0.1), 0.0);
    }

    void boundsBracketTheRunningRisk()
    {
        RiskMonitor monitor({0.1, 0.05});
        QCOMPARE(monitor.lowerBound(), 0.0);
        QCOMPARE(monitor.upperBound(), 1.0);
        std::mt19937_64 random(5);
        double previousWidth = 1.0;
        for (int i = 1; i <= 2000; ++i) {
            monitor.observe(true, std::bernoulli_distribution(0.2)(random));
            if (i % 250 == 0) {
                QVERIFY(monitor.lowerBound() <= monitor.runningRisk());
                QVERIFY(monitor.runningRisk() <= monitor.upperBound());
                const double width = monitor.upperBound() - monitor.lowerBound();
                QVERIFY(width < previousWidth);
                previousWidth = width;
            }
        }
        // The lower bound sits where the wealth against it is exactly 1/δ.
        QVERIFY(
            std::abs(bettingLogWealth(monitor.trustedWrong(), monitor.trusted(), monitor.lowerBound()) - std::log(20.0))
            < 1e-6);
        // Deferred measurements are counted but do not move the bound.
        const double lower = monitor.lowerBound();
        monitor.observe(false, false);
        QCOMPARE(monitor.observations(), std::int64_t(2001));
        QCOMPARE(monitor.lowerBound(), lower);
    }

    void falseAlarmsStayBelowDelta()
    {
        // The worst case the guarantee allows: every trusted forecast wrong with probability exactly α. 1,000
        // runs of 2,000 forecasts each; with δ = 0.05 and a time-uniform bound, at most 5 % may ever alarm
        // (plus three binomial standard deviations of sampling noise, 0.021).
        std::mt19937_64 random(11);
        int alarms = 0;
        constexpr int kRuns = 1000;
        for (int run = 0; run < kRuns; ++run) {
            RiskMonitor monitor({0.1, 0.05});
            for (int i = 0; i < 2000 && !monitor.alarmed(); ++i)
                monitor.observe(true, std::bernoulli_distribution(0.1)(random));
            alarms += monitor.alarmed() ? 1 : 0;
        }
        QVERIFY2(double(alarms) / kRuns <= 0.05 + 3 * std::sqrt(0.05 * 0.95 / kRuns),
                 qPrintable(QString::number(alarms)));
    }

    void detectsAShift()
    {
        // 300 trusted forecasts at 5 % error, then at 40 %: the alarm comes after the shift, within 300 (the
        // running rate passes 0.1 after about 50 of them, the bound needs more).
        std::mt19937_64 random(13);
        for (int run = 0; run < 20; ++run) {
            RiskMonitor monitor({0.1, 0.05});
            for (int i = 0; i < 300; ++i)
                monitor.observe(true, std::bernoulli_distribution(0.05)(random));
            QVERIFY(!monitor.alarmed());
            for (int i = 0; i < 300 && !monitor.alarmed(); ++i) {
                const bool raised = monitor.observe(true, std::bernoulli_distribution(0.4)(random));
                QCOMPARE(raised, monitor.alarmed());
            }
            QVERIFY(monitor.alarmed());
            QVERIFY(*monitor.alarmAt() > 300);
            QVERIFY(monitor.lowerBound() >= 0.1);
        }
    }

    void firesOnAGeneratedFamilyShiftOnly()
    {
        // The gate is certified on the first 35 % of each search's measurements, all before the shift
        // (Learn-then-Test, Holm, α = 0.4, δ = 0.05), and the monitor watches the rest at the same α. The generated
        // surrogate gives failure no mass, and its kernels that then fail count as trust errors (issue 24): about a
        // quarter of its forecasts are wrong, and no threshold certifies α = 0.3 on this search.
        const auto steady = generatedSearch(42, false);
        const auto shifted = generatedSearch(42, true);
        QVERIFY(steady.population && shifted.population);
        const auto steadyMeasured = measuredForecasts(*steady.population);
        const auto shiftedMeasured = measuredForecasts(*shifted.population);
        QVERIFY(steadyMeasured.size() > 250);

        // The two searches share their seed, so they are the same search until the shift: where their measured
        // nodes first differ is where it happened.
        std::size_t shiftIndex = 0;
        while (shiftIndex < std::min(steadyMeasured.size(), shiftedMeasured.size())
               && steady.population->node(steadyMeasured[shiftIndex].node).id
                   == shifted.population->node(shiftedMeasured[shiftIndex].node).id)
            ++shiftIndex;
        QVERIFY(shiftIndex > steadyMeasured.size() / 3 && shiftIndex < 2 * steadyMeasured.size() / 3);

        RiskControlRequest request;
        request.alpha = 0.4;
        request.delta = 0.05;
        request.correction = Correction::Holm;
        RiskMonitorSettings settings{request.alpha, request.delta};
        for (const auto *measured : {&steadyMeasured, &shiftedMeasured}) {
            const std::size_t calibrationSize = measured->size() * 35 / 100;
            QVERIFY(calibrationSize < shiftIndex);
            std::vector<metrics::SelectiveRow> calibration;
            for (std::size_t i = 0; i < calibrationSize; ++i)
                calibration.push_back((*measured)[i].row);
            const auto certified = riskControlledThreshold(calibration, request);
            QVERIFY(certified.certified);
            GateSettings gate;
            gate.threshold = certified.threshold;
            const auto watched = std::span(*measured).subspan(calibrationSize);
            const auto run = monitorMeasurements(watched, gate, settings, request.errorRule);
            QVERIFY(run.monitor.trusted() > 150);
            if (measured == &steadyMeasured) {
                QVERIFY(!run.monitor.alarmed());
                QVERIFY(run.monitor.lowerBound() < request.alpha);
            } else {
                QVERIFY(run.monitor.alarmed());
                QVERIFY(run.alarmIndex);
                QVERIFY(calibrationSize + *run.alarmIndex >= shiftIndex);
                QVERIFY(run.monitor.lowerBound() > request.alpha);
            }
        }
    }

    void aTrustedKernelThatFailsIsATrustError()
    {
        // The corpus's rms_norm selective search on the H100 forecast every candidate before measuring it, and some
        // of its kernels then failed to compile, crashed or computed wrong results.
        QTemporaryDir dir;
        const auto unpacked = corpusarchive::unpack(QStringLiteral(KFX_CORPUS_ARCHIVE), dir.path(),
                                                    {QStringLiteral("*/rms_norm-selective.jsonl")});
        QVERIFY2(unpacked.isEmpty(), qPrintable(unpacked));
        const auto log = loadFile(dir.filePath(QStringLiteral("rms_norm-selective.jsonl")).toStdString());
        QVERIFY(log.population);

        // Counted from the log itself: the forecast kernels that failed, and those that ran with the wrong bin.
        int failed = 0;
        int wrongBin = 0;
        for (std::size_t i = 0; i < log.population->size(); ++i) {
            const auto &node = log.population->node(i);
            const auto *forecast = searchForecastOf(node);
            if (node.status == NodeStatus::Seed || !node.evaluation || !forecast)
                continue;
            const auto kind = node.evaluation->kind;
            if (kind == OutcomeKind::CompileFailed || kind == OutcomeKind::RuntimeError
                || kind == OutcomeKind::Incorrect)
                ++failed;
            else if (const auto speedup = node.evaluation->measuredSpeedup())
                wrongBin += int(forecast->predictedBin != speedupBinFor(*speedup));
        }
        QVERIFY(failed > 0);

        const auto measured = measuredForecasts(*log.population);
        GateSettings trustAll;
        trustAll.threshold = -std::numeric_limits<double>::infinity();
        int failedRows = 0;
        for (const auto &row : measured) {
            if (row.row.trueBin != kFailureBin || !row.row.forecast)
                continue;
            ++failedRows;
            // Wrong under either rule, even when the forecast said bin 1, next to the failure bin.
            for (const auto rule : {ErrorRule::WrongBin, ErrorRule::MoreThanOneBin}) {
                const auto observation = observationOf(row.row, trustAll, rule);
                QVERIFY(observation.trusted && observation.wrong);
            }
        }
        QCOMPARE(failedRows, failed);

        // The monitor and Certify count the failures with the wrong bins.
        const auto run = monitorMeasurements(measured, trustAll, {}, ErrorRule::WrongBin);
        QCOMPARE(run.monitor.trustedWrong(), std::int64_t(failed + wrongBin));
        std::vector<metrics::SelectiveRow> rows;
        for (const auto &row : measured)
            rows.push_back(row.row);
        const auto certified = riskControlledThreshold(rows, RiskControlRequest{});
        QVERIFY(!certified.tests.empty());
        const auto &lowest = certified.tests.back();
        QCOMPARE(lowest.trusted, failed + int(std::count_if(measured.begin(), measured.end(), [](const auto &row) {
                                     return row.row.forecast && row.row.trueBin != kFailureBin;
                                 })));
        QCOMPARE(lowest.errors, failed + wrongBin);
    }
};

KFX_TEST_GUILESS_MAIN(TestRiskMonitor)

} // namespace
} // namespace tst_riskmonitor

#include "tst_riskmonitor.moc"
