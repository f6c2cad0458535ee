// Learn-then-Test (Angelopoulos, Bates et al. 2021) over the gate's thresholds: the p-values against their
// formulas evaluated here from the binomial definition, the three family-wise corrections on cases worked by hand,
// and Holm's and Bonferroni's relation on random calibration sets.

#include "gate/riskcontrol.h"
#include "metrics/selectiveprediction.h"
#include "testforecasts.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "testmain.h"

namespace tst_riskcontrol {
namespace {

using namespace kfx;
using namespace kfx::gate;

namespace {

// P(X <= k) for X ~ Binomial(n, p), term by term in logs.
double binomialCdf(int k, int n, double p)
{
    double total = 0.0;
    for (int i = 0; i <= k; ++i) {
        total += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + i * std::log(p)
                          + (n - i) * std::log1p(-p));
    }
    return total;
}

// Hoeffding–Bentkus from Bates et al. (2021), eq. (3), written out independently.
double hoeffdingBentkus(int k, int n, double alpha)
{
    const double r = std::min(double(k) / n, alpha);
    const double h1 = (r > 0 ? r * std::log(r / alpha) : 0.0) + (1 - r) * std::log((1 - r) / (1 - alpha));
    return std::min(std::exp(-n * h1), std::numbers::e * binomialCdf(k, n, alpha));
}

// Calibration rows: blocks of forecasts with one max_prob score, right (true bin 5) or wrong (true bin 6).
struct Calibration {
    std::vector<Forecast> forecasts;
    std::vector<int> trueBins;
    void add(double score, int count, bool wrong)
    {
        for (int i = 0; i < count; ++i) {
            forecasts.push_back(peaked(5, score));
            trueBins.push_back(wrong ? 6 : 5);
        }
    }
    std::vector<metrics::SelectiveRow> rows() const
    {
        std::vector<metrics::SelectiveRow> result;
        for (std::size_t i = 0; i < forecasts.size(); ++i)
            result.push_back({trueBins[i], 1.5, &forecasts[i]});
        return result;
    }
};

RiskControlledThreshold certifyWith(const Calibration &calibration, Correction correction, PValue pValue,
                                    double alpha = 0.1)
{
    RiskControlRequest request;
    request.alpha = alpha;
    request.delta = 0.05;
    request.correction = correction;
    request.pValue = pValue;
    return riskControlledThreshold(calibration.rows(), request);
}

} // namespace

class TestRiskControl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clopperPearsonPValueIsTheBinomialTail()
    {
        // No error in n: (1 − α)^n. 0.9^30 = e^(30 ln 0.9) = e^(−3.1608155) = 0.0423912.
        QVERIFY(std::abs(clopperPearsonPValue(0, 30, 0.1) - 0.0423912) < 1e-7);
        // One in ten: 0.9^10 + 10 · 0.1 · 0.9^9 = 0.3486784 + 0.3874205 = 0.7360989.
        QVERIFY(std::abs(clopperPearsonPValue(1, 10, 0.1) - 0.7360989) < 1e-7);
        for (auto [k, n] : {std::pair{2, 100}, {7, 60}, {30, 400}})
            QVERIFY(std::abs(clopperPearsonPValue(k, n, 0.1) - binomialCdf(k, n, 0.1)) < 1e-12);
        // It rejects at δ exactly when the Clopper–Pearson bound is below α.
        for (int k = 0; k < 12; ++k) {
            const bool rejected = clopperPearsonPValue(k, 120, 0.1) <= 0.05;
            QCOMPARE(rejected, clopperPearsonUpper(k, 120, 0.05) < 0.1);
        }
        QCOMPARE(clopperPearsonPValue(0, 0, 0.1), 1.0);
        QCOMPARE(clopperPearsonPValue(4, 4, 0.1), 1.0);
    }

    void hoeffdingBentkusByHand()
    {
        // No error in 50: h1(0, 0.1) = ln(1/0.9), so the Hoeffding term is 0.9^50 = 0.0051538, below the
        // Bentkus term e · 0.9^50.
        QVERIFY(std::abs(hoeffdingBentkusPValue(0, 50, 0.1) - std::pow(0.9, 50)) < 1e-12);
        QVERIFY(std::abs(hoeffdingBentkusPValue(0, 50, 0.1) - 0.0051538) < 1e-7);
        // Two in 100: h1(0.02, 0.1) = 0.02 ln 0.2 + 0.98 ln(0.98/0.9) = 0.0512658, e^(−5.12658) = 0.0059368;
        // Bentkus: e · P(Bin(100, 0.1) <= 2) = e · 0.0019449 = 0.0052867, the smaller.
        QVERIFY(std::abs(hoeffdingBentkusPValue(2, 100, 0.1) - 0.0052867) < 1e-7);
        // At or above α the Hoeffding term is 1 and the Bentkus term exceeds it.
        QCOMPARE(hoeffdingBentkusPValue(5, 10, 0.1), 1.0);
        QCOMPARE(hoeffdingBentkusPValue(0, 0, 0.1), 1.0);
        for (auto [k, n] : {std::pair{1, 20}, {3, 50}, {10, 60}, {30, 400}, {0, 7}}) {
            QVERIFY(std::abs(hoeffdingBentkusPValue(k, n, 0.1) - hoeffdingBentkus(k, n, 0.1)) < 1e-12);
            // Valid for any bounded loss, so never below the exact binomial tail.
            // (equal, up to rounding, without errors: both are then (1 − α)^n).
            QVERIFY(hoeffdingBentkusPValue(k, n, 0.1) >= clopperPearsonPValue(k, n, 0.1) * (1 - 1e-12));
        }
    }

