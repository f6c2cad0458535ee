// Forecasting from the window: the embedded surrogate, trained on the measured kernels of every open search,
// forecasts every kernel that had none, off the GUI thread; a search opened without forecasts is forecast at
// once, so the bundled demo shows forecasts. The forecasts carry the surrogate's name, live in the workspace
// (the log is untouched) and come back with it. Too few measured kernels are said once, in the forecast panel.
// A second run over the same kernels asks nothing (the workspace's forecast cache) and trains nothing (the
// workspace's model); new measurements retrain in the background and the new model takes over.

#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastpanel.h"
#include "forecasting/forecastrunner.h"
#include "forecasting/llmsettingsdialog.h"
#include "gate/gatebar.h"
#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "model/speedupbin.h"
#include "population/populationmodel.h"
#include "session/gatecandidates.h"
#include "workspace/sqlitedatabase.h"
#include "workspace/workspace.h"

#include "core/scriptedchatserver.h"
#include "gatefixture.h"

#include <QAction>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "testmain.h"

namespace tst_forecasting {
namespace {

namespace {

int candidatesWithoutForecast(const kfx::Population &population)
{
    return int(gatecandidates::candidatesWithoutForecast(population).size());
}

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// Every candidate with code, forecast or not: what a second run is asked about again.
std::vector<std::size_t> candidates(const kfx::Population &population)
{
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (gatecandidates::isCandidate(population.node(i)) && !population.node(i).code.empty())
            nodes.push_back(i);
    }
    return nodes;
}

// Candidates whose last forecast is the embedded surrogate's, with a rationale.
int explainedForecasts(const kfx::Population &population)
{
    int count = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto *forecast = gatecandidates::forecastOf(population.node(i));
        if (gatecandidates::isCandidate(population.node(i)) && forecast && forecast->source == "embedded"
            && !forecast->reasoning.empty())
            ++count;
    }
    return count;
}

// Candidates the gate judged by a forecast's score, rather than for want of one.
int judgedByScore(const GateSession &session)
{
    int count = 0;
    for (const auto &decision : *session.decisions()) {
        if (decision.reason == kfx::gate::DecisionReason::ScoreAtOrAboveThreshold
            || decision.reason == kfx::gate::DecisionReason::ScoreBelowThreshold)
            ++count;
    }
    return count;
}

// Status bar texts that mention `needle`: the label, the progress and the passing message.
bool statusBarSays(QMainWindow &window, const QString &needle)
{
    if (window.statusBar()->currentMessage().contains(needle))
        return true;
    for (const auto *label : window.statusBar()->findChildren<QLabel *>()) {
        if (label->isVisibleTo(&window) && label->text().contains(needle))
            return true;
    }
    return false;
}

// The bundled demo's three search logs, copied so that their workspaces land in `dir`.
QStringList demoCopies(const QTemporaryDir &dir)
{
    QStringList copies;
    const QDir demo(QStringLiteral(KFX_DEMO_DIR));
    for (const auto &name : demo.entryList({QStringLiteral("*-search.jsonl")}, QDir::Files, QDir::Name)) {
        const auto copy = dir.filePath(name);
        if (QFile::copy(demo.filePath(name), copy))
            copies << copy;
    }
    return copies;
}

void setForecastOnOpen(bool on)
{
    QSettings().setValue(QStringLiteral("gate/forecastOnOpen"), on);
}

// The first `count` candidates of `population`.
std::vector<std::size_t> firstCandidates(const kfx::Population &population, std::size_t count)
{
    auto nodes = candidates(population);
    nodes.resize(std::min(nodes.size(), count));
    return nodes;
}

// A scripted server's reply that is a valid estimate, sent after `delayMs`.
ScriptedReply validEstimate(int delayMs = 0)
{
    return {200,
            chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}}),
            {},
            delayMs,
            false};
}

kfx::surrogate::LlmSettings llmSettingsFor(const ScriptedChatServer &server)
{
    kfx::surrogate::LlmSettings settings;
    settings.endpoint = server.url();
    settings.model = "scripted-model";
    settings.timeoutSeconds = 10.0;
    return settings;
}

