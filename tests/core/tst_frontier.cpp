// Issue 17's GPU-budget frontier on generated v2 searches: each curve's points recomputed here from the
// recorded search and the replay's trace, and the coverage threshold by trying every threshold.

#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "model/speedupbin.h"
#include "replay/gpubudgetfrontier.h"
#include "testforecasts.h"

#include <QTest>

#include <sstream>

#include "testmain.h"

namespace tst_frontier {
namespace {

using namespace kfx;
using namespace kfx::replay;

namespace {

std::shared_ptr<Population> generatedSearch(std::uint64_t seed, std::int64_t nodes)
{
    std::ostringstream out;
    generate::SyntheticGenerator(seed).write(generate::SyntheticKind::PuctV2, nodes, out);
    return loadText(out.str(), "generated.jsonl").population;
}

bool failed(const KernelNode &node)
{
    const auto kind = node.evaluation ? node.evaluation->kind : OutcomeKind::NoFeedback;
    return kind == OutcomeKind::CompileFailed || kind == OutcomeKind::RuntimeError || kind == OutcomeKind::Incorrect;
}

// What a trusted forecast is judged against: the measured bin, and bin 0 for a kernel that failed, which every
// forecast gets wrong.
std::optional<int> truthOf(const KernelNode &node)
{
    if (failed(node))
        return 0;
    const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
    return speedup ? trySpeedupBinFor(*speedup) : std::nullopt;
}

// Every third kernel's forecast is a bin off at confidence 0.4; the others name the true bin at 0.9. A kernel that
// fails gets bin 1 at 0.4: a surrogate unsure of it.
ForecastTable standIn(const Population &population)
{
    ForecastTable table;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == NodeStatus::Seed)
            continue;
        const int truth = std::max(truthOf(node).value_or(1), 1);
        table.set(node.id, i % 3 == 0 || failed(node) ? peaked(truth == 8 ? 7 : truth + 1, 0.4) : peaked(truth, 0.9));
    }
    return table;
}

const FrontierCurve &curveOf(const std::vector<FrontierCurve> &curves, FrontierPolicy policy)
{
    return *std::find_if(curves.begin(), curves.end(), [&](const auto &curve) { return curve.policy == policy; });
}

} // namespace

