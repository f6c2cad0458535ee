// The GPU measurement queue against fakemeasureworker, a stand-in that speaks kfx-measure's protocol without a
// GPU: results and failures of every kind, recovery after a crash and a hang, cancelling, one worker per GPU,
// no device; and in the window, results landing in the workspace and the tree, restored on reopening.

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "gpu/measureproblem.h"
#include "gpu/measurequeue.h"
#include "gpu/measurequeuemodel.h"
#include "gpu/measuresettingsdialog.h"
#include "helpmenu.h"
#include "mainwindow.h"
#include "measure/measurecontroller.h"
#include "measure/measurequeueview.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "session/tasklocator.h"

#include "guitest.h"
#include "kfx-config.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>

#include "testmain.h"

namespace tst_measurequeue {
namespace {

namespace {

using State = MeasureItem::State;

MeasureSettings fakeSettings(const QString &arguments = {}, int timeoutMs = 1000)
{
    MeasureSettings settings;
    settings.workerCommand = QStringLiteral(FAKE_MEASURE_WORKER)
        + (arguments.isEmpty() ? QString() : QLatin1Char(' ') + arguments);
    settings.timeoutMs = timeoutMs;
    return settings;
}

MeasureQueue::Request request(const QString &node, const char *behaviour)
{
    return {node, QStringLiteral("row_softmax"), QStringLiteral("/nonexistent/task"),
            std::string("extern \"C\" __global__ void k() {} // ") + behaviour};
}

State stateOf(const MeasureQueue &queue, int id)
{
    return queue.model()->item(id)->state;
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const auto &entry : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const auto target = QDir(to).filePath(entry.fileName());
        if (entry.isDir() ? !copyTree(entry.filePath(), target) : !QFile::copy(entry.filePath(), target))
            return false;
    }
    return true;
}

// The bundled row-softmax search with its task directory, in a folder of its own (the workspace is written
// beside the log, and never into the source tree).
QString demoCopy(const QTemporaryDir &dir)
{
    const QString demo = QStringLiteral(KFX_DEMO_DIR);
    const auto log = dir.filePath(QStringLiteral("row_softmax-search.jsonl"));
    if (!QFile::copy(demo + QStringLiteral("/row_softmax-search.jsonl"), log)
        || !copyTree(demo + QStringLiteral("/tasks/row_softmax"), dir.filePath(QStringLiteral("tasks/row_softmax"))))
        return {};
    return log;
}

bool load(MainWindow &window, const QString &path)
{
    QSignalSpy loaded(&window, &MainWindow::loadingFinished);
    window.openFiles({path});
    return loaded.wait(20000);
}

// The first measured candidate of the search, selected in the tree.
std::size_t selectCandidate(MainWindow &window)
{
    const auto &population = *window.populationModel()->population();
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status != kfx::NodeStatus::Seed && node.evaluation && node.evaluation->succeeded()) {
            window.selectId(QString::fromStdString(node.id));
            return i;
        }
    }
    return kfx::kNoNode;
}

// Ctrl+M on the demo's first measured candidate with these settings, as a user would press it; returns when the
// queue has drained.
bool pressCtrlM(MainWindow &window, const MeasureSettings &settings)
{
    auto *controller = window.measureController();
    controller->queue()->setSettings(settings);
    if (selectCandidate(window) == kfx::kNoNode)
        return false;
    window.show();
    if (!QTest::qWaitForWindowActive(&window))
        return false;
    QSignalSpy drained(controller->queue(), &MeasureQueue::drained);
    QTest::keyClick(window.treeView(), Qt::Key_M, Qt::ControlModifier);
    return drained.wait(30000);
}

// What MeasureQueue::measured reported, in order (its arguments are no Qt meta types, so no QSignalSpy).
struct Results {
    explicit Results(MeasureQueue &queue)
    {
        QObject::connect(&queue, &MeasureQueue::measured,
                         [this](const QString &node, const QString &source, const std::string &json,
                                const kfx::EvaluationOutcome &) {
                             entries.push_back({node, source, json});
                         });
    }
    struct Entry {
        QString node;
        QString source;
        std::string json;
    };
    int count() const { return int(entries.size()); }
    std::vector<Entry> entries;
};

void saveScreenshot(QWidget &widget, const QString &path)
{
    widget.resize(980, 300);
    widget.show();
    QCoreApplication::processEvents();
    QVERIFY(widget.grab().save(path));
}

} // namespace

class TestMeasureQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator));
        QSettings().clear();
    }

    void measuresWithProgressAndAResult()
    {
        MeasureQueue queue;
        queue.setSettings(fakeSettings());
        QAbstractItemModelTester tester(queue.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        Results measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        // Progress seen while the item ran: the stages in order, each bar value below 100.
        QStringList progress;
        connect(queue.model(), &QAbstractItemModel::dataChanged, this, [&](const QModelIndex &from) {
            const auto &item = queue.model()->items()[std::size_t(from.row())];
            const auto text = MeasureQueueModel::progressText(item);
            if (item.state == State::Running && !item.stage.isEmpty()
                && (progress.isEmpty() || progress.last() != text))
                progress << QStringLiteral("%1 %2").arg(text).arg(MeasureQueueModel::progressPercent(item));
        });
        const auto ids = queue.enqueue({request(QStringLiteral("NODE-A"), "FAKE_SUCCESS")});
        QCOMPARE(stateOf(queue, ids[0]), State::Queued);
        QVERIFY(drained.wait(10000));
        const auto *item = queue.model()->item(ids[0]);
        QCOMPARE(item->state, State::Measured);
        QVERIFY(item->outcome && item->outcome->succeeded());
        QCOMPARE(item->outcome->aggregatedSpeedup, 2.0);
        QCOMPARE(item->outcome->cases.size(), std::size_t(2));
        QCOMPARE(MeasureQueueModel::resultText(*item), QStringLiteral("2.00×, bin 6"));
        QCOMPARE(MeasureQueueModel::progressPercent(*item), 100);
        QVERIFY(item->elapsedMs >= 0);
        QCOMPARE(progress,
                 QStringList({QStringLiteral("compile 0"), QStringLiteral("correctness 1/2 10"),
                              QStringLiteral("correctness 2/2 17"), QStringLiteral("timing candidate 1/2 25"),
                              QStringLiteral("timing candidate 2/2 45"), QStringLiteral("timing reference 1/2 65"),
                              QStringLiteral("timing reference 2/2 82")}));
        QCOMPARE(measured.count(), 1);
        QCOMPARE(measured.entries[0].node, QStringLiteral("NODE-A"));
        QCOMPARE(measured.entries[0].source, QStringLiteral("kfx-measure Fake GPU"));
        const auto json = measured.entries[0].json;
        QVERIFY2(json.find("\"aggregated_speedup\":2") != std::string::npos, json.c_str());
        QVERIFY(queue.log().contains(QStringLiteral("fake worker started")));
        QVERIFY(queue.problem().isEmpty());
    }

    void recoversAfterACrashAndAHang()
    {
        MeasureQueue queue;
        queue.setSettings(fakeSettings({}, 1000));
        QAbstractItemModelTester tester(queue.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        Results measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue(
            {request(QStringLiteral("COMPILE"), "FAKE_COMPILE_FAILED"),
             request(QStringLiteral("STICKY"), "FAKE_STICKY"), request(QStringLiteral("AFTER-CRASH"), "FAKE_SUCCESS"),
             request(QStringLiteral("HANG"), "FAKE_HANG"), request(QStringLiteral("AFTER-HANG"), "FAKE_SUCCESS")});
        QVERIFY(drained.wait(15000));
        const auto outcome = [&](int id) { return *queue.model()->item(id)->outcome; };
        QCOMPARE(stateOf(queue, ids[0]), State::Failed);
        QCOMPARE(outcome(ids[0]).kind, kfx::OutcomeKind::CompileFailed);
        QCOMPARE(stateOf(queue, ids[1]), State::Failed);
        QCOMPARE(outcome(ids[1]).kind, kfx::OutcomeKind::RuntimeError);
        QCOMPARE(outcome(ids[1]).errorName, std::string("cudaErrorIllegalAddress"));
        QCOMPARE(stateOf(queue, ids[2]), State::Measured);
        QCOMPARE(stateOf(queue, ids[3]), State::Failed);
        QCOMPARE(outcome(ids[3]).errorName, std::string("Timeout"));
        QVERIFY(queue.model()->item(ids[3])->elapsedMs >= 1000);
        QCOMPARE(stateOf(queue, ids[4]), State::Measured);
        // Every kernel's own outcome is a result, the crash and the hang included.
        QCOMPARE(measured.count(), 5);
        // A fresh worker after the sticky error and after the hang.
        QCOMPARE(queue.log().count(QStringLiteral("fake worker started")), 3);
        QVERIFY(MeasureQueueModel::resultText(*queue.model()->item(ids[1]))
                    .contains(QStringLiteral("cudaErrorIllegalAddress")));

        MeasureQueueView view(&queue);
        // A view opened later still shows what the workers wrote before.
        QCOMPARE(view.logView()->toPlainText().count(QStringLiteral("fake worker started")), 3);
        QVERIFY(view.message().isEmpty());
        saveScreenshot(view, QStringLiteral("/tmp/kfx-measure-queue.png"));
    }

    void cancelsQueuedRunningAndHangingItems()
    {
        MeasureQueue queue;
        queue.setSettings(fakeSettings({}, 20000));
        queue.setCancelGraceMs(300);
        Results measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue(
            {request(QStringLiteral("SLOW"), "FAKE_SLOW"), request(QStringLiteral("HANG"), "FAKE_HANG"),
             request(QStringLiteral("QUEUED"), "FAKE_SUCCESS"), request(QStringLiteral("LAST"), "FAKE_SUCCESS")});
        queue.cancel(ids[2]);
        QCOMPARE(stateOf(queue, ids[2]), State::Cancelled);
        // The slow one stops between samples when asked.
        QTRY_VERIFY_WITH_TIMEOUT(!queue.model()->item(ids[0])->stage.isEmpty(), 10000);
        QElapsedTimer clock;
        clock.start();
        queue.cancel(ids[0]);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(queue, ids[0]), State::Cancelled, 5000);
        QVERIFY2(clock.elapsed() < 300, "cancelled by the protocol, not by killing the worker");
        // The hanging one never reaches a sample: its worker is killed after the grace period.
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(queue, ids[1]), State::Running, 5000);
        QTest::qWait(100);
        clock.restart();
        queue.cancel(ids[1]);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(queue, ids[1]), State::Cancelled, 5000);
        QVERIFY(clock.elapsed() >= 300 && clock.elapsed() < 5000);
        QVERIFY(drained.wait(10000) || queue.idle());
        QCOMPARE(stateOf(queue, ids[3]), State::Measured);
        // Cancelled measurements are no results.
        QCOMPARE(measured.count(), 1);
        QCOMPARE(measured.entries[0].node, QStringLiteral("LAST"));

        const auto all = queue.enqueue(
            {request(QStringLiteral("A"), "FAKE_SLOW"), request(QStringLiteral("B"), "FAKE_SLOW")});
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(queue, all[0]), State::Running, 5000);
        queue.cancelAll();
        QTRY_VERIFY_WITH_TIMEOUT(queue.idle(), 5000);
        QCOMPARE(stateOf(queue, all[0]), State::Cancelled);
        QCOMPARE(stateOf(queue, all[1]), State::Cancelled);
        queue.model()->clearFinished();
        QCOMPARE(queue.model()->rowCount(), 0);
    }

    void saysSoWhenThereIsNoDevice()
    {
        MeasureQueue queue;
        queue.setSettings(fakeSettings(QStringLiteral("--no-device")));
        MeasureQueueView view(&queue);
        Results measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue(
            {request(QStringLiteral("A"), "FAKE_SUCCESS"), request(QStringLiteral("B"), "FAKE_SUCCESS")});
        QVERIFY(drained.wait(10000));
        for (const int id : ids) {
            QCOMPARE(stateOf(queue, id), State::Failed);
            QVERIFY(queue.model()->item(id)->message.contains(QStringLiteral("no CUDA device")));
        }
        // Not a kernel's outcome: nothing is recorded against the kernels.
        QCOMPARE(measured.count(), 0);
        QVERIFY(queue.problem().startsWith(QStringLiteral("no CUDA device")));
        QVERIFY(view.message().contains(QStringLiteral("ssh gpu-box")));
        QCOMPARE(queue.workerCount(), 0);
        saveScreenshot(view, QStringLiteral("/tmp/kfx-measure-nodevice.png"));
        view.setPalette(guitest::darkPalette());
        saveScreenshot(view, QStringLiteral("/tmp/kfx-measure-nodevice-dark.png"));

        // Pointed at a machine that has a GPU, the same queue measures and the message goes.
        queue.setSettings(fakeSettings());
        const auto again = queue.enqueue({request(QStringLiteral("C"), "FAKE_SUCCESS")});
        QVERIFY(drained.wait(10000));
        QCOMPARE(stateOf(queue, again[0]), State::Measured);
        QVERIFY(view.message().isEmpty());
    }

    void theRealWorkerReportsNoDeviceHere()
    {
#ifndef REAL_MEASURE_WORKER
        QSKIP("this build has no kfx-measure (no CUDA toolkit)");
#else
        MeasureQueue queue;
        auto settings = fakeSettings({}, 30000);
        settings.workerCommand = QStringLiteral(REAL_MEASURE_WORKER);
        queue.setSettings(settings);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        QSignalSpy problem(&queue, &MeasureQueue::problemChanged);
        const auto ids = queue.enqueue({request(QStringLiteral("A"), "")});
        QVERIFY(drained.wait(30000));
        if (queue.problem().isEmpty())
            QSKIP("this machine has a GPU");
        QVERIFY2(queue.problem().startsWith(QStringLiteral("no CUDA device: ")), qPrintable(queue.problem()));
        QCOMPARE(stateOf(queue, ids[0]), State::Failed);
        QCOMPARE(problem.count(), 1);
        QCOMPARE(MeasureProblem(queue.problem(), settings).kind(), MeasureProblem::Kind::NoDevice);

        // Ctrl+M in the window: the status bar and the dock say there is no GPU here, and how to use one elsewhere.
        QTemporaryDir dir;
        MainWindow window;
        QVERIFY(load(window, demoCopy(dir)));
        QVERIFY(pressCtrlM(window, settings));
        auto *controller = window.measureController();
        QVERIFY2(controller->lastMessage().startsWith(QStringLiteral("No GPU on this machine")),
                 qPrintable(controller->lastMessage()));
        QVERIFY(controller->dock()->isVisibleTo(&window));
        const auto message = controller->view()->message();
        QVERIFY2(message.contains(QStringLiteral("No GPU on this machine")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("cudaError")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("<tt>ssh gpu-box</tt>")));
        QVERIFY(message.contains(QStringLiteral("<tt>srun --gres=gpu:1</tt>")));
#endif
    }

    void saysHowToGetAMissingWorker()
    {
        // A build without the CUDA toolkit has no kfx-measure: the default command is then a name nothing answers to.
        auto settings = fakeSettings();
        settings.workerCommand = QStringLiteral("/nonexistent/build-run/core/measure/kfx-measure");
        QTemporaryDir dir;
        MainWindow window;
        QVERIFY(load(window, demoCopy(dir)));
        QVERIFY(pressCtrlM(window, settings));
        auto *controller = window.measureController();
        QVERIFY2(controller->lastMessage().startsWith(QStringLiteral("No GPU worker (kfx-measure) on this machine")),
                 qPrintable(controller->lastMessage()));
        const auto message = controller->view()->message();
        QVERIFY2(message.contains(QStringLiteral("/nonexistent/build-run/core/measure/kfx-measure")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("cmake -S core/measure -B build-measure")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("<tt>ssh gpu-box</tt>")));
        saveScreenshot(*controller->view(), QStringLiteral("/tmp/kfx-measure-noworker.png"));

        // Behind a launch prefix, a program that cannot start is the prefix's own: no advice to build a worker here.
        settings.launchPrefix = QStringLiteral("/nonexistent/ssh gpu-box");
        QCOMPARE(
            MeasureProblem(QStringLiteral("cannot start /nonexistent/ssh: No such file or directory"), settings).kind(),
            MeasureProblem::Kind::Other);
        // A worker built without the toolkit (it measures only Python tasks) gets the same advice as none.
        QCOMPARE(MeasureProblem(QStringLiteral("built without the CUDA toolkit"), settings).kind(),
                 MeasureProblem::Kind::WorkerMissing);
    }

    void settingsLabelsNameTheirFields()
    {
        MeasureSettingsDialog dialog(fakeSettings());
        QString mnemonics;
        for (const auto *label : dialog.findChildren<QLabel *>()) {
            const auto at = label->text().indexOf(QLatin1Char('&'));
            if (at < 0)
                continue;
            // A label without a buddy draws its "&" instead of underlining the next letter.
            QVERIFY2(label->buddy(), qPrintable(label->text()));
            mnemonics += label->text().at(at + 1).toLower();
        }
        // Worker, prefix, timing, limit and Python; the Slurm group's partition, GRES, time, options and workers.
        QCOMPARE(mnemonics.size(), 10);
        const auto labels = dialog.findChildren<QLabel *>();
        const auto worker = std::find_if(labels.begin(), labels.end(), [](const QLabel *label) {
            return label->text() == QStringLiteral("&Worker:");
        });
        QVERIFY(worker != labels.end());
        QCOMPARE((*worker)->buddy()->accessibleName(), QStringLiteral("Worker command"));
        for (const auto *button : dialog.findChildren<QPushButton *>()) {
            const auto at = button->text().indexOf(QLatin1Char('&'));
            if (at >= 0)
                mnemonics += button->text().at(at + 1).toLower();
        }
        for (const auto key : mnemonics)
            QVERIFY2(mnemonics.count(key) == 1, qPrintable(mnemonics));
    }

    void aboutNamesTheVersion()
    {
        QVERIFY(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"))
                    .match(QStringLiteral(KFX_VERSION_STRING))
                    .hasMatch());
        QVERIFY2(HelpMenu::aboutText().contains(QStringLiteral("Version " KFX_VERSION_STRING)),
                 qPrintable(HelpMenu::aboutText()));
    }

    void startsOneWorkerPerGpu()
    {
        qputenv("FAKE_DEVICE_COUNT", "2");
        MeasureQueue queue;
        queue.setSettings(fakeSettings());
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue({request(QStringLiteral("A"), "FAKE_SUCCESS"),
                                        request(QStringLiteral("B"), "FAKE_SUCCESS"),
                                        request(QStringLiteral("C"), "FAKE_SUCCESS")});
        QVERIFY(drained.wait(10000));
        qunsetenv("FAKE_DEVICE_COUNT");
        QCOMPARE(queue.workerCount(), 2);
        for (const int id : ids)
            QCOMPARE(stateOf(queue, id), State::Measured);
        // The probe's worker sees every GPU; the second is pinned to its own.
        QVERIFY2(queue.log().contains(QStringLiteral("CUDA_VISIBLE_DEVICES=(unset)")), qPrintable(queue.log()));
        QVERIFY2(queue.log().contains(QStringLiteral("[GPU 1] fake worker started, CUDA_VISIBLE_DEVICES=1")),
                 qPrintable(queue.log()));
        QCOMPARE(fakeSettings().argv(1).at(0), std::string("env"));
    }

    void findsTheTaskDirectory()
    {
        QTemporaryDir dir;
        const auto log = demoCopy(dir);
        QVERIFY(!log.isEmpty());
        QCOMPARE(TaskLocator::conventionalDirectory(log), dir.filePath(QStringLiteral("tasks/row_softmax")));
        // Another name: the user is asked once, and the answer is kept.
        const auto renamed = dir.filePath(QStringLiteral("my run.jsonl"));
        QVERIFY(QFile::copy(log, renamed));
        int asked = 0;
        TaskLocator locator([&](const QString &) {
            ++asked;
            return dir.filePath(QStringLiteral("tasks/row_softmax"));
        });
        QCOMPARE(locator.taskDirectory(renamed), dir.filePath(QStringLiteral("tasks/row_softmax")));
        QCOMPARE(locator.taskDirectory(renamed), dir.filePath(QStringLiteral("tasks/row_softmax")));
        QCOMPARE(asked, 1);
        // A directory without task.json is no answer.
        TaskLocator wrong([&](const QString &) { return dir.path(); });
        QVERIFY(wrong.taskDirectory(dir.filePath(QStringLiteral("other.jsonl"))).isEmpty());
    }

    void resultsReachTheWorkspaceAndTheTree()
    {
        QTemporaryDir dir;
        const auto log = demoCopy(dir);
        QVERIFY(!log.isEmpty());
        std::string nodeId;
        double before = 0.0;
        {
            MainWindow window;
            QVERIFY(load(window, log));
            auto *controller = window.measureController();
            controller->queue()->setSettings(fakeSettings());
            const auto node = selectCandidate(window);
            QVERIFY(node != kfx::kNoNode);
            nodeId = window.populationModel()->population()->node(node).id;
            before = *window.populationModel()->population()->node(node).evaluation->measuredSpeedup();
            QVERIFY(before != 2.0);
            QSignalSpy drained(controller->queue(), &MeasureQueue::drained);
            // The demo's timed-out kernels have no measurement: the gate deferred them (no forecast), so they go.
            int unmeasured = 0;
            const auto &population = *window.populationModel()->population();
            for (std::size_t i = 0; i < population.size(); ++i) {
                const auto &candidate = population.node(i);
                unmeasured += candidate.status != kfx::NodeStatus::Seed && !candidate.evaluation ? 1 : 0;
            }
            QVERIFY(unmeasured >= 1);
            QCOMPARE(controller->measureDeferred(), unmeasured);
            QVERIFY(drained.wait(10000));
            QCOMPARE(controller->measureDeferred(), 0);
            QCOMPARE(window.gateController()->session()->workspace()->current()->measurements().size(),
                     std::size_t(unmeasured));

            QCOMPARE(window.action(QStringLiteral("measureCurrent"))->shortcut(),
                     QKeySequence(QStringLiteral("Ctrl+M")));
            window.action(QStringLiteral("measureCurrent"))->trigger();
            QVERIFY(controller->dock()->isVisibleTo(&window));
            QVERIFY(drained.wait(10000));
            const auto *item = controller->queue()->model()->item(controller->queue()->model()->items().back().id);
            QCOMPARE(item->task, QStringLiteral("row_softmax"));
            // The dock names the kernel as the tree does, so it can be found there.
            const auto shownInTree = window.treeView()->currentIndex().siblingAtColumn(PopulationModel::IdColumn);
            const auto row = controller->queue()->model()->rowCount() - 1;
            QCOMPARE(controller->queue()->model()->index(row, MeasureQueueModel::KernelColumn).data().toString(),
                     shownInTree.data().toString());
            QCOMPARE(item->taskDirectory, dir.filePath(QStringLiteral("tasks/row_softmax")));

            const auto records = window.gateController()->session()->workspace()->current()->measurements();
            QCOMPARE(records.size(), std::size_t(unmeasured + 1));
            QCOMPARE(records.back().nodeId, nodeId);
            QCOMPARE(records.back().source, std::string("kfx-measure Fake GPU"));
            // The tree shows the new measurement at once, and the current kernel stays current.
            const auto &shown = *window.populationModel()->population();
            QCOMPARE(*shown.node(*shown.find(nodeId)).evaluation->measuredSpeedup(), 2.0);
            QCOMPARE(window.treeView()->currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString(),
                     nodeId);
            QCOMPARE(controller->lastMessage(), QStringLiteral("1 kernel measured"));
        }
        // The data file is untouched, and the measurement comes back with the workspace.
        QVERIFY(!QFile(log).readAll().contains("\"aggregated_speedup\":2,"));
        MainWindow reopened;
        QVERIFY(load(reopened, log));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto &shown = *reopened.populationModel()->population();
                const auto node = shown.find(nodeId);
                return node && shown.node(*node).evaluation->measuredSpeedup() == 2.0;
            }(),
            5000);
    }

    void closingTheWindowStopsAHangingKernel()
    {
        QTemporaryDir dir;
        const auto log = demoCopy(dir);
        auto window = std::make_unique<MainWindow>();
        QVERIFY(load(*window, log));
        auto *queue = window->measureController()->queue();
        queue->setSettings(fakeSettings({}, 60000));
        const auto ids = queue->enqueue({request(QStringLiteral("HANG"), "FAKE_HANG")});
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(*queue, ids[0]), State::Running, 5000);
        QTest::qWait(200);
        QElapsedTimer clock;
        clock.start();
        window->close();
        window.reset();
        QVERIFY2(clock.elapsed() < 10000, "the hanging worker is killed, not waited for (it never ends)");
    }

    void shortcutsDoNotClash()
    {
        MainWindow window;
        QStringList keys;
        for (const auto &entry : window.shortcuts())
            keys << entry.second;
        // The GPU menu's keys are taken by nothing else.
        for (const auto *key : {"Ctrl+M", "Ctrl+Alt+M", "Ctrl+Shift+D"})
            QVERIFY2(keys.count(QString::fromLatin1(key)) == 1, key);
        QVERIFY(HelpMenu::aboutText().contains(QStringLiteral("NVIDIA H100")));
        QVERIFY(HelpMenu::aboutText().contains(QStringLiteral("2026-11-22")));
        // The tree's context menu offers measuring.
        QVERIFY(window.treeView()->actions().contains(window.action(QStringLiteral("measureCurrent"))));
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestMeasureQueue)

} // namespace
} // namespace tst_measurequeue

#include "tst_measurequeue.moc"
