// The gate against spec §2.4's rules and §2.7's six-row example, and the risk-controlled threshold against
// Clopper–Pearson bounds worked out by hand.

#include "gate/gatepolicy.h"
#include "testforecasts.h"
#include "gate/riskcontrol.h"
#include "metrics/selectiveprediction.h"
#include "model/speedupbin.h"

#include <QTest>

#include <cmath>
#include <vector>

#include "testmain.h"

namespace tst_gate {
namespace {

using namespace kfx;
using namespace kfx::gate;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Spec §2.7's six-row example: max_prob scores 0.7, 0.4, 0.5, 0.3, 0.6 and a parse failure.
struct SixRows {
    std::vector<SurrogateAnswer> answers{peaked(1, .7), peaked(4, .4), peaked(4, .5), peaked(5, .3), peaked(7, .6)};
    std::vector<metrics::SelectiveRow> rows;
    SixRows()
    {
        const double speedups[] = {0.3, 0.8, 1.2, 1.7, 2.5, 5.0};
        for (std::size_t i = 0; i < 6; ++i)
            rows.push_back(
                {speedupBinFor(speedups[i]), speedups[i], i < 5 ? &std::get<Forecast>(answers[i]) : nullptr});
    }
    const SurrogateAnswer *answer(std::size_t i) const { return i < answers.size() ? &answers[i] : nullptr; }
};

// P(X <= k) for X ~ Binomial(n, p), summed in logs: an independent check that a bound solves the
// Clopper–Pearson equation P(X <= k | p_upper) = delta.
double binomialCdf(int k, int n, double p)
{
    double total = 0.0;
    for (int i = 0; i <= k; ++i) {
        total += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + i * std::log(p)
                          + (n - i) * std::log1p(-p));
    }
    return total;
}

// `count` calibration rows with the given max_prob score, each right or wrong.
void addRows(std::vector<Forecast> &forecasts, std::vector<std::pair<int, bool>> &rows, double score, int count,
             bool wrong)
{
    for (int i = 0; i < count; ++i) {
        forecasts.push_back(peaked(5, score));
        rows.push_back({wrong ? 6 : 5, wrong});
    }
}

std::vector<metrics::SelectiveRow> selectiveRows(const std::vector<Forecast> &forecasts,
                                                 const std::vector<std::pair<int, bool>> &truth, int parseFailures)
{
    std::vector<metrics::SelectiveRow> rows;
    for (std::size_t i = 0; i < forecasts.size(); ++i)
        rows.push_back({truth[i].first, 1.5, &forecasts[i]});
    for (int i = 0; i < parseFailures; ++i)
        rows.push_back({5, 1.5, nullptr});
    return rows;
}

} // namespace