class TestFrontier : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Measuring everything trusts nothing, and its best so far ends at the best reward the search recorded.
    void measureAllEndsAtTheRecordedBest()
    {
        const auto search = generatedSearch(3, 160);
        const auto forecasts = standIn(*search);
        const auto curves = gpuBudgetFrontier(*search, forecasts, {}, {});
        QCOMPARE(curves.size(), std::size(kFrontierPolicies));
        const auto &all = curveOf(curves, FrontierPolicy::MeasureAll);
        double recordedBest = 0.0;
        for (std::size_t i = 0; i < search->size(); ++i)
            recordedBest = std::max(recordedBest, search->node(i).reward().value_or(0.0));
        QCOMPARE(all.points.back().best, recordedBest);
        for (std::size_t i = 0; i < all.points.size(); ++i) {
            QCOMPARE(all.points[i].evaluations, int(i)); // one point per evaluation
            QCOMPARE(all.points[i].trusted, 0);
            QVERIFY(std::isnan(all.points[i].risk()));
            QVERIFY(i == 0 || all.points[i].best >= all.points[i - 1].best);
        }
    }

    // The threshold curve against the abstaining replay's own trace, walked here: at each evaluation count, the
    // trusted kernels met so far that were measured in the recorded search, and those whose forecast bin is not
    // the bin of their recorded speedup.
    void thresholdCurveCountsTrustedAndWrong()
    {
        const auto search = generatedSearch(8, 200);
        const auto forecasts = standIn(*search);
        FrontierSettings settings;
        settings.threshold = 0.3; // trusts every forecast, the wrong ones included
        const auto curves = gpuBudgetFrontier(*search, forecasts, settings, {});
        const auto &curve = curveOf(curves, FrontierPolicy::Threshold);
        QCOMPARE(curve.threshold, 0.3);

        CounterfactualConfig config;
        config.recordTrace = true;
        config.gate.threshold = 0.3;
        CounterfactualReplay replay(ReplayPolicy::Compound, config, &forecasts);
        replay.advance(*search);
        std::map<int, std::pair<int, int>> expected; // evaluations -> (trusted, wrong) by then
        int trusted = 0;
        int wrong = 0;
        int failures = 0;
        for (const auto &event : replay.outcome().trace) {
            if (event.fate == CandidateEvent::Fate::Trusted) {
                const auto truth = truthOf(search->node(*search->find(event.nodeId)));
                trusted += truth ? 1 : 0;
                wrong += truth && *truth != *event.predictedBin ? 1 : 0;
                failures += truth == 0 ? 1 : 0;
            }
            expected[event.evaluationsAfter] = {trusted, wrong};
        }
        QVERIFY(trusted > 20);
        QVERIFY(failures > 0); // trusted kernels that then failed, each counted wrong
        QVERIFY(wrong > failures && wrong < trusted);
        for (const auto &point : curve.points) {
            const auto found = expected.find(point.evaluations);
            if (found == expected.end()) {
                QCOMPARE(point.evaluations, 0); // nothing settled before the first measurement
                continue;
            }
            QCOMPARE(point.trusted, found->second.first);
            QCOMPARE(point.wrong, found->second.second);
            QCOMPARE(point.risk(), double(point.wrong) / point.trusted);
        }
        QCOMPARE(curve.points.back().trusted, trusted);
    }

    // The coverage curve cuts where the gate bar's Set does: K = round-half-even(target·n) forecasts trusted, the
    // threshold midway between the K-th and the (K+1)-th highest score of the measured candidates.
    void coverageCurveTrustsTheTargetShare()
    {
        const auto search = generatedSearch(8, 200);
        const auto forecasts = standIn(*search);
        FrontierSettings settings;
        settings.targetCoverage = 0.4;
        const auto curves = gpuBudgetFrontier(*search, forecasts, settings, {});
        std::vector<double> scores;
        for (const auto &row : measuredCandidateRows(*search, forecasts))
            scores.push_back(row.forecast->probabilities[std::size_t(row.forecast->predictedBin - 1)]);
        std::sort(scores.begin(), scores.end(), std::greater<>());
        const auto k = std::size_t(std::nearbyint(0.4 * double(scores.size()))); // half to even by default
        QVERIFY(k > 0 && k < scores.size());
        QCOMPARE(curveOf(curves, FrontierPolicy::Coverage).threshold, (scores[k - 1] + scores[k]) / 2.0);
    }

    // The certified curve uses the risk-controlled threshold of the search's measured candidates.
    void certifiedUsesTheRiskControlledThreshold()
    {
        const auto search = generatedSearch(8, 200);
        const auto forecasts = standIn(*search);
        const auto curves = gpuBudgetFrontier(*search, forecasts, {}, {});
        const auto rows = measuredCandidateRows(*search, forecasts);
        QVERIFY(rows.size() > 50);
        gate::RiskControlRequest request;
        const auto expected = gate::riskControlledThreshold(rows, request);
        QVERIFY(expected.certified);
        QCOMPARE(curveOf(curves, FrontierPolicy::Certified).threshold, expected.threshold);
        // Only the confident forecasts (all right, none of a kernel that fails) pass: the certified curve trusts no
        // wrong one.
        QCOMPARE(curveOf(curves, FrontierPolicy::Certified).points.back().wrong, 0);
        QVERIFY(curveOf(curves, FrontierPolicy::Certified).points.back().trusted > 0);
    }
};

KFX_TEST_GUILESS_MAIN(TestFrontier)

} // namespace
} // namespace tst_frontier

#include "tst_frontier.moc"
