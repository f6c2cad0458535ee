// Search → Run…'s pieces off the window: the dialog's checks, and a live search with its baseline on four stand-in
// workers, paused, resumed and finished, whose chart matches what its logs measured; destroying a runner mid-run
// leaves a whole log. Issue 23: a pool for another task is named, the log is named after the search's task, the
// form remembers the last run, and a machine without a GPU is told so before any log is written.

#include "search/searchcontroller.h"
#include "search/searchrunchart.h"
#include "search/searchrundialog.h"
#include "search/searchrunner.h"

#include "model/population.h"
#include "replay/logfollower.h"
#include "search/searchdriver.h"
#include "search/searchworkers.h"
#include "search/selectiveforecaster.h"

#include "session/session.h"
#include "slowlaunchprefix.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "testmain.h"

namespace tst_searchrunner {
namespace {

namespace {

const QString kPool = QStringLiteral(KFX_POOLS_DIR "/layer_norm");
// Template mutations whose kernels spell their stand-in runtime (tests/core/tst_templatemutator.cpp), for layer_norm.
const QString kMutations = QStringLiteral(KFX_TEST_DATA_DIR "/mutations/standin");
constexpr int kBudget = 12;

// On four stand-in workers; behind `launchPrefix` when given.
SearchRunRequest layerNormRequest(const QString &log, const QString &launchPrefix = {})
{
    SearchRunRequest request;
    request.pool = kPool;
    request.config.budgetMeasurements = kBudget;
    request.config.seed = 3;
    request.baseline = true;
    request.workers = 4;
    request.workerCommand = {KFX_STANDIN_WORKER};
    if (!launchPrefix.isEmpty())
        request.workerCommand.insert(request.workerCommand.begin(), launchPrefix.toStdString());
    request.timeoutMs = 20000;
    request.log = log;
    return request;
}

// The best speedup the log's GPU measurements reached, from its events replayed (the seed's included).
std::optional<double> bestMeasuredIn(const QString &log, int *measurements)
{
    kfx::replay::LogFollower follower(log.toStdString());
    follower.poll();
    const auto &population = follower.population();
    std::optional<double> best;
    *measurements = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        // A GPU measurement: a candidate's evaluation that was not a forecast, or one that failed on the GPU. The
        // seed's measurement is not the budget's, but its speedup is the first best.
        const bool measured = node.evaluation
            ? node.evaluation->kind != kfx::OutcomeKind::Forecasted
            : node.status == kfx::NodeStatus::Failed && node.failureStage == kfx::FailureStage::Evaluation;
        if (!measured)
            continue;
        if (kfx::search::measuredOnGpu(node)) // not the seed's, nor a result taken from the search's cache
            ++*measurements;
        if (auto reward = node.reward())
            best = std::max(best.value_or(0.0), *reward);
    }
    return best;
}

} // namespace

class TestSearchRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    // The form remembers the last run's choices; each test starts from the defaults.
    void init() { QSettings().remove(QStringLiteral("searchRun")); }

