// The counterfactual replay on the spec's worked example and on generated v2 searches, and the live follower
// on a log the test appends to while reading.

#include "corpusarchive.h"
#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "model/speedupbin.h"
#include "replay/counterfactualreplay.h"
#include "replay/forecastreward.h"
#include "replay/logfollower.h"
#include "testforecasts.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <sstream>

#include "testmain.h"

namespace tst_replay {
namespace {

using namespace kfx;
using namespace kfx::replay;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string generatedLog(std::uint64_t seed, std::int64_t nodes)
{
    std::ostringstream out;
    generate::SyntheticGenerator(seed).write(generate::SyntheticKind::PuctV2, nodes, out);
    return out.str();
}

std::shared_ptr<Population> load(const std::string &text)
{
    auto file = loadText(text, "generated.jsonl");
    return file.population;
}

// A stand-in surrogate built from the truth: `noise` 0 forecasts each kernel's true bin (bin 1 for a failure)
// with confidence 0.9; noise 1 shifts every third node's bin by one and lowers its confidence, deterministically.
ForecastTable standIn(const Population &population, int noise)
{
    ForecastTable table;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == NodeStatus::Seed)
            continue;
        int bin = node.reward() ? speedupBinFor(*node.reward()) : 1;
        double conf = 0.9;
        if (noise > 0 && i % 3 == 0) {
            bin = std::clamp(bin + (i % 2 == 0 ? 1 : -1), 1, 8);
            conf = 0.35;
        }
        table.set(node.id, peaked(bin, conf));
    }
    return table;
}

bool nonDecreasing(const std::vector<BestSoFarPoint> &series)
{
    for (std::size_t i = 1; i < series.size(); ++i) {
        if (series[i].evaluations < series[i - 1].evaluations || series[i].best < series[i - 1].best)
            return false;
    }
    return true;
}

