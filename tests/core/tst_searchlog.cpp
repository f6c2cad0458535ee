// Search logs against the spec: the PUCT worked example (§4.1), the v2 and v3 example logs (§3.6.2, §3.7),
// their HF flattening, truncated tails and malformed input of every sort.

#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "io/isotimestamp.h"
#include "search/puct.h"
#include "testutils.h"
#include "textfiles.h"

#include <QFile>
#include <QTest>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <sstream>

#include "testmain.h"

namespace tst_searchlog {
namespace {

using namespace kfx;

using kfx::test::lines;

namespace {

std::string fixture(const char *name)
{
    QFile file(QStringLiteral(KFX_TEST_DATA_DIR "/search/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll().toStdString();
}

std::string joined(const std::vector<std::string> &parts, std::size_t count = std::string::npos)
{
    std::string text;
    for (std::size_t i = 0; i < std::min(count, parts.size()); ++i)
        text += parts[i] + '\n';
    return text;
}

// The worked example's nodes are named ...N000 to ...N007 after their place in the spec's walk-through.
std::string workedId(int n)
{
    return "01J0000000000000000000N0" + std::string(n < 10 ? "0" : "") + std::to_string(n);
}

std::vector<std::string> archiveIds(const Population &population)
{
    std::vector<std::string> ids;
    for (auto index : population.archive)
        ids.push_back(population.node(index).id);
    return ids;
}

int visits(const Population &population, const std::string &id)
{
    auto it = population.visitCounts.find(*population.find(id));
    return it == population.visitCounts.end() ? 0 : it->second;
}

// The id by value: GCC 13+ warns of a dangling reference when a function returning one takes a temporary string.
const KernelNode &nodeById(const Population &population, std::string_view id)
{
    return population.node(*population.find(id));
}

// The same log as the HF dataset flattens it: one row per event, the event as `payload`.
std::string flattened(const std::string &text, bool payloadAsString)
{
    std::string out;
    int index = 0;
    for (const auto &line : lines(text)) {
        const auto kindStart = line.find("\"kind\":\"") + 8;
        const auto kind = line.substr(kindStart, line.find('"', kindStart) - kindStart);
        std::string payload = line;
        if (payloadAsString) {
            payload = "\"";
            for (char c : line)
                payload += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
            payload += '"';
        }
        out += "{\"event_index\":" + std::to_string(index++) + ",\"event_kind\":\"" + kind + "\",\"payload\":" + payload
            + ",\"source_search\":\"trimul__e0091\",\"internal_experiment\":\"e0091\"}\n";
    }
    return out;
}

bool hasDiagnostic(const LoadedFile &loaded, std::int64_t line, const char *fragment)
{
    for (const auto &diagnostic : loaded.diagnostics) {
        if (diagnostic.line == line && diagnostic.message.find(fragment) != std::string::npos)
            return true;
    }
    return false;
}

std::set<std::string> archivedCodeOf(const Population &population)
{
    return {population.archivedCode.begin(), population.archivedCode.end()};
}

QString describe(const LoadedFile &loaded)
{
    QString text;
    for (const auto &diagnostic : loaded.diagnostics)
        text += QStringLiteral("\n  %1: %2").arg(diagnostic.line).arg(QString::fromStdString(diagnostic.message));
    return text;
}

} // namespace

class TestSearchLog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The logs kfx writes date their events as the published ones do: UTC, microseconds, a trailing Z. The
    // instant is 2025-11-03 17:42:08 UTC (1762191728 s after the epoch, by the calendar) and 123456 µs.
    void timestampsAreTheLogsIsoForm()
    {
        using namespace std::chrono;
        const system_clock::time_point when{seconds(1762191728) + microseconds(123456)};
        QCOMPARE(QString::fromStdString(kfx::io::isoTimestampUtc(when)), QStringLiteral("2025-11-03T17:42:08.123456Z"));
        QCOMPARE(QString::fromStdString(kfx::io::isoTimestampUtc(system_clock::time_point{})),
                 QStringLiteral("1970-01-01T00:00:00.000000Z"));
    }

    void rankPriorVectors()
    {
        const std::vector<double> ties{1, 2, 2, 3};
        const std::vector<double> expected{0.1, 0.3, 0.2, 0.4};
        const auto prior = puct::rankPrior(ties);
        for (std::size_t i = 0; i < expected.size(); ++i)
            QVERIFY(std::abs(prior[i] - expected[i]) < 1e-12);
        const std::vector<double> missing{1, -std::numeric_limits<double>::infinity(), 2};
        const auto withMissing = puct::rankPrior(missing);
        QVERIFY(std::abs(withMissing[0] - 1.0 / 3) < 1e-12);
        QVERIFY(std::abs(withMissing[1] - 1.0 / 6) < 1e-12);
        QVERIFY(std::abs(withMissing[2] - 1.0 / 2) < 1e-12);
    }

    void workedExampleAfterStepZero()
    {
        const auto all = lines(fixture("puct-worked-example-v2.jsonl"));
        // Lines 1..19: the seed, step_started, 4 children of 4 events each, and step_completed.
        const auto loaded = loadText(joined(all, 19), "step0.jsonl");
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded)));
        const auto &population = *loaded.population;
        QCOMPARE(archiveIds(population), (std::vector<std::string>{workedId(0), workedId(1), workedId(2)}));
        QCOMPARE(visits(population, workedId(0)), 1);
        QCOMPARE(population.bestChildRewards.at(*population.find(workedId(0))), 2.0);
        QCOMPARE(population.globalExpansionCount, 1);