class TestGate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sixRowsAtTheCoverageThreshold()
    {
        SixRows six;
        // match_coverage_with_threshold(0.5): K = round(3) = 3, scores 0.7 0.6 0.5 | 0.4 0.3 → τ = 0.45.
        const double threshold = metrics::thresholdForCoverage(six.rows, metrics::ConfidenceScore::MaxProb, 0.5);
        QCOMPARE(threshold, 0.45);
        std::vector<GateInput> inputs;
        for (std::size_t i = 0; i < 6; ++i)
            inputs.push_back(gateInput(six.answer(i), metrics::ConfidenceScore::MaxProb));
        std::vector<GateDecision> decisions(inputs.size());
        decideAll(inputs, threshold, decisions);
        const bool expected[] = {true, false, true, false, true, false};
        for (std::size_t i = 0; i < 6; ++i)
            QCOMPARE(decisions[i].trusted(), expected[i]);
        QCOMPARE(decisions[5].reason, DecisionReason::NoForecast);
        QCOMPARE(decisions[1].reason, DecisionReason::ScoreBelowThreshold);
        const auto counts = countDecisions(decisions);
        QCOMPARE(counts.trusted, 3);
        QCOMPARE(counts.deferred, 3);
        QCOMPARE(counts.coverage(), 0.5);
    }

    void tiesAreTrusted()
    {
        SixRows six;
        const auto input = gateInput(six.answer(2), metrics::ConfidenceScore::MaxProb); // score exactly 0.5
        QCOMPARE(decide(input, 0.5).reason, DecisionReason::ScoreAtOrAboveThreshold);
        QVERIFY(!decide(input, std::nextafter(0.5, 1.0)).trusted());
        // −inf trusts every parsed forecast but never a parse failure; +inf trusts nothing.
        QVERIFY(decide(input, -kInf).trusted());
        QVERIFY(!decide(gateInput(nullptr, metrics::ConfidenceScore::MaxProb), -kInf).trusted());
        QVERIFY(!decide(input, kInf).trusted());
    }

    void everyScoreOfTheReference()
    {
        // Spec §2.7: A = (0,0,.05,.1,.6,.2,.05,0) predicted 5.
        Forecast a;
        a.probabilities = {0, 0, .05, .1, .6, .2, .05, 0};
        a.predictedBin = 5;
        const SurrogateAnswer answer = a;
        QCOMPARE(gateInput(&answer, metrics::ConfidenceScore::MaxProb).score, 0.6);
        QVERIFY(std::abs(gateInput(&answer, metrics::ConfidenceScore::NegEntropy).score - 0.44301646851511034) < 1e-12);
        QVERIFY(std::abs(gateInput(&answer, metrics::ConfidenceScore::Top2Margin).score - 0.4) < 1e-12);
        QVERIFY(std::abs(gateInput(&answer, metrics::ConfidenceScore::ExpectedBin).score - 5.1) < 1e-12);
    }

    void overridesAndDeferralsComeFirst()
    {
        SixRows six;
        const SurrogateAnswer deferral = Deferral{"the kernel uses a cluster launch I cannot reason about"};
        const auto modelDeferred = decide(gateInput(&deferral, metrics::ConfidenceScore::MaxProb), -kInf);
        QCOMPARE(modelDeferred.reason, DecisionReason::ModelDeferred);
        QVERIFY(!modelDeferred.trusted());
        QVERIFY(explain(modelDeferred, &deferral, nullptr).find("cluster launch") != std::string::npos);

        const GateOverride trust{OverrideMode::Trust, "measured by hand last week"};
        const auto trusted = decide(gateInput(&deferral, metrics::ConfidenceScore::MaxProb, trust.mode), kInf);
        QVERIFY(trusted.trusted() && trusted.overridden());
        QVERIFY(explain(trusted, &deferral, &trust).find("last week") != std::string::npos);

        const auto confident = gateInput(six.answer(0), metrics::ConfidenceScore::MaxProb, OverrideMode::Defer);
        QCOMPARE(decide(confident, 0.0).reason, DecisionReason::OverriddenDefer);
        // A parse failure can be trusted by hand too: the person knows something the file does not.
        QVERIFY(decide(gateInput(nullptr, metrics::ConfidenceScore::MaxProb, OverrideMode::Trust), 0.0).trusted());

        std::vector<GateDecision> decisions{trusted, decide(confident, 0.0), modelDeferred};
        QCOMPARE(countDecisions(decisions).overridden, 2);
        QCOMPARE(overrideModeFromName("defer"), std::optional(OverrideMode::Defer));
        QVERIFY(!overrideModeFromName("maybe"));
    }

    void clopperPearsonByHand()
    {
        // 0 errors in n: P(X = 0) = (1 − p)^n = δ, so p = 1 − δ^(1/n). n = 30, δ = 0.05: 1 − e^(ln 0.05 / 30)
        // = 1 − e^(−0.0998577) = 1 − 0.9049661 = 0.0950339.
        QVERIFY(std::abs(clopperPearsonUpper(0, 30, 0.05) - (1.0 - std::pow(0.05, 1.0 / 30.0))) < 1e-12);
        QVERIFY(std::abs(clopperPearsonUpper(0, 30, 0.05) - 0.0950339) < 1e-6);
        // n − 1 errors in n: P(X <= n − 1) = 1 − p^n = δ, so p = (1 − δ)^(1/n). 4 of 5 at δ = 0.1:
        // 0.9^(1/5) = e^(ln 0.9 / 5) = e^(−0.0210721) = 0.9791484.
        QVERIFY(std::abs(clopperPearsonUpper(4, 5, 0.1) - 0.9791484) < 1e-6);
        // 1 of 2 at δ = 0.05: p² = 0.95, p = 0.9746794.
        QVERIFY(std::abs(clopperPearsonUpper(1, 2, 0.05) - 0.9746794) < 1e-6);
        // Every trial wrong, or none made: nothing is known.
        QCOMPARE(clopperPearsonUpper(3, 3, 0.05), 1.0);
        QCOMPARE(clopperPearsonUpper(0, 0, 0.05), 1.0);
        // The general case solves P(X <= k | p) = δ.
        for (auto [k, n] : {std::pair{1, 10}, {3, 50}, {10, 60}, {7, 400}}) {
            const double bound = clopperPearsonUpper(k, n, 0.05);
            QVERIFY2(std::abs(binomialCdf(k, n, bound) - 0.05) < 1e-9, qPrintable(QString::number(bound)));
        }
    }

    void riskControlledThresholds()
    {
        // 40 confident right, 20 middling with 10 wrong, 10 unsure all wrong, 1 parse failure; α = 0.1, δ = 0.05.
        std::vector<Forecast> forecasts;
        std::vector<std::pair<int, bool>> truth;
        addRows(forecasts, truth, 0.9, 40, false);
        addRows(forecasts, truth, 0.5, 10, false);
        addRows(forecasts, truth, 0.5, 10, true);
        addRows(forecasts, truth, 0.2, 10, true);
        const auto rows = selectiveRows(forecasts, truth, 1);

        // Bonferroni over 3 thresholds tests each at 0.05/3: τ = 0.9 has 0/40, bound 1 − (1/60)^(1/40)
        // = 1 − e^(−4.0943446/40) = 1 − 0.9027058 = 0.0972942 < 0.1; τ = 0.5 (10/60) and 0.2 (20/70) fail.
        RiskControlRequest request;
        request.alpha = 0.1;
        request.delta = 0.05;
        auto result = riskControlledThreshold(rows, request);
        QVERIFY(result.certified);
        QCOMPARE(result.threshold, 0.9);
        QCOMPARE(result.trusted, 40);
        QCOMPARE(result.errors, 0);
        QCOMPARE(result.thresholdsTested, 3);
        QVERIFY(std::abs(result.upperBound - 0.0972942) < 1e-6);
        QVERIFY(std::abs(result.coverage - 40.0 / 71.0) < 1e-15);

        // Asking for 5% cannot be certified with 40 clean rows: the gate then trusts nothing.
        request.alpha = 0.05;
        result = riskControlledThreshold(rows, request);
        QVERIFY(!result.certified);
        QCOMPARE(result.threshold, kInf);
        QCOMPARE(result.coverage, 0.0);
    }

    void correctionsDifferOnABump()
    {
        // A single wrong forecast at 0.8 between clean blocks: fixed-sequence stops at it; Bonferroni looks past.
        std::vector<Forecast> forecasts;
        std::vector<std::pair<int, bool>> truth;
        addRows(forecasts, truth, 0.9, 40, false);
        addRows(forecasts, truth, 0.8, 1, true);
        addRows(forecasts, truth, 0.7, 200, false);
        const auto rows = selectiveRows(forecasts, truth, 0);

        RiskControlRequest request;
        request.correction = Correction::FixedSequence;
        // τ = 0.9: 0/40 at δ = 0.05 → 1 − 0.05^(1/40) = 0.0721584 passes; τ = 0.8: 1/41 → bound ≈ 0.113 fails.
        auto fixed = riskControlledThreshold(rows, request);
        QCOMPARE(fixed.threshold, 0.9);
        QVERIFY(std::abs(fixed.upperBound - (1.0 - std::pow(0.05, 1.0 / 40.0))) < 1e-12);
        QVERIFY(clopperPearsonUpper(1, 41, 0.05) > 0.1);

        request.correction = Correction::Bonferroni;
        auto bonferroni = riskControlledThreshold(rows, request);
        QCOMPARE(bonferroni.threshold, 0.7);
        QCOMPARE(bonferroni.trusted, 241);
        QCOMPARE(bonferroni.errors, 1);
        QCOMPARE(bonferroni.upperBound, clopperPearsonUpper(1, 241, 0.05 / 3.0));
        QVERIFY(bonferroni.upperBound < 0.1);

        // Off-by-one forecasts are not errors under the looser rule: all 241 are then clean.
        request.errorRule = ErrorRule::MoreThanOneBin;
        QCOMPARE(riskControlledThreshold(rows, request).errors, 0);
    }
};

KFX_TEST_GUILESS_MAIN(TestGate)

} // namespace
} // namespace tst_gate

#include "tst_gate.moc"