int measuredChildren(const Population &population)
{
    int count = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        const bool failedMeasuring = node.status == NodeStatus::Failed && node.failureStage == FailureStage::Evaluation;
        count += node.status != NodeStatus::Seed && (node.evaluation || failedMeasuring) ? 1 : 0;
    }
    return count;
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void expectedSpeedupReward()
    {
        // Spec §2.7 (test_forecast_reward.py): delta on bin 5 → 2^0.375; 0.7·bin5 + 0.3·bin7 → 0.7·2^0.375 +
        // 0.3·2^1.25; A → 1.3149981395091384; uniform → 1.5030613214431296.
        QCOMPARE(replay::expectedSpeedupReward(peaked(5, 1.0)), std::exp2(0.375));
        Forecast mix;
        mix.probabilities = {0, 0, 0, 0, 0.7, 0, 0.3, 0};
        QVERIFY(std::abs(replay::expectedSpeedupReward(mix) - (0.7 * std::exp2(0.375) + 0.3 * std::exp2(1.25)))
                < 1e-15);
        Forecast a;
        a.probabilities = {0, 0, .05, .1, .6, .2, .05, 0};
        QVERIFY(std::abs(replay::expectedSpeedupReward(a) - 1.3149981395091384) < 1e-12);
        Forecast uniform;
        uniform.probabilities.fill(0.125);
        QVERIFY(std::abs(replay::expectedSpeedupReward(uniform) - 1.5030613214431296) < 1e-12);
    }

    void workedExampleByHand()
    {
        // Spec §4.1's worked example: root 1.0; step 0 children 2.0 (N001), 1.5, 0.8, compile failure; step 1
        // N001 → 3.0 (N005), 2.5 and N002 → a timed-out evaluation.
        const auto file = loadFile(KFX_TEST_DATA_DIR "/search/puct-worked-example-v2.jsonl");
        QVERIFY(file.population);
        const auto &recorded = *file.population;

        CounterfactualConfig config;
        config.measurePerParent = 1;
        const auto outcomes = replayPolicies(recorded, std::vector{ReplayPolicy::Standard, ReplayPolicy::Oracle},
                                             config, nullptr);
        const auto &standard = outcomes[0];
        QCOMPARE(standard.evaluations, 7); // the timed-out evaluation spent GPU time too
        QCOMPARE(standard.finalBest, std::optional(3.0));
        QCOMPARE(standard.expansions, 3);

        // The oracle measures N001 only, so N002 never enters its archive and step 1 offers it N001's children
        // alone: 2 evaluations, best 1.0 → 2.0 → 3.0.
        const auto &oracle = outcomes[1];
        QCOMPARE(oracle.evaluations, 2);
        QCOMPARE(oracle.expansions, 2);
        QCOMPARE(oracle.oracleMatches, 2);
        QCOMPARE(oracle.series.size(), std::size_t(3));
        QCOMPARE(oracle.series[1].evaluations, 1);
        QCOMPARE(oracle.series[1].best, 2.0);
        QCOMPARE(oracle.series[2].evaluations, 2);
        QCOMPARE(oracle.series[2].best, 3.0);

        // The standard policy is the recorded search: same archive, same PUCT statistics.
        CounterfactualReplay replay(ReplayPolicy::Standard, config, nullptr);
        replay.advance(recorded);
        const auto &ours = replay.population();
        QCOMPARE(ours.archive.size(), recorded.archive.size());
        for (std::size_t i = 0; i < ours.archive.size(); ++i)
            QCOMPARE(ours.node(ours.archive[i]).id, recorded.node(recorded.archive[i]).id);
        QCOMPARE(ours.globalExpansionCount, recorded.globalExpansionCount);
    }

    void policiesOnGeneratedSearches_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("noise");
        QTest::addColumn<int>("k");
        QTest::newRow("seed 1, exact surrogate, k 1") << quint64(1) << 0 << 1;
        QTest::newRow("seed 2, noisy surrogate, k 2") << quint64(2) << 1 << 2;
        QTest::newRow("seed 3, noisy surrogate, k 1") << quint64(3) << 1 << 1;
    }

    void policiesOnGeneratedSearches()
    {
        QFETCH(quint64, seed);
        QFETCH(int, noise);
        QFETCH(int, k);
        const auto recorded = load(generatedLog(seed, 160));
        QVERIFY(recorded && recorded->steps.size() > 3);
        const auto forecasts = standIn(*recorded, noise);

        CounterfactualConfig config;
        config.measurePerParent = k;
        config.seed = seed;
        config.gate = {metrics::ConfidenceScore::MaxProb, 0.5};
        const auto outcomes = replayPolicies(*recorded, kReplayPolicies, config, &forecasts);
        auto outcomeOf = [&](ReplayPolicy policy) {
            return *std::find_if(outcomes.begin(), outcomes.end(),
                                 [&](const PolicyOutcome &o) { return o.policy == policy; });
        };
        const auto standard = outcomeOf(ReplayPolicy::Standard);
        const auto oracle = outcomeOf(ReplayPolicy::Oracle);
        QCOMPARE(standard.evaluations, measuredChildren(*recorded));
        QCOMPARE(standard.finalBest, recorded->node(*recorded->bestArchiveNode()).reward());
        QCOMPARE(oracle.oracleMatches, oracle.expansions);
        for (const auto &outcome : outcomes) {
            const auto name = QString::fromUtf8(replayPolicyName(outcome.policy).data());
            QVERIFY2(nonDecreasing(outcome.series), qPrintable(name));
            QVERIFY2(outcome.evaluations <= standard.evaluations, qPrintable(name));
            QVERIFY2(outcome.finalBest && *outcome.finalBest <= *oracle.finalBest, qPrintable(name));
            QVERIFY2(outcome.series.back().evaluations == outcome.evaluations, qPrintable(name));
        }
        // Measuring the truly best k of every reachable expansion finds the best kernel the search ever saw.
        QCOMPARE(oracle.finalBest, standard.finalBest);
        for (auto policy : {ReplayPolicy::Random, ReplayPolicy::SurrogateTopK, ReplayPolicy::Oracle})
            QVERIFY(outcomeOf(policy).evaluations <= outcomeOf(policy).expansions * k);
        QVERIFY(outcomeOf(ReplayPolicy::Compound).trusted > 0);

        // Seeded: the same seed draws the same candidates.
        const auto again = replayPolicies(*recorded, std::vector{ReplayPolicy::Random}, config, &forecasts);
        QCOMPARE(again[0].evaluations, outcomeOf(ReplayPolicy::Random).evaluations);
        QCOMPARE(again[0].finalBest, outcomeOf(ReplayPolicy::Random).finalBest);
    }

    void gateExtremesAreTheStandardSearch()
    {
        const auto recorded = load(generatedLog(4, 120));
        const auto forecasts = standIn(*recorded, 1);
        CounterfactualConfig config;
        config.gate = {metrics::ConfidenceScore::MaxProb, kInf}; // trusts nothing: everything is measured
        const auto none = replayPolicies(
            *recorded, std::vector{ReplayPolicy::Standard, ReplayPolicy::GateFilter, ReplayPolicy::Compound}, config,
            &forecasts);
        QCOMPARE(none[1].evaluations, none[0].evaluations);
        QCOMPARE(none[2].evaluations, none[0].evaluations);
        QCOMPARE(none[2].finalBest, none[0].finalBest);

        config.gate.threshold = -kInf; // trusts every forecast: the compound search measures nothing
        const auto all = replayPolicies(*recorded, std::vector{ReplayPolicy::Compound}, config, &forecasts);
        QCOMPARE(all[0].evaluations, 0);
        QVERIFY(all[0].trusted > 0);
    }

    // A person's Trust or Defer wins over the gate in both gate-driven policies, as it does in the window.
    void overridesChangeTheGatedPolicies()
    {
        const auto recorded = load(generatedLog(6, 160));
        const auto forecasts = standIn(*recorded, 0);
        CounterfactualConfig config;
        config.recordTrace = true;
        config.gate = {metrics::ConfidenceScore::MaxProb, -kInf}; // trusts every forecast
        const auto trusting = replayPolicies(*recorded, std::vector{ReplayPolicy::Compound}, config, &forecasts)[0];
        QCOMPARE(trusting.evaluations, 0);
        QVERIFY(trusting.trace.size() >= 3);
        QCOMPARE(trusting.trace.size(), std::size_t(trusting.trusted));

        // Deferring the first three candidates by hand sends exactly those to the GPU (they come from the seed's
        // first expansion, which every archive reaches).
        std::vector<std::string> deferred;
        for (std::size_t i = 0; i < 3; ++i) {
            deferred.push_back(trusting.trace[i].nodeId);
            config.overrides[trusting.trace[i].nodeId] = {gate::OverrideMode::Defer, "measure these"};
        }
        const auto overruled = replayPolicies(*recorded, std::vector{ReplayPolicy::Compound}, config, &forecasts)[0];
        QVERIFY(overruled.evaluations >= 3);
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(overruled.trace[i].nodeId, deferred[i]);
            QVERIFY(overruled.trace[i].fate == CandidateEvent::Fate::Measured);
            QVERIFY(overruled.trace[i].gate->reason == gate::DecisionReason::OverriddenDefer);
            QCOMPARE(overruled.trace[i].measured, recorded->node(*recorded->find(deferred[i])).reward());
        }

        // The other way round: a gate that trusts nothing measures everything, save what a person trusted.
        config.gate.threshold = kInf;
        config.overrides.clear();
        const auto measuring = replayPolicies(*recorded, std::vector{ReplayPolicy::Compound, ReplayPolicy::GateFilter},
                                              config, &forecasts);
        QCOMPARE(measuring[0].trusted, 0);
        QCOMPARE(measuring[1].dropped, 0);
        const auto first = measuring[0].trace.front().nodeId;
        config.overrides[first] = {gate::OverrideMode::Trust, {}};
        const auto trustedByHand = replayPolicies(
            *recorded, std::vector{ReplayPolicy::Compound, ReplayPolicy::GateFilter}, config, &forecasts);
        QCOMPARE(trustedByHand[0].trusted, 1);
        QVERIFY(trustedByHand[0].trace.front().fate == CandidateEvent::Fate::Trusted);
        QVERIFY(trustedByHand[0].evaluations < measuring[0].evaluations);
        // The gate filter drops a kernel trusted by hand only when its forecast is slower than its parent.
        const auto parentBin = trySpeedupBinFor(
            *recorded->node(*recorded->find(trustedByHand[1].trace.front().parentId)).reward());
        const bool slower = parentBin && trustedByHand[1].trace.front().predictedBin < *parentBin;
        QCOMPARE(trustedByHand[1].dropped, slower ? 1 : 0);

        // Trusted by hand with no forecast at all: nothing to admit it with, so it is measured, not lost.
        const auto blind = replayPolicies(*recorded, std::vector{ReplayPolicy::Compound}, config, nullptr)[0];
        QCOMPARE(blind.trusted, 0);
        QVERIFY(blind.trace.front().fate == CandidateEvent::Fate::Measured);
    }

    void budgetCapsEvaluations()
    {
        const auto recorded = load(generatedLog(5, 120));
        CounterfactualConfig config;
        config.evaluationBudget = 10;
        const auto outcomes = replayPolicies(*recorded, std::vector{ReplayPolicy::Standard}, config, nullptr);
        QCOMPARE(outcomes[0].evaluations, 10);
        QVERIFY(outcomes[0].series.back().evaluations <= 10);
        QCOMPARE(outcomes[0].stop, StopReason::BudgetSpent);
    }

    // Issue 23: a search proposes the same kernel again and again (the corpus's rms_norm selective search on the
    // H100: 466 candidates, 248 distinct codes). Each distinct code is held once, by every node that carries
    // it, which took the 80,000-kernel log's peak memory from 0.54 to 0.20 times the file.
    void eachDistinctCodeIsHeldOnce()
    {
        QTemporaryDir dir;
        const auto unpacked = corpusarchive::unpack(QStringLiteral(KFX_CORPUS_ARCHIVE), dir.path(),
                                                    {QStringLiteral("*/rms_norm-selective.jsonl")});
        QVERIFY2(unpacked.isEmpty(), qPrintable(unpacked));
        const auto file = loadFile(dir.filePath(QStringLiteral("rms_norm-selective.jsonl")).toStdString());
        QVERIFY(file.population);
        const auto &population = *file.population;
        std::map<std::string, const char *> heldAt;
        std::size_t withCode = 0;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &code = population.node(i).code;
            if (code.empty())
                continue;
            ++withCode;
            const auto held = heldAt.try_emplace(code.str(), code.data()).first;
            QCOMPARE(static_cast<const void *>(held->second), static_cast<const void *>(code.data()));
        }
        QVERIFY(heldAt.size() < withCode);
    }

    // Issue 23: on the demo's row_softmax search (H100 measurements), random k spent 2 evaluations and top-k none,
    // and nothing said why. Each now names its reason; measuring everything replays to the end.
    void eachPolicySaysWhyItStopped()
    {
        const auto file = loadFile(KFX_DEMO_DIR "/row_softmax-search.jsonl");
        QVERIFY(file.population);
        const auto &recorded = *file.population;
        const auto outcomes = replayPolicies(
            recorded, std::vector{ReplayPolicy::Standard, ReplayPolicy::Random, ReplayPolicy::SurrogateTopK}, {},
            nullptr);
        QCOMPARE(outcomes[0].stop, StopReason::RecordedSearchEnded);
        QVERIFY(!outcomes[0].offPathFromStep);

        // Random k: from some step on, the recorded search expanded only kernels it never admitted.
        const auto &random = outcomes[1];
        QVERIFY(random.evaluations < outcomes[0].evaluations);
        QCOMPARE(random.stop, StopReason::OffTheRecordedPath);
        QVERIFY(random.offPathFromStep);
        const auto &lastStep = recorded.steps.back();
        QVERIFY(*random.offPathFromStep <= lastStep.step);
        // Checked by hand at the last step: none of the parents it expanded is in random k's archive.
        CounterfactualReplay replay(ReplayPolicy::Random, {}, nullptr);
        replay.advance(recorded);
        for (const auto parent : lastStep.parents) {
            const auto &id = recorded.node(parent).id;
            const auto ours = replay.population().find(id);
            QVERIFY(!ours || !replay.population().node(*ours).inArchive);
        }

        QCOMPARE(outcomes[2].evaluations, 0);
        QCOMPARE(outcomes[2].stop, StopReason::NoForecasts);
        QCOMPARE(stopReasonName(outcomes[1].stop), std::string_view("off_the_recorded_path"));
    }

    void followsAGrowingLog()
    {
        QTemporaryDir dir;
        const auto path = dir.filePath(QStringLiteral("events.jsonl")).toStdString();
        const std::string text = generatedLog(6, 140);
        const auto whole = load(text);
        const auto lines = std::count(text.begin(), text.end(), '\n');

        LogFollower follower(path);
        QCOMPARE(follower.poll(), 0); // not written yet
        CounterfactualConfig config;
        CounterfactualReplay live(ReplayPolicy::Random, config, nullptr);

        // Append in uneven pieces, cutting lines in half, polling in between as a file watcher would.
        std::ofstream out(path, std::ios::binary);
        std::size_t written = 0;
        int applied = 0;
        for (const double share : {0.013, 0.2, 0.55, 0.9, 1.0}) {
            const auto until = std::size_t(double(text.size()) * share);
            out.write(text.data() + written, std::streamsize(until - written));
            out.flush();
            written = until;
            const bool midLine = text[written - 1] != '\n';
            applied += follower.poll();
            QCOMPARE(follower.waitingForLine(), midLine);
            QCOMPARE(std::int64_t(follower.offset()), std::int64_t(text.rfind('\n', written - 1) + 1));
            live.advance(follower.population());
        }
        QCOMPARE(follower.poll(), 0);
        QCOMPARE(applied, int(lines));
        QVERIFY2(follower.diagnostics().empty(),
                 follower.diagnostics().empty() ? "" : follower.diagnostics()[0].message.c_str());
        QCOMPARE(follower.format(), DataFormat::PuctV2);
        QCOMPARE(follower.population().size(), whole->size());
        QCOMPARE(follower.population().archive, whole->archive);

        // The replay fed step by step ends where a replay of the finished log does.
        const auto once = replayPolicies(*whole, std::vector{ReplayPolicy::Random}, config, nullptr);
        QCOMPARE(live.outcome().evaluations, once[0].evaluations);
        QCOMPARE(live.outcome().finalBest, once[0].finalBest);
        QCOMPARE(live.outcome().series.size(), once[0].series.size());
    }
};

KFX_TEST_GUILESS_MAIN(TestReplay)

} // namespace
} // namespace tst_replay

#include "tst_replay.moc"