    void holmCertifiesWhatBonferroniMisses()
    {
        // τ = 0.9: 0 errors in 60, p = 0.9^60 = 0.0017970; τ = 0.5: 2 in 65, p = P(Bin(65, 0.1) <= 2) = 0.0359732.
        Calibration calibration;
        calibration.add(0.9, 60, false);
        calibration.add(0.5, 3, false);
        calibration.add(0.5, 2, true);
        const auto bonferroni = certifyWith(calibration, Correction::Bonferroni, PValue::ClopperPearson);
        QCOMPARE(bonferroni.thresholdsTested, 2);
        QVERIFY(std::abs(bonferroni.tests[0].pValue - std::pow(0.9, 60)) < 1e-12);
        QVERIFY(std::abs(bonferroni.tests[1].pValue - binomialCdf(2, 65, 0.1)) < 1e-12);
        QVERIFY(std::abs(bonferroni.tests[1].pValue - 0.0359732) < 1e-7);
        // Bonferroni tests both at 0.025: only τ = 0.9 passes.
        QCOMPARE(bonferroni.threshold, 0.9);
        QCOMPARE(bonferroni.tests[1].level, 0.025);
        // Holm: the smaller p at 0.025 passes, the next at 0.05 passes too.
        const auto holm = certifyWith(calibration, Correction::Holm, PValue::ClopperPearson);
        QCOMPARE(holm.threshold, 0.5);
        QCOMPARE(holm.trusted, 65);
        QCOMPARE(holm.errors, 2);
        QCOMPARE(holm.tests[0].level, 0.025);
        QCOMPARE(holm.tests[1].level, 0.05);
        QCOMPARE(holm.pValue, holm.tests[1].pValue);
        // Its Clopper–Pearson bound at that level is below α, as the p-value said.
        QCOMPARE(holm.upperBound, clopperPearsonUpper(2, 65, 0.05));
        QVERIFY(holm.upperBound < 0.1);
        QCOMPARE(certifyWith(calibration, Correction::FixedSequence, PValue::ClopperPearson).threshold, 0.5);
        // Hoeffding–Bentkus is more cautious: e · 0.036 > 0.05, so only τ = 0.9 (p = 0.9^60, its Hoeffding term).
        const auto hb = certifyWith(calibration, Correction::Holm, PValue::HoeffdingBentkus);
        QCOMPARE(hb.threshold, 0.9);
        QVERIFY(std::abs(hb.tests[0].pValue - std::pow(0.9, 60)) < 1e-12);
    }

    void fixedSequenceStopsAtTheFirstFailure()
    {
        // A wrong forecast at 0.8 between clean blocks: 1 in 41 fails at δ = 0.05, so 0.7 is never tested.
        Calibration calibration;
        calibration.add(0.9, 40, false);
        calibration.add(0.8, 1, true);
        calibration.add(0.7, 200, false);
        const auto fixed = certifyWith(calibration, Correction::FixedSequence, PValue::ClopperPearson);
        QCOMPARE(fixed.threshold, 0.9);
        QVERIFY(!fixed.tests[1].certified);
        QCOMPARE(fixed.tests[2].level, 0.0);
        // Holm tests in order of p-value and looks past the bump: 0.9^40 = 0.0148 and P(Bin(241, 0.1) <= 1)
        // are both below their levels, 1 in 41 (p = 0.9^41 + 4.1 · 0.9^40 = 0.0739) is not.
        const auto holm = certifyWith(calibration, Correction::Holm, PValue::ClopperPearson);
        QCOMPARE(holm.threshold, 0.7);
        QVERIFY(!holm.tests[1].certified);
    }

    void holmCertifiesEveryThresholdBonferroniDoes()
    {
        std::mt19937_64 random(17);
        for (int trial = 0; trial < 200; ++trial) {
            Calibration calibration;
            const int blocks = 2 + int(random() % 8);
            for (int b = 0; b < blocks; ++b) {
                const double score = 0.95 - 0.1 * b;
                const double errorRate = std::uniform_real_distribution<double>(0.0, 0.25)(random);
                const int count = 5 + int(random() % 60);
                const int wrong = std::binomial_distribution<int>(count, errorRate)(random);
                calibration.add(score, count - wrong, false);
                calibration.add(score, wrong, true);
            }
            for (const auto pValue : {PValue::ClopperPearson, PValue::HoeffdingBentkus}) {
                const auto bonferroni = certifyWith(calibration, Correction::Bonferroni, pValue, 0.15);
                const auto holm = certifyWith(calibration, Correction::Holm, pValue, 0.15);
                QCOMPARE(holm.tests.size(), bonferroni.tests.size());
                for (std::size_t i = 0; i < holm.tests.size(); ++i)
                    QVERIFY(!bonferroni.tests[i].certified || holm.tests[i].certified);
                QVERIFY(holm.threshold <= bonferroni.threshold);
                // Hoeffding–Bentkus never certifies a threshold Clopper–Pearson refuses.
                if (pValue == PValue::HoeffdingBentkus) {
                    const auto exact = certifyWith(calibration, Correction::Holm, PValue::ClopperPearson, 0.15);
                    QVERIFY(exact.threshold <= holm.threshold);
                }
            }
        }
    }
};

KFX_TEST_GUILESS_MAIN(TestRiskControl)

} // namespace
} // namespace tst_riskcontrol

#include "tst_riskcontrol.moc"