        const auto scored = puct::scoreArchive(population);
        const std::pair<int, double> expected[] = {
            {1, 2.353553390593274}, {0, 2.058925565098879}, {2, 1.735702260395516}};
        QCOMPARE(scored.size(), std::size_t(3));
        for (std::size_t i = 0; i < scored.size(); ++i) {
            QCOMPARE(population.node(scored[i].node).id, workedId(expected[i].first));
            QVERIFY(std::abs(scored[i].score - expected[i].second) < 1e-9);
        }
        const auto batch = puct::selectParents(population, 2);
        QCOMPARE(batch.size(), std::size_t(2));
        QCOMPARE(population.node(batch[0]).id, workedId(1));
        QCOMPARE(population.node(batch[1]).id, workedId(2));
    }

    void workedExampleAfterStepOne()
    {
        const auto loaded = loadFile(KFX_TEST_DATA_DIR "/search/puct-worked-example-v2.jsonl");
        QCOMPARE(loaded.format, DataFormat::PuctV2);
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded)));
        const auto &population = *loaded.population;
        QCOMPARE(archiveIds(population),
                 (std::vector<std::string>{workedId(0), workedId(1), workedId(2), workedId(5), workedId(6)}));
        QCOMPARE(visits(population, workedId(0)), 3);
        QCOMPARE(visits(population, workedId(1)), 1);
        QCOMPARE(visits(population, workedId(2)), 1);
        QCOMPARE(population.bestChildRewards.size(), std::size_t(2));
        QCOMPARE(population.bestChildRewards.at(*population.find(workedId(1))), 3.0);
        QCOMPARE(population.globalExpansionCount, 3);
        QCOMPARE(population.currentStep, 2);

        const auto scored = puct::scoreArchive(population);
        const std::pair<int, double> expected[] = {{5, 4.0}, {6, 3.3}, {1, 3.3}, {0, 2.05}, {2, 1.7}};
        for (std::size_t i = 0; i < scored.size(); ++i) {
            QCOMPARE(population.node(scored[i].node).id, workedId(expected[i].first));
            QVERIFY(std::abs(scored[i].score - expected[i].second) < 1e-9);
        }
        const auto batch = puct::selectParents(population, 2); // siblings are not blocked
        QCOMPARE(population.node(batch[0]).id, workedId(5));
        QCOMPARE(population.node(batch[1]).id, workedId(6));

        // Everything the log mentions is there, not only the archive.
        QCOMPARE(population.size(), std::size_t(8));
        QCOMPARE(nodeById(population, workedId(3)).status, NodeStatus::NotAdmitted);
        QCOMPARE(nodeById(population, workedId(4)).status, NodeStatus::Failed);
        QCOMPARE(nodeById(population, workedId(4)).evaluation->kind, OutcomeKind::CompileFailed);
        const KernelNode timedOut = nodeById(population, workedId(7));
        QCOMPARE(timedOut.failureStage, FailureStage::Evaluation);
        QCOMPARE(timedOut.failureReason, std::string("timeout after 600.0s"));
        QCOMPARE(population.failedMutations.size(), std::size_t(1));
        QCOMPARE(population.node(population.failedMutations[0].parent).id, workedId(2));
        QCOMPARE(population.counters.mutationFailures, 1);
        QCOMPARE(population.counters.evaluationFailures, 1);
        QCOMPARE(population.counters.evaluationsCompleted, 6);
        QCOMPARE(population.counters.evaluationsCorrect, 5);
        QCOMPARE(population.ancestors(*population.find(workedId(5))),
                 (std::vector<std::size_t>{*population.find(workedId(1)), *population.find(workedId(0))}));
        QCOMPARE(population.node(*population.bestArchiveNode()).id, workedId(5));
    }

    void admissionOptions()
    {
        const auto path = KFX_TEST_DATA_DIR "/search/puct-worked-example-v2.jsonl";
        // Capacity 3: the seed stays, then the best rewards; the others are evicted but still shown.
        const auto capped = loadFile(path, ReplayOptions{2, 3});
        QCOMPARE(archiveIds(*capped.population), (std::vector<std::string>{workedId(0), workedId(5), workedId(6)}));
        QCOMPARE(nodeById(*capped.population, workedId(1)).status, NodeStatus::Evicted);
        QVERIFY(nodeById(*capped.population, workedId(1)).everInArchive);

        // One child per parent: 02 never enters, so its step-1 expansion counts for nothing.
        const auto single = loadFile(path, ReplayOptions{1, 1000});
        QCOMPARE(archiveIds(*single.population), (std::vector<std::string>{workedId(0), workedId(1), workedId(5)}));
        QCOMPARE(nodeById(*single.population, workedId(2)).status, NodeStatus::NotAdmitted);
        QCOMPARE(single.population->globalExpansionCount, 2);
    }

    void specExampleV2()
    {
        const auto loaded = loadFile(KFX_TEST_DATA_DIR "/search/spec-example-v2.jsonl");
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded)));
        const auto &population = *loaded.population;
        QCOMPARE(archiveIds(population),
                 (std::vector<std::string>{"0QV6H98H55CA1YWQSSK3B584MN", "5J52ECSR5540V34EM2Y972D3BH"}));
        QCOMPARE(population.globalExpansionCount, 1);
        QCOMPARE(population.bestChildRewards.begin()->second, 1.9);
        QCOMPARE(population.counters.evaluationsCompleted, 3);
        QCOMPARE(population.counters.evaluationsCorrect, 1);
        const KernelNode faulted = nodeById(population, "7F3E5G1H9J2K4M6N8P0Q2R4S6T");
        QCOMPARE(faulted.evaluation->kind, OutcomeKind::RuntimeError);
        QCOMPARE(faulted.parent, *population.find("0QV6H98H55CA1YWQSSK3B584MN"));
        const KernelNode root = nodeById(population, "0QV6H98H55CA1YWQSSK3B584MN");
        QCOMPARE(root.evaluation->cases.at(0).shape.size(), std::size_t(6));
    }

    void specExampleV3()
    {
        const auto loaded = loadFile(KFX_TEST_DATA_DIR "/search/spec-example-v3.jsonl", ReplayOptions{1, 1000});
        QCOMPARE(loaded.format, DataFormat::PuctV3);
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded)));
        const auto &population = *loaded.population;
        const std::string root = "2TW8DE79AH8FG1M82Y9DBF839D";
        QCOMPARE(archiveIds(population), (std::vector<std::string>{root, "7BNWC76SGHZGXD3T1MGX1MFQEY"}));
        QCOMPARE(visits(population, root), 1);
        QCOMPARE(population.bestChildRewards.at(*population.find(root)), 5.0);
        QCOMPARE(population.globalExpansionCount, 1);
        QCOMPARE(population.currentStep, 1);
        QCOMPARE(population.counters.forecastsCompleted, 3);
        QCOMPARE(population.counters.selected, 1);
        QCOMPARE(population.counters.deferred, 2);
        QCOMPARE(population.counters.stepsCompleted, 1);
        QCOMPARE(population.steps.at(0).parentScores, std::vector<double>{1.000001});
        QCOMPARE(population.context.opName, std::string("trimul"));
        QCOMPARE(population.context.hardware->multiprocessorCount, 108);

        const KernelNode deferred = nodeById(population, "33KD0S7N9W3CE4Q0M6FZ2J5TRA");
        QCOMPARE(deferred.status, NodeStatus::Deferred);
        QCOMPARE(*deferred.selectionScore, 4.2);
        QCOMPARE(deferred.forecasts.at(0).expectedBinIndex(), 4.2);
        QCOMPARE(deferred.forecasts.at(0).usage->outputTokens, std::int64_t(5));
        QCOMPARE(deferred.code, std::string("0011"));
    }

    void flattenedLogsReplayTheSame_data()
    {
        QTest::addColumn<bool>("payloadAsString");
        QTest::newRow("payload object") << false;
        QTest::newRow("payload string") << true;
    }
    void flattenedLogsReplayTheSame()
    {
        QFETCH(bool, payloadAsString);
        const auto direct = loadFile(KFX_TEST_DATA_DIR "/search/spec-example-v3.jsonl", ReplayOptions{1, 1000});
        const auto hf = loadText(flattened(fixture("spec-example-v3.jsonl"), payloadAsString), "hf.jsonl",
                                 ReplayOptions{1, 1000});
        QCOMPARE(hf.format, DataFormat::HfPuctV3);
        QVERIFY2(hf.diagnostics.empty(), qPrintable(describe(hf)));
        QCOMPARE(archiveIds(*hf.population), archiveIds(*direct.population));
        QCOMPARE(hf.population->size(), direct.population->size());

        const auto v2 = loadText(flattened(fixture("puct-worked-example-v2.jsonl"), payloadAsString), "hf2.jsonl");
        QCOMPARE(v2.format, DataFormat::HfPuctV2);
        QCOMPARE(archiveIds(*v2.population).size(), std::size_t(5));
    }

    void flattenedGapIsReported()
    {
        auto rows = lines(flattened(fixture("spec-example-v3.jsonl"), false));
        rows.erase(rows.begin() + 5);
        const auto loaded = loadText(joined(rows), "gap.jsonl", ReplayOptions{1, 1000});
        QVERIFY2(hasDiagnostic(loaded, 6, "event_index 6 follows 4"), qPrintable(describe(loaded)));
    }

    // Tolerated, but not silently: the cut line is a warning naming it, and the summary is partial.
    void truncatedTailIsTolerated()
    {
        const auto text = fixture("spec-example-v3.jsonl");
        const auto cut = text.substr(0, text.size() - 12); // inside the final step_completed line
        const auto loaded = loadText(cut, "live.jsonl", ReplayOptions{1, 1000});
        QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
        const auto &warning = loaded.diagnostics[0];
        QVERIFY(warning.isWarning());
        QCOMPARE(warning.line, std::int64_t(lines(cut).size()));
        QVERIFY2(warning.message.find("unfinished") != std::string::npos, warning.message.c_str());
        QCOMPARE(loaded.damagedLines, std::size_t(1));
        QVERIFY(loaded.truncatedTail);
        QCOMPARE(loaded.population->currentStep, 0); // the step never closed
        QCOMPARE(loaded.population->archive.size(), std::size_t(1));
        QCOMPARE(nodeById(*loaded.population, "7BNWC76SGHZGXD3T1MGX1MFQEY").status, NodeStatus::Pending);
    }

    void malformedLines_data()
    {
        QTest::addColumn<int>("lineNumber");
        QTest::addColumn<QString>("replacement");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << 4 << QStringLiteral("{\"kind\":\"mutation_requested\",")
                                  << QStringLiteral("invalid JSON");
        QTest::newRow("not an object") << 4 << QStringLiteral("[1,2,3]") << QStringLiteral("expected a JSON object");
        QTest::newRow("no kind") << 4 << QStringLiteral("{\"step\":0}") << QStringLiteral("missing field \"kind\"");
        QTest::newRow("unknown kind") << 4 << QStringLiteral("{\"kind\":\"teleported\"}")
                                      << QStringLiteral("unknown event kind");
        QTest::newRow("wrong type") << 3
                                    << QStringLiteral(
                                           "{\"kind\":\"step_started\",\"step\":\"zero\",\"parent_ulids\":[]}")
                                    << QStringLiteral("\"step\": expected an integer, found a string");
        QTest::newRow("bad utf-8") << 4 << QString::fromLatin1("{\"kind\":\"mutation_requested\",\"x\":\"\xff\"}")
                                   << QStringLiteral("UTF-8");
    }
    void malformedLines()
    {
        QFETCH(int, lineNumber);
        QFETCH(QString, replacement);
        QFETCH(QString, message);
        auto all = lines(fixture("spec-example-v2.jsonl"));
        all[lineNumber - 1] = replacement.toLatin1().toStdString();
        const auto loaded = loadText(joined(all), "broken.jsonl");
        QVERIFY2(hasDiagnostic(loaded, lineNumber, message.toUtf8().constData()), qPrintable(describe(loaded)));
        QVERIFY(loaded.readable);
        QVERIFY(loaded.population->size() >= 3); // the rest still loaded
    }

    void reducerPreconditionsAreReported()
    {
        auto all = lines(fixture("spec-example-v3.jsonl"));
        // Select a candidate that was never forecast: move the candidate_selected line before the forecasts.
        auto selected = all[16];
        all.erase(all.begin() + 16);
        all.insert(all.begin() + 5, selected);
        const auto loaded = loadText(joined(all), "order.jsonl", ReplayOptions{1, 1000});
        QVERIFY2(hasDiagnostic(loaded, 6, "is mutating, expected awaiting_selection"), qPrintable(describe(loaded)));

        auto orphan = lines(fixture("spec-example-v3.jsonl"));
        orphan[2] = R"({"kind":"mutation_requested","step":0,"request_id":"X","parent_ulid":"NOTINSTEP"})";
        const auto reported = loadText(joined(orphan), "orphan.jsonl", ReplayOptions{1, 1000});
        QVERIFY2(hasDiagnostic(reported, 3, "parent NOTINSTEP is not in the current step"),
                 qPrintable(describe(reported)));
    }

    void missingParentBecomesPlaceholder()
    {
        auto all = lines(fixture("spec-example-v2.jsonl"));
        all[1] = R"({"kind":"step_started","step":0,"parent_ulids":["01GHOST0000000000000000000"]})";
        const auto loaded = loadText(joined(all), "ghost.jsonl");
        QVERIFY(hasDiagnostic(loaded, 2, "kept as a placeholder"));
        QCOMPARE(nodeById(*loaded.population, "01GHOST0000000000000000000").status, NodeStatus::Placeholder);
    }

    // fuzz_search_log_v2 found a damaged log that introduces an archived node again with other code: the code
    // was replaced under the archive's duplicate check. The archived node keeps its code, the event is
    // reported with its line and ignored, and a later copy of the archived code is still kept out.
    void archivedNodeIntroducedAgainKeepsItsCode()
    {
        auto all = lines(fixture("spec-example-v2.jsonl"));
        const std::string archived = "5J52ECSR5540V34EM2Y972D3BH";
        const std::string success = all[12]; // the success (reward 1.9) of the archived node's request
        const auto completed = [&](const std::string &requestId) {
            auto line = success;
            line.replace(line.find("3Y11QF3A7GBZ4V2K7SGJ1756X4"), 26, requestId);
            return line;
        };
        all.push_back(R"({"kind":"step_started","step":1,"parent_ulids":["5J52ECSR5540V34EM2Y972D3BH"]})");
        all.push_back(
            R"({"kind":"evaluation_requested","request_id":"AGAIN","child_ulid":"5J52ECSR5540V34EM2Y972D3BH",)"
            R"("parent_ulid":"0QV6H98H55CA1YWQSSK3B584MN","code":"a rewritten kernel that lives on the heap"})");
        all.push_back(completed("AGAIN"));
        // An ordinary literal: moc misreads a '#' inside a raw string and then finds no test class.
        all.push_back(
            "{\"kind\":\"evaluation_requested\",\"request_id\":\"COPY\",\"child_ulid\":"
            "\"01COPYOFARCHIVEDCODE000000\",\"parent_ulid\":\"5J52ECSR5540V34EM2Y972D3BH\",\"code\":\"# kernel v2\"}");
        all.push_back(completed("COPY"));
        all.push_back(R"({"kind":"step_completed","step":1})");
        const auto loaded = loadText(joined(all), "again.jsonl");
        const auto &population = *loaded.population;
        QCOMPARE(nodeById(population, archived).code, std::string("# kernel v2"));
        QCOMPARE(nodeById(population, archived).parent, *population.find("0QV6H98H55CA1YWQSSK3B584MN"));
        QCOMPARE(archiveIds(population), (std::vector<std::string>{"0QV6H98H55CA1YWQSSK3B584MN", archived}));
        QCOMPARE(nodeById(population, "01COPYOFARCHIVEDCODE000000").status, NodeStatus::NotAdmitted);
        QCOMPARE(archivedCodeOf(population), (std::set<std::string>{"# seed kernel", "# kernel v2"}));
        QVERIFY2(hasDiagnostic(loaded, 17, "introduced again although it is an archive member"),
                 qPrintable(describe(loaded)));
        QVERIFY2(hasDiagnostic(loaded, 18, "no evaluation request AGAIN"), qPrintable(describe(loaded)));
    }

    // The same in a surrogate-filtered log, where a candidate is named by its request id.
    void archivedCandidateRequestedAgainKeepsItsCode()
    {
        auto all = lines(fixture("spec-example-v3.jsonl"));
        const std::string admitted = "7BNWC76SGHZGXD3T1MGX1MFQEY";
        all.push_back(R"({"kind":"step_started","step":1,"parent_ulids":["2TW8DE79AH8FG1M82Y9DBF839D"],)"
                      R"("selected_parent_scores":[1.0]})");
        all.push_back(R"({"kind":"mutation_requested","step":1,"request_id":"7BNWC76SGHZGXD3T1MGX1MFQEY",)"
                      R"("parent_ulid":"2TW8DE79AH8FG1M82Y9DBF839D"})");
        all.push_back(
            R"({"kind":"mutation_completed","step":1,"request_id":"7BNWC76SGHZGXD3T1MGX1MFQEY",)"
            R"("parent_ulid":"2TW8DE79AH8FG1M82Y9DBF839D","code":"a rewritten kernel that lives on the heap"})");
        const auto loaded = loadText(joined(all), "again-v3.jsonl", ReplayOptions{1, 1000});
        QVERIFY(nodeById(*loaded.population, admitted).inArchive);
        QCOMPARE(nodeById(*loaded.population, admitted).code, std::string("0101"));
        QCOMPARE(archivedCodeOf(*loaded.population), (std::set<std::string>{"0001", "0101"}));
        QVERIFY2(hasDiagnostic(loaded, 25, "introduced again although it is an archive member"),
                 qPrintable(describe(loaded)));
        QVERIFY2(hasDiagnostic(loaded, 26, "no candidate 7BNWC76SGHZGXD3T1MGX1MFQEY"), qPrintable(describe(loaded)));
    }

    // A root that an event names before search_initialized is that placeholder, filled in as the seed (it used to
    // stay a placeholder without code, in the archive).
    void rootNamedBeforeInitializationIsTheSeed()
    {
        auto all = lines(fixture("spec-example-v2.jsonl"));
        all.insert(all.begin(),
                   R"({"kind":"mutation_requested","request_id":"EARLY","parent_ulid":"0QV6H98H55CA1YWQSSK3B584MN"})");
        const auto loaded = loadText(joined(all), "early.jsonl");
        QVERIFY2(hasDiagnostic(loaded, 1, "comes before search_initialized"), qPrintable(describe(loaded)));
        const auto &population = *loaded.population;
        const auto &root = nodeById(population, "0QV6H98H55CA1YWQSSK3B584MN");
        QCOMPARE(root.status, NodeStatus::Seed);
        QCOMPARE(root.code, std::string("# seed kernel"));
        QVERIFY(root.reward());
        QCOMPARE(archiveIds(population),
                 (std::vector<std::string>{"0QV6H98H55CA1YWQSSK3B584MN", "5J52ECSR5540V34EM2Y972D3BH"}));
        QCOMPARE(archivedCodeOf(population), (std::set<std::string>{"# seed kernel", "# kernel v2"}));
    }

    void arbitraryBytesNeverCrash()
    {
        std::mt19937 random(7);
        const auto text = fixture("spec-example-v3.jsonl");
        for (int round = 0; round < 200; ++round) {
            auto damaged = text;
            for (int flips = 0; flips < 20; ++flips)
                damaged[random() % damaged.size()] = char(random() % 256);
            const auto loaded = loadText(damaged, "noise.jsonl");
            QVERIFY(loaded.format == DataFormat::Unknown || loaded.population || !loaded.diagnostics.empty()
                    || loaded.rows > 0);
        }
    }

    // A generated search read back: every node replays without a diagnostic, the archive is consistent with
    // the PUCT rules, and every kind of outcome and failure the generator writes is recognised.
    void generatedRoundTrip_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("puct-v2") << int(generate::SyntheticKind::PuctV2);
        QTest::newRow("puct-v3") << int(generate::SyntheticKind::PuctV3);
    }
    void generatedRoundTrip()
    {
        QFETCH(int, kind);
        std::ostringstream out;
        generate::SyntheticGenerator(42).write(generate::SyntheticKind(kind), 2000, out);
        const auto loaded = loadText(out.str(), "generated.jsonl");
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded)));
        QCOMPARE(loaded.format, kind == int(generate::SyntheticKind::PuctV2) ? DataFormat::PuctV2 : DataFormat::PuctV3);
        const auto &population = *loaded.population;
        QVERIFY(population.size() >= 2000);
        QVERIFY(population.archive.size() > 10);
        QCOMPARE(population.node(population.archive.front()).status, NodeStatus::Seed);

        std::set<OutcomeKind> outcomes;
        int failedEvaluations = 0;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            QVERIFY(node.status != NodeStatus::Placeholder);
            if (node.evaluation)
                outcomes.insert(node.evaluation->kind);
            failedEvaluations += node.failureStage == FailureStage::Evaluation ? 1 : 0;
            if (node.inArchive && node.status != NodeStatus::Seed) {
                // An admitted child has a reward, its parent was archived, and its code is unique there.
                QVERIFY(node.reward());
                QVERIFY(population.node(node.parent).everInArchive);
            }
        }
        for (auto expected :
             {OutcomeKind::Success, OutcomeKind::CompileFailed, OutcomeKind::RuntimeError, OutcomeKind::Incorrect})
            QVERIFY2(outcomes.contains(expected), outcomeKindName(expected).data());
        QVERIFY(failedEvaluations > 0);
        std::set<std::string_view> archivedCode;
        for (auto index : population.archive)
            QVERIFY(archivedCode.insert(population.node(index).code).second);
        // Every measurement requested ended once: in v2 one per child node, in v3 one per selected candidate.
        const int measured = population.counters.evaluationsCompleted + population.counters.evaluationFailures;
        if (kind == int(generate::SyntheticKind::PuctV2)) {
            QCOMPARE(measured, int(population.size()) - 1);
        } else {
            QCOMPARE(measured, population.counters.selected);
            QVERIFY(population.counters.deferred > 0);
            QVERIFY(population.counters.forecastsCompleted > population.counters.selected);
        }
    }

    void unreadableFile()
    {
        const auto loaded = loadFile("/nonexistent/events.jsonl");
        QVERIFY(!loaded.readable);
        QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
        QCOMPARE(loaded.diagnostics[0].file, std::string("/nonexistent/events.jsonl"));
    }
};

KFX_TEST_GUILESS_MAIN(TestSearchLog)

} // namespace
} // namespace tst_searchlog

#include "tst_searchlog.moc"