// Runs `runner` to the end; false when it did not start or finish.
bool runToEnd(ForecastRunner &runner, const std::shared_ptr<const kfx::Population> &population,
              std::vector<std::size_t> nodes, ForecastRunner::Source source,
              const kfx::surrogate::LlmSettings &llm = {})
{
    QSignalSpy finished(&runner, &ForecastRunner::finished);
    return runner.start(population, std::move(nodes), source, llm) && finished.wait(120000);
}

// A copy of the search that has not measured `dropped` of its measured kernels yet.
std::shared_ptr<const kfx::Population> withoutSomeMeasurements(const kfx::Population &population, int dropped)
{
    auto copy = std::make_shared<kfx::Population>(population);
    for (std::size_t i = 0; i < copy->size() && dropped > 0; ++i) {
        auto &node = copy->node(i);
        if (gatecandidates::isCandidate(node) && node.evaluation && node.evaluation->measuredSpeedup()) {
            node.evaluation.reset();
            --dropped;
        }
    }
    return copy;
}

} // namespace

class TestForecasting : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { gatetest::setUpApplication(m_translator); }
    // The tests below drive forecasting by hand unless they say otherwise.
    void init() { setForecastOnOpen(false); }

    void demoIsForecastOnOpening()
    {
        setForecastOnOpen(true);
        QTemporaryDir dir;
        const auto logs = demoCopies(dir);
        QCOMPARE(logs.size(), 3);
        {
            MainWindow window;
            window.resize(1366, 768);
            window.show();
            auto *gate = window.gateController();
            auto *selector = window.searchSelector();
            QElapsedTimer clock;
            clock.start();
            QSignalSpy loaded(&window, &MainWindow::loadingFinished);
            window.openFiles(logs);
            QVERIFY(loaded.wait(60000));
            QCOMPARE(selector->count(), 3);
            for (int search = 0; search < selector->count(); ++search) {
                if (search > 0) {
                    clock.restart();
                    selector->setCurrentIndex(search);
                    Q_EMIT selector->activated(int(search)); // as a person's choice does
                }
                const auto shown = [&window] { return window.populationModel()->population(); };
                QVERIFY(window.windowTitle().startsWith(selector->currentText()));
                QTRY_VERIFY_WITH_TIMEOUT(!window.forecastController()->runner()->isRunning()
                                             && candidatesWithoutForecast(*shown()) == 0,
                                         120000);
                qInfo("%s: forecasts shown %lld ms after it was shown", qPrintable(selector->currentText()),
                      static_cast<long long>(clock.elapsed()));
                QVERIFY2(explainedForecasts(*shown()) > 10, qPrintable(window.forecastController()->forecastStatus()));
                QVERIFY(judgedByScore(*gate->session()) > 10);
                QVERIFY(window.forecastPanel()->notice().isEmpty());
                // The panel shows a kernel's distribution and rationale.
                QVERIFY(window.selectId(QString::fromStdString(shown()->node(shown()->size() - 1).id)));
                const auto *forecast = window.forecastPanel()->currentForecast();
                QVERIFY(forecast && forecast->source == "embedded");
                QVERIFY(!window.forecastPanel()->rationale().isEmpty());
                if (search == 0)
                    QVERIFY(
                        window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-demo-forecast.png"))));
                // Broken kernels are forecast too, as a search forecasts a kernel before it measures it (issue 24).
                int brokenForecast = 0;
                for (std::size_t i = 0; i < shown()->size(); ++i) {
                    const auto &node = shown()->node(i);
                    if (gatecandidates::kernelFailed(node) && !node.code.empty()) {
                        QVERIFY(!node.forecasts.empty());
                        ++brokenForecast;
                    }
                }
                QVERIFY(brokenForecast > 0);
            }
            // One training set for the three searches, so one training.
            QCOMPARE(window.forecastController()->runner()->trainings(), 1);
        }
        {
            // Reopened, the workspaces hold the forecasts: nothing is trained or asked again.
            MainWindow window;
            QSignalSpy loaded(&window, &MainWindow::loadingFinished);
            window.openFiles(logs);
            QVERIFY(loaded.wait(60000));
            QTRY_COMPARE(candidatesWithoutForecast(*window.populationModel()->population()), 0);
            QVERIFY(!window.forecastController()->runner()->isRunning());
            QCOMPARE(window.forecastController()->runner()->trainings(), 0);
        }
    }

    void stoppingForecastOnOpening()
    {
        setForecastOnOpen(true);
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 300));
        MainWindow window;
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(gatetest::load(window, log));
        QVERIFY(window.forecastController()->runner()->isRunning());
        QVERIFY(window.forecastController()->cancelAction()->isEnabled());
        window.forecastController()->cancelAction()->trigger();
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QVERIFY(!window.forecastController()->runner()->isRunning());
        QVERIFY(!window.forecastController()->cancelAction()->isEnabled());
        QVERIFY(window.forecastController()->forecastStatus().contains(QStringLiteral("ancelled")));
    }

    void tooLittleToLearnIsSaidOnceInThePanel()
    {
        setForecastOnOpen(true);
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 8));
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QSignalSpy notices(window.forecastController(), &ForecastController::forecastNotice);
        QVERIFY(gatetest::load(window, log));
        QTRY_VERIFY(window.forecastPanel()->notice().contains(QStringLiteral("at least 20")));
        QVERIFY2(window.forecastPanel()->notice().contains(QStringLiteral("measured kernels")),
                 qPrintable(window.forecastPanel()->notice())); // the catalogue's plural, not "kernel(s)"
        QVERIFY(!statusBarSays(window, QStringLiteral("at least 20")));
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-too-little-to-learn.png"))));
        // Walking the tree leaves the one notice as it is; nothing repeats it.
        const int said = int(notices.size());
        QTest::keyClick(window.treeView(), Qt::Key_Down);
        QTest::keyClick(window.treeView(), Qt::Key_Down);
        QCOMPARE(int(notices.size()), said);
        QVERIFY(window.forecastPanel()->notice().contains(QStringLiteral("at least 20")));
        // Asking by hand says the same, in the same place.
        QVERIFY(!window.forecastController()->forecastMissing());
        QVERIFY(window.forecastController()->forecastStatus().contains(QStringLiteral("at least 20")));
        QVERIFY(!statusBarSays(window, QStringLiteral("at least 20")));
    }

    void forecastsKernelsWithoutAForecast()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 300));
        const auto hashBefore = fileHash(log);
        QString workspacePath;
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            auto *gate = window.gateController();
            const int missing = candidatesWithoutForecast(*window.populationModel()->population());
            QVERIFY(missing > 100);
            // The rows go to the workspace in parts as they are made; every one of them arrives.
            window.forecastController()->runner()->setRowsHandedOverAtOnce(64);

            QSignalSpy progress(window.forecastController()->runner(), &ForecastRunner::progressChanged);
            QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
            QVERIFY(window.forecastController()->forecastMissing());
            QVERIFY(window.forecastController()->runner()->isRunning());
            QVERIFY(finished.wait(120000));
            QVERIFY2(!window.forecastController()->runner()->isRunning(),
                     qPrintable(window.forecastController()->forecastStatus()));
            QVERIFY(!progress.isEmpty());

            const auto &population = *window.populationModel()->population();
            QCOMPARE(candidatesWithoutForecast(population), 0);
            int embedded = 0;
            for (std::size_t i = 0; i < population.size(); ++i) {
                const auto *forecast = gatecandidates::forecastOf(population.node(i));
                if (forecast && forecast->source == "embedded") {
                    ++embedded;
                    QVERIFY(kfx::isForecastBin(forecast->predictedBin));
                    QVERIFY(!forecast->reasoning.empty());
                }
            }
            QCOMPARE(embedded, missing);
            QVERIFY(window.forecastController()->forecastStatus().contains(QStringLiteral("by embedded")));
            QCOMPARE(gate->session()->workspace()->current()->forecasts().size(), std::size_t(missing));
            // The gate judges the new forecasts at once.
            QVERIFY(gate->session()->summary().trusted + gate->session()->summary().deferred > 0);
            QCOMPARE(candidatesWithoutForecast(*gate->session()->population()), 0);
        }
        QCOMPARE(fileHash(log), hashBefore);
        {
            // Reopened, the workspace brings the forecasts back onto the same kernels.
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            QTRY_COMPARE(candidatesWithoutForecast(*window.populationModel()->population()), 0);
            workspacePath = window.gateController()->session()->workspace()->path();
        }
        {
            // Rows damaged on disk are left out, and the gate bar says how many, where, and what the first lacks.
            kfx::workspace::Database database(QFile::encodeName(workspacePath).toStdString());
            database.exec("UPDATE forecasts SET json = '{\"bin_probabilities\": 3}' WHERE id IN (SELECT id FROM "
                          "forecasts ORDER BY id LIMIT 2)");
            database.exec("INSERT INTO measurements (node_id, source, json) VALUES ('N1', 'worker', '{not json')");
        }
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            QTRY_COMPARE(candidatesWithoutForecast(*window.populationModel()->population()), 2);
            const auto message = window.gateController()->gateBar()->messageText();
            QVERIFY2(message.contains(
                         QStringLiteral("2 forecasts in %1 could not be read and are left out (the first, of kernel ")
                             .arg(workspacePath)),
                     qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral(": missing field")), qPrintable(message));
            QVERIFY2(
                message.contains(QStringLiteral("1 measurement in %1 could not be read and is left out (the first, "
                                                "of kernel N1: invalid JSON")
                                     .arg(workspacePath)),
                qPrintable(message));
        }
    }

    void cancelKeepsTheWindowUsable()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 200));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(window.forecastController()->forecastMissing());
        window.forecastController()->runner()->cancel();
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QVERIFY(!window.forecastController()->runner()->isRunning());
        QVERIFY(window.forecastController()->forecastStatus().contains(QStringLiteral("ancelled")));
    }

    void secondEmbeddedRunTrainsAndAsksNothing()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 200));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        const auto population = window.populationModel()->population();
        const auto nodes = candidates(*population);
        QVERIFY(nodes.size() > 50);
        const auto path = dir.filePath(QStringLiteral("runner.kfx-workspace")).toStdString();

        std::vector<forecastrecords::NodeForecast> first;
        {
            kfx::workspace::Workspace workspace(path);
            ForecastRunner runner;
            runner.setWorkspace(&workspace);
            QVERIFY(runToEnd(runner, population, nodes, ForecastRunner::Source::Embedded));
            const auto &outcome = runner.outcome();
            QVERIFY(outcome.trained);
            QCOMPARE(runner.trainings(), 1);
            QCOMPARE(outcome.cached, 0);
            QVERIFY(outcome.asked > 0 && outcome.asked <= int(nodes.size())); // identical kernels asked once
            QCOMPARE(outcome.forecasts->size(), nodes.size());
            QCOMPARE(workspace.cachedResultCount(), std::int64_t(outcome.asked));
            const auto stored = workspace.embeddedModel();
            QVERIFY(stored);
            QVERIFY(stored->trainingRows >= ForecastRunner::kMinimumTrainingKernels);
            QVERIFY(stored->bytes == runner.embeddedModel()->save());
            first = *outcome.forecasts;
        }
        // Another session on the same data: the model is loaded, every answer comes from the cache.
        kfx::workspace::Workspace workspace(path);
        ForecastRunner runner;
        runner.setWorkspace(&workspace);
        QSignalSpy stages(&runner, &ForecastRunner::stageChanged);
        QVERIFY(runToEnd(runner, population, nodes, ForecastRunner::Source::Embedded));
        const auto &outcome = runner.outcome();
        QVERIFY(!outcome.trained);
        QCOMPARE(runner.trainings(), 0);
        QCOMPARE(runner.modelLoads(), 1);
        QCOMPARE(outcome.asked, 0);
        QCOMPARE(outcome.cached, int(nodes.size()));
        QVERIFY(stages.isEmpty()); // neither "Training…" nor "Forecasting…"
        QCOMPARE(outcome.forecasts->size(), first.size());
        for (std::size_t i = 0; i < first.size(); ++i) {
            QCOMPARE((*outcome.forecasts)[i].first, first[i].first);
            QCOMPARE((*outcome.forecasts)[i].second.probabilities, first[i].second.probabilities);
            QCOMPARE((*outcome.forecasts)[i].second.reasoning, first[i].second.reasoning);
        }
    }

    void secondLlmRunMakesNoRequests()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 60));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        const auto population = window.populationModel()->population();
        const auto nodes = firstCandidates(*population, 12);
        ScriptedChatServer server({}, validEstimate());
        const auto settings = llmSettingsFor(server);
        const auto path = dir.filePath(QStringLiteral("llm.kfx-workspace")).toStdString();
        std::size_t asked = 0;
        {
            kfx::workspace::Workspace workspace(path);
            ForecastRunner runner;
            runner.setWorkspace(&workspace);
            QVERIFY(runToEnd(runner, population, nodes, ForecastRunner::Source::Llm, settings));
            asked = server.requests().size();
            QVERIFY(asked > 0);
            QCOMPARE(std::size_t(runner.outcome().asked), asked);
            QCOMPARE(runner.outcome().forecasts->size(), nodes.size());
            QVERIFY(runner.outcome().tokens.inputTokens > 0);
        }
        kfx::workspace::Workspace workspace(path);
        ForecastRunner runner;
        runner.setWorkspace(&workspace);
        QSignalSpy summary(&runner, &ForecastRunner::finished);
        QVERIFY(runToEnd(runner, population, nodes, ForecastRunner::Source::Llm, settings));
        QCOMPARE(server.requests().size(), asked);
        QCOMPARE(runner.outcome().cached, int(nodes.size()));
        QCOMPARE(runner.outcome().forecasts->size(), nodes.size());
        QCOMPARE(runner.outcome().tokens.inputTokens, std::int64_t(0)); // nothing was spent this time
        QVERIFY(summary.at(0).at(0).toString().contains(QStringLiteral("cached")));
    }

    // Issue 27, nothing lost: a run stopped half-way (a kill, a crash, other data opened) has kept every answer it
    // paid for, so the next run asks the server only for the rest.
    void llmAnswersAreKeptAsTheyCome()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 60));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        const auto population = window.populationModel()->population();
        const auto nodes = firstCandidates(*population, 12);
        // One answer at a time, each after 300 ms: the run lasts seconds, long enough to stop it half-way.
        ScriptedChatServer server({}, validEstimate(300));
        auto settings = llmSettingsFor(server);
        settings.concurrency = 1;
        const auto path = dir.filePath(QStringLiteral("llm.kfx-workspace")).toStdString();
        std::int64_t kept = 0;
        {
            kfx::workspace::Workspace workspace(path);
            ForecastRunner runner;
            runner.setWorkspace(&workspace);
            QVERIFY(runner.start(population, nodes, ForecastRunner::Source::Llm, settings));
            // Before the run ends, its first answers are in the workspace already.
            QTRY_VERIFY_WITH_TIMEOUT(workspace.cachedResultCount() >= 3, 20000);
            QVERIFY(runner.isRunning());
            runner.abandon();
            kept = workspace.cachedResultCount();
        }
        const auto askedBefore = server.requests().size();
        QVERIFY(askedBefore < nodes.size());
        kfx::workspace::Workspace workspace(path);
        ForecastRunner runner;
        runner.setWorkspace(&workspace);
        QVERIFY(runToEnd(runner, population, nodes, ForecastRunner::Source::Llm, settings));
        const auto &outcome = runner.outcome();
        QCOMPARE(outcome.forecasts->size(), nodes.size());
        QVERIFY(outcome.cached >= int(kept));
        QCOMPARE(server.requests().size() - askedBefore, std::size_t(outcome.asked));
        QCOMPARE(workspace.cachedResultCount(), kept + outcome.asked);
    }

    void newMeasurementsRetrainInTheBackground()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 200));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        const auto full = window.populationModel()->population();
        const auto earlier = withoutSomeMeasurements(*full, 30);
        kfx::workspace::Workspace workspace(dir.filePath(QStringLiteral("retrain.kfx-workspace")).toStdString());
        ForecastRunner runner;
        runner.setWorkspace(&workspace);
        QSignalSpy status(&runner, &ForecastRunner::backgroundStatus);
        QSignalSpy replaced(&runner, &ForecastRunner::modelReplaced);

        runner.measurementsAdded(earlier);
        QVERIFY(runner.isTraining());
        QVERIFY(replaced.wait(120000));
        const auto before = runner.embeddedModel();
        QVERIFY(before);
        QVERIFY(status.first().at(0).toString().contains(QStringLiteral("retraining")));
        QVERIFY(status.last().at(0).toString().contains(QStringLiteral("retrained")));

        // The same measurements again: nothing to learn.
        status.clear();
        runner.measurementsAdded(earlier);
        QVERIFY(!runner.isTraining());
        QVERIFY(status.isEmpty());

        // Thirty more measured kernels: a new model replaces the old one, in memory and in the workspace.
        runner.measurementsAdded(full);
        QVERIFY(runner.isTraining());
        QVERIFY(replaced.wait(120000));
        const auto after = runner.embeddedModel();
        QVERIFY(after != before);
        QVERIFY(after->contentHash() != before->contentHash());
        QVERIFY(workspace.embeddedModel()->bytes == after->save());
        QCOMPARE(runner.trainings(), 2);
        // A forecast now uses it without training again.
        QVERIFY(runToEnd(runner, full, candidates(*full), ForecastRunner::Source::Embedded));
        QVERIFY(!runner.outcome().trained);
        QCOMPARE(runner.trainings(), 2);

        // From the window: the status bar says what happens.
        QSignalSpy windowReplaced(window.forecastController()->runner(), &ForecastRunner::modelReplaced);
        window.resize(1200, 700);
        window.show();
        window.forecastController()->retrainOnMeasurements();
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("retraining")));
        QTest::qWait(50); // the status bar repaints from the event loop
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-retraining.png"))));
        // On a fast machine the retraining is done while the screenshot is taken, before wait() would listen.
        QVERIFY(!windowReplaced.isEmpty() || windowReplaced.wait(120000));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("retrained")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    void llmSettingsKeepTheVariableNameOnly()
    {
        kfx::surrogate::LlmSettings settings;
        settings.endpoint = "http://127.0.0.1:9/v1";
        settings.model = "gpt-oss-20b";
        settings.apiKeyEnv = "KFX_TEST_API_KEY";
        settings.concurrency = 3;
        settings.totalTimeoutSeconds = 120.0;
        settings.maxResponseBytes = 4 * kfx::surrogate::kMiB;
        LlmSettingsDialog::save(settings);
        const auto loaded = LlmSettingsDialog::load();
        QCOMPARE(loaded.totalTimeoutSeconds, 120.0);
        QCOMPARE(loaded.maxResponseBytes, settings.maxResponseBytes);
        QCOMPARE(loaded.endpoint, settings.endpoint);
        QCOMPARE(loaded.apiKeyEnv, settings.apiKeyEnv);
        QCOMPARE(loaded.concurrency, 3);
        QVERIFY(LlmSettingsDialog::isConfigured(loaded));
        LlmSettingsDialog dialog;
        QCOMPARE(dialog.settings().model, settings.model);
        QCOMPARE(dialog.settings().maxResponseBytes, settings.maxResponseBytes);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestForecasting)

} // namespace
} // namespace tst_forecasting

#include "tst_forecasting.moc"