    void dialogNamesTheFieldAtFault()
    {
        QTemporaryDir dir;
        SearchRunDialog dialog({});
        auto *task = dialog.findChild<QLineEdit *>(QStringLiteral("searchTask"));
        auto *pool = dialog.findChild<QLineEdit *>(QStringLiteral("searchPool"));
        auto *log = dialog.findChild<QLineEdit *>(QStringLiteral("searchLog"));
        QVERIFY(task && pool && log);
        QVERIFY2(!log->text().isEmpty(), "a log is proposed where the user sees it");

        // The layer-norm task brings its pool along.
        task->setText(QStringLiteral(KFX_DEMO_DIR "/tasks/layer_norm"));
        Q_EMIT task->editingFinished();
        QCOMPARE(QFileInfo(pool->text()).canonicalFilePath(), QFileInfo(kPool).canonicalFilePath());
        log->setText(dir.filePath(QStringLiteral("run.jsonl")));
        QString error;
        auto request = dialog.request(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(request.config.mode, kfx::search::SearchMode::Standard);
        QVERIFY(!dialog.findChild<QDoubleSpinBox *>(QStringLiteral("searchTrustLevel"))->isEnabled());

        // A selective search trusting a coverage target: the level the form shows is the coverage.
        dialog.findChild<QComboBox *>(QStringLiteral("searchMode"))->setCurrentIndex(1);
        dialog.findChild<QComboBox *>(QStringLiteral("searchPolicy"))->setCurrentIndex(2);
        auto *level = dialog.findChild<QDoubleSpinBox *>(QStringLiteral("searchTrustLevel"));
        QVERIFY(level->isEnabled());
        level->setValue(0.3);
        request = dialog.request(&error);
        QCOMPARE(request.config.mode, kfx::search::SearchMode::Selective);
        QCOMPARE(request.config.policy, kfx::search::SelectionPolicy::Coverage);
        QCOMPARE(request.config.coverage, 0.3);
        QCOMPARE(request.config.explorationShare, kfx::search::kSelectiveExplorationShare);

        task->setText(dir.path());
        dialog.request(&error);
        QVERIFY2(error.startsWith(QStringLiteral("Task:")), qPrintable(error));
        task->clear();
        pool->setText(dir.path());
        dialog.request(&error);
        QVERIFY2(error.startsWith(QStringLiteral("Candidate pool or template mutations:"))
                     && error.contains(QStringLiteral("pool.json")) && error.contains(QStringLiteral("mutations.json")),
                 qPrintable(error));
        pool->setText(kPool);
        QFile existing(log->text());
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("{}\n");
        existing.close();
        dialog.request(&error);
        QVERIFY2(error.startsWith(QStringLiteral("Log:")), qPrintable(error));
        // Accepting a form at fault keeps the dialog open and says why.
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("searchRunError"))->text(), error);
    }

    // A mutations.json directory is a stand-in as a pool is: opened to check it, its task the search's when the
    // form names none.
    void dialogRunsTemplateMutations()
    {
        QTemporaryDir dir;
        SearchRunDialog dialog({});
        auto *task = dialog.findChild<QLineEdit *>(QStringLiteral("searchTask"));
        auto *pool = dialog.findChild<QLineEdit *>(QStringLiteral("searchPool"));
        task->clear();
        pool->setText(kMutations);
        dialog.findChild<QLineEdit *>(QStringLiteral("searchLog"))->setText(dir.filePath(QStringLiteral("run.jsonl")));
        dialog.findChild<QDoubleSpinBox *>(QStringLiteral("searchBudget"))->setValue(kBudget);
        QString error;
        auto request = dialog.request(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(request.pool, kMutations);
        QVERIFY(request.task.isEmpty());

        // A copy whose seed takes a knob value its template does not list: the dialog shows what opening it says.
        const QDir broken(dir.filePath(QStringLiteral("broken")));
        QVERIFY(QDir().mkpath(broken.path()));
        for (const auto &name : QDir(kMutations).entryList(QDir::Files))
            QVERIFY(QFile::copy(QDir(kMutations).filePath(name), broken.filePath(name)));
        QFile spec(broken.filePath(QStringLiteral("mutations.json")));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        auto text = spec.readAll();
        spec.close();
        QVERIFY(text.contains(R"("THOUSANDS": 9})"));
        text.replace(R"("THOUSANDS": 9})", R"("THOUSANDS": 3})");
        QVERIFY(spec.remove() && spec.open(QIODevice::WriteOnly));
        spec.write(text);
        spec.close();
        pool->setText(broken.path());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        const auto shown = dialog.findChild<QLabel *>(QStringLiteral("searchRunError"))->text();
        QVERIFY2(shown.startsWith(QStringLiteral("Candidate pool or template mutations: "))
                     && shown.contains(spec.fileName()) && shown.contains(QStringLiteral("3 is not one of its values")),
                 qPrintable(shown));

        // The request the good directory gave runs on the fixture's task, each kernel measured as it spells.
        request.workerCommand = {KFX_STANDIN_WORKER};
        request.workers = 4;
        request.timeoutMs = 20000;
        SearchRunner runner;
        QVERIFY(runner.start(request));
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Finished, 15000);
        int measurements = 0;
        QVERIFY(bestMeasuredIn(request.log, &measurements));
        QCOMPARE(measurements, kBudget);
        kfx::replay::LogFollower follower(request.log.toStdString());
        follower.poll();
        const auto &population = follower.population();
        int compared = 0;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            // The stand-in worker's speedup: 10000 / runtime_ns, the runtime the kernel's comment spells, for a
            // kernel no bug broke (a bug names another outcome, or breaks the comment).
            const auto at = node.code.find("kfx-standin: runtime_ns=");
            if (at == std::string::npos) {
                QVERIFY2(node.code.find("kfx-broken:") != std::string::npos, node.code.c_str());
                continue;
            }
            const auto comment = node.code.substr(at, node.code.find('\n', at) - at);
            if (!node.evaluation || comment.find("outcome=") != std::string::npos)
                continue;
            QVERIFY2(node.reward(), comment.c_str());
            QCOMPARE(*node.reward(), 10000.0 / std::stod(comment.substr(24)));
            ++compared;
        }
        QVERIFY2(compared > kBudget / 2, qPrintable(QString::number(compared)));
    }

    // Kernels written for one task measured against another's reference would fail or lie: the form refuses the
    // pair. Without a task the search runs the pool's, and the log it proposes is named after that task.
    void aPoolForAnotherTaskIsRefusedAndTheLogIsNamedAfterThePoolsTask()
    {
        QTemporaryDir dir;
        SearchRunDialog dialog({});
        auto *task = dialog.findChild<QLineEdit *>(QStringLiteral("searchTask"));
        auto *pool = dialog.findChild<QLineEdit *>(QStringLiteral("searchPool"));
        auto *log = dialog.findChild<QLineEdit *>(QStringLiteral("searchLog"));
        task->clear();
        pool->setText(QStringLiteral(KFX_POOLS_DIR "/fp8_quant"));
        Q_EMIT pool->editingFinished();
        QVERIFY2(QFileInfo(log->text()).fileName().startsWith(QStringLiteral("fp8_quant-run-")),
                 qPrintable(log->text()));

        task->setText(QStringLiteral(KFX_DEMO_DIR "/tasks/layer_norm"));
        Q_EMIT task->editingFinished();
        QVERIFY2(QFileInfo(log->text()).fileName().startsWith(QStringLiteral("layer_norm-run-")),
                 qPrintable(log->text()));
        pool->setText(QStringLiteral(KFX_POOLS_DIR "/fp8_quant"));
        Q_EMIT pool->editingFinished();
        // A log the user chose stays theirs whatever the task.
        log->setText(dir.filePath(QStringLiteral("run.jsonl")));
        QString error;
        dialog.request(&error);
        QCOMPARE(error,
                 QStringLiteral("Candidate pool or template mutations: its kernels are for the task “fp8_quant”, "
                                "not “layer_norm”."));
        QCOMPARE(log->text(), dir.filePath(QStringLiteral("run.jsonl")));
    }

    // Issue 24: one trust setting on screen. A selective search started from the window trusts by the gate bar's
    // score and starts at its level, whichever policy is chosen; the form still lets the level be changed.
    void theTrustLevelStartsAtTheGates()
    {
        TrustSettings gate;
        gate.confidence = kfx::metrics::ConfidenceScore::NegEntropy;
        gate.threshold = 0.62;
        gate.coverage = 0.4;
        gate.alpha = 0.15;
        SearchRunDialog dialog({}, gate);
        auto *task = dialog.findChild<QLineEdit *>(QStringLiteral("searchTask"));
        task->setText(QStringLiteral(KFX_DEMO_DIR "/tasks/layer_norm"));
        Q_EMIT task->editingFinished();
        dialog.findChild<QComboBox *>(QStringLiteral("searchMode"))->setCurrentIndex(1);
        auto *policy = dialog.findChild<QComboBox *>(QStringLiteral("searchPolicy"));
        auto *level = dialog.findChild<QDoubleSpinBox *>(QStringLiteral("searchTrustLevel"));
        const std::pair<kfx::search::SelectionPolicy, double> expected[] = {
            {kfx::search::SelectionPolicy::Threshold, 0.62},
            {kfx::search::SelectionPolicy::Coverage, 0.4},
            {kfx::search::SelectionPolicy::Risk, 0.15},
        };
        for (const auto &[chosen, value] : expected) {
            policy->setCurrentIndex(policy->findData(int(chosen)));
            QCOMPARE(level->value(), value);
            QVERIFY2(level->toolTip().contains(QStringLiteral("The gate bar's: ")), qPrintable(level->toolTip()));
            QString error;
            const auto request = dialog.request(&error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(request.config.policy, chosen);
            QCOMPARE(request.config.confidence, kfx::metrics::ConfidenceScore::NegEntropy);
            QCOMPARE(request.config.threshold, 0.62);
            QCOMPARE(request.config.coverage, 0.4);
            QCOMPARE(request.config.alpha, 0.15);
        }
        policy->setCurrentIndex(policy->findData(int(kfx::search::SelectionPolicy::Threshold)));
        QVERIFY(level->toolTip().contains(QStringLiteral("Negative entropy ≥ 0.62")));
        level->setValue(0.7); // the form's own choice wins over the gate's
        QString error;
        QCOMPARE(dialog.request(&error).config.threshold, 0.7);
    }

    void theFormRemembersTheLastRun()
    {
        QTemporaryDir dir;
        {
            SearchRunDialog first({});
            auto *task = first.findChild<QLineEdit *>(QStringLiteral("searchTask"));
            task->setText(QStringLiteral(KFX_DEMO_DIR "/tasks/layer_norm"));
            Q_EMIT task->editingFinished();
            first.findChild<QComboBox *>(QStringLiteral("searchMode"))->setCurrentIndex(1);
            first.findChild<QComboBox *>(QStringLiteral("searchPolicy"))->setCurrentIndex(2);
            first.findChild<QDoubleSpinBox *>(QStringLiteral("searchTrustLevel"))->setValue(0.3);
            first.findChild<QDoubleSpinBox *>(QStringLiteral("searchBudget"))->setValue(17);
            first.findChild<QSpinBox *>(QStringLiteral("searchWorkers"))->setValue(3);
            first.findChild<QSpinBox *>(QStringLiteral("searchSteps"))->setValue(9);
            first.findChild<QSpinBox *>(QStringLiteral("searchSeed"))->setValue(5);
            first.findChild<QCheckBox *>(QStringLiteral("searchBaseline"))->setChecked(true);
            first.findChild<QLineEdit *>(QStringLiteral("searchLog"))
                ->setText(dir.filePath(QStringLiteral("run.jsonl")));
            first.accept();
            QCOMPARE(first.result(), int(QDialog::Accepted));
        }
        SearchRunDialog second({});
        QCOMPARE(second.findChild<QComboBox *>(QStringLiteral("searchMode"))->currentIndex(), 1);
        QCOMPARE(second.findChild<QComboBox *>(QStringLiteral("searchPolicy"))->currentIndex(), 2);
        // The trust level is not the last run's but the gate bar's (here SearchConfig's defaults: no gate shown).
        QCOMPARE(second.findChild<QDoubleSpinBox *>(QStringLiteral("searchTrustLevel"))->value(),
                 kfx::search::SearchConfig().coverage);
        QCOMPARE(second.findChild<QDoubleSpinBox *>(QStringLiteral("searchBudget"))->value(), 17.0);
        QCOMPARE(second.findChild<QSpinBox *>(QStringLiteral("searchWorkers"))->value(), 3);
        QCOMPARE(second.findChild<QSpinBox *>(QStringLiteral("searchSteps"))->value(), 9);
        QCOMPARE(second.findChild<QSpinBox *>(QStringLiteral("searchSeed"))->value(), 5);
        QVERIFY(second.findChild<QCheckBox *>(QStringLiteral("searchBaseline"))->isChecked());
    }

    // Without a GPU the search is refused before it writes a line, in Ctrl+M's words, never the worker's JSON.
    void aMachineWithoutAGpuIsToldBeforeAnyLogIsWritten()
    {
        QTemporaryDir dir;
        Session session;
        QWidget window;
        SearchController controller(&session, &window, [](const QString &) {});
        QSignalSpy said(&controller, &SearchController::statusMessage);
        auto request = layerNormRequest(dir.filePath(QStringLiteral("run.jsonl")));
        request.workerCommand = {FAKE_MEASURE_WORKER, "--no-device"};
        QVERIFY(controller.start(request));
        QTRY_VERIFY_WITH_TIMEOUT(!said.isEmpty(), 15000);
        const auto text = said.last().first().toString();
        QVERIFY2(text.startsWith(QStringLiteral("No GPU on this machine: nothing was measured (no CUDA device: ")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QLatin1Char('{')), qPrintable(text));
        QVERIFY(!QFile::exists(request.log));
        QVERIFY(!QFile::exists(QString::fromStdString(kfx::search::defaultBaselineLog(request.log.toStdString()))));
    }

    void pausedResumedFinished()
    {
        QTemporaryDir dir;
        SearchRunner runner;
        QSignalSpy progress(&runner, &SearchRunner::progress);
        QSignalSpy written(&runner, &SearchRunner::logWritten);
        const auto slow = slowlaunch::writePrefix(dir);
        QVERIFY(runner.start(layerNormRequest(dir.filePath(QStringLiteral("run.jsonl")), slow)));
        QCOMPARE(runner.state(), SearchRunner::State::Running);
        QVERIFY(!runner.start(layerNormRequest(dir.filePath(QStringLiteral("other.jsonl")))));

        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 15000);
        runner.pause();
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Paused, 15000);
        QCOMPARE(written.first().at(1).toString(), runner.logs().first());
        QVERIFY(QFileInfo(runner.logs().first()).size() > 0);

        QVERIFY(runner.resume());
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Finished, 20000);

        SearchRunChart chart;
        chart.follow(runner.logs(), kBudget);
        QCOMPARE(chart.runCount(), 2);
        for (int run = 0; run < 2; ++run) {
            int measurements = 0;
            const auto best = bestMeasuredIn(runner.logs().at(run), &measurements);
            QCOMPARE(measurements, kBudget);
            QVERIFY(best);
            QCOMPARE(chart.series(run).back().measurements, kBudget);
            QCOMPARE(*chart.best(run), *best);
            QCOMPARE(chart.line(run)->count(), kBudget + 1);
            QCOMPARE(chart.line(run)->at(kBudget).x(), double(kBudget));
        }
    }

    // Issue 25: a selective search run here forecasts as kfx-cli search's does by default, with the pretrained model
    // inside the search-aware forecaster and the exploration floor, so the same search gives the same log either way.
    void aSelectiveRunForecastsAsKfxCliSearchDoes()
    {
        QTemporaryDir dir;
        auto request = layerNormRequest(dir.filePath(QStringLiteral("selective.jsonl")));
        request.baseline = false;
        request.config = kfx::search::withSelectiveDefaults(request.config);
        SearchRunner runner;
        QVERIFY(runner.start(request));
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Finished, 30000);

        QFile log(runner.logs().first());
        QVERIFY(log.open(QIODevice::ReadOnly));
        const auto initialized = QJsonDocument::fromJson(log.readLine()).object();
        auto config = request.config;
        config.taskName = "layer_norm";
        const auto expected = kfx::search::embeddedSearchForecaster(
            kfx::search::selectiveForecastContext(config, KFX_DEMO_DIR "/tasks/layer_norm", {}), config.taskName);
        QCOMPARE(initialized.value(QStringLiteral("forecaster")).toString(),
                 QString::fromStdString(expected.forecaster->label()));
        QVERIFY2(initialized.value(QStringLiteral("forecaster")).toString().startsWith(QStringLiteral("search-aware")),
                 qPrintable(initialized.value(QStringLiteral("forecaster")).toString()));
        QVERIFY2(log.readAll().contains("\"explored\":true"), "one selection a parent is the exploration floor's");
    }

    // The log does not record GPU-seconds, so a run on such a budget could not resume: it is not paused.
    void aBudgetInGpuSecondsRunsWithoutPause()
    {
        QTemporaryDir dir;
        SearchRunner runner;
        auto request = layerNormRequest(dir.filePath(QStringLiteral("run.jsonl")));
        request.config.budgetMeasurements.reset();
        request.config.budgetGpuSeconds = 1e-4; // the stand-in's layer-norm kernels cost 6 to 70 µs each
        request.baseline = false;
        QVERIFY(runner.start(request));
        QVERIFY(!runner.canPause());
        runner.pause();
        QCOMPARE(runner.state(), SearchRunner::State::Running);
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Finished, 15000);
    }

    void aWorkerThatDoesNotStartFailsTheRun()
    {
        QTemporaryDir dir;
        SearchRunner runner;
        QSignalSpy failed(&runner, &SearchRunner::failed);
        auto request = layerNormRequest(dir.filePath(QStringLiteral("run.jsonl")));
        request.workerCommand = {dir.filePath(QStringLiteral("no-such-worker")).toStdString()};
        QVERIFY(runner.start(request));
        QTRY_COMPARE_WITH_TIMEOUT(runner.state(), SearchRunner::State::Failed, 15000);
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.first().first().toString().isEmpty());
        QVERIFY(!runner.resume());
    }

    void destroyedMidRunLeavesAWholeLog()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("run.jsonl"));
        {
            SearchRunner runner;
            QSignalSpy progress(&runner, &SearchRunner::progress);
            QVERIFY(runner.start(layerNormRequest(log, slowlaunch::writePrefix(dir))));
            QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 15000);
            QCOMPARE(runner.state(), SearchRunner::State::Running);
        }
        kfx::replay::LogFollower follower(log.toStdString());
        QVERIFY(follower.poll() > 0);
        QVERIFY(!follower.waitingForLine());
        QVERIFY(follower.population().size() > 1);
    }
};

KFX_TEST_MAIN(TestSearchRunner)

} // namespace
} // namespace tst_searchrunner

#include "tst_searchrunner.moc"
