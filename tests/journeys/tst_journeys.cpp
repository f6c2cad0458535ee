// What people do with kfx, end to end in the real window, offscreen: each test is one journey on the bundled demo
// or on generated data, driven by the keys and clicks a user would use. After each, the window must fit a
// 1366x768 and a 1920x1080 screen with nothing clipped, and every count it shows must match the data.

#include "journeychecks.h"

#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "forecasting/forecastpanel.h"
#include "gate/gatebar.h"
#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "gpu/measurequeue.h"
#include "measure/measurecontroller.h"
#include "measure/measurequeueview.h"
#include "model/speedupbin.h"
#include "pairlist/pairlistmodel.h"
#include "population/populationfilterbar.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "replay/replaycontroller.h"
#include "replay/replayview.h"
#include "search/searchdriver.h"
#include "session/livefollow.h"
#include "session/recentsessions.h"
#include "session/sessionstatus.h"

#include "guitest.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QIcon>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QTranslator>
#include <QTreeView>
#include <QUndoStack>

#include "testmain.h"

namespace tst_journeys {
namespace {

using kfx::generate::SyntheticKind;

namespace {

std::size_t currentNode(const MainWindow &window)
{
    return window.treeView()->currentIndex().data(PopulationModel::NodeIndexRole).toULongLong();
}

const kfx::KernelNode &nodeAt(const MainWindow &window, std::size_t index)
{
    return window.populationModel()->population()->node(index);
}

QString nodeCode(const MainWindow &window, std::size_t index)
{
    return QString::fromStdString(nodeAt(window, index).code);
}

// The keys as a user presses them, to whichever widget has the focus.
void press(const MainWindow &window, const char *keys)
{
    QTest::keySequence(QApplication::focusWidget() ? QApplication::focusWidget() : window.treeView(),
                       QKeySequence(QString::fromLatin1(keys)));
}

// The status bar's counts name as many nodes as the search shown has (a message shown for a while covers them but
// does not change them).
void checkNodeCount(const MainWindow &window)
{
    const auto nodes = SessionStatus::tr("%n node(s)", nullptr, int(window.populationModel()->population()->size()));
    QStringList shown;
    for (const auto *label : window.statusBar()->findChildren<QLabel *>())
        shown << label->text();
    QVERIFY2(
        std::any_of(shown.begin(), shown.end(),
                    [&](const QString &text) { return text.startsWith(nodes + QLatin1Char(' ')); }),
        qPrintable(
            QStringLiteral("expected \"%1\" in the status bar: %2").arg(nodes, shown.join(QStringLiteral(" | ")))));
}

std::size_t overridesOf(const MainWindow &window)
{
    return window.gateController()->session()->overrides().size();
}

} // namespace

class TestJourneys : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journeys"))); }
    void init()
    {
        // Each journey starts as a first start does: no saved layout, no recent files.
        QSettings().clear();
    }

    // Alt+Home, Alt+Down, Alt+Right/Left, Alt+Up and Alt+End over a generated search, the code following.
    void inspectLineageByKeyboard()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(
            window, {journey::writeGenerated(dir, QStringLiteral("v3.jsonl"), SyntheticKind::PuctV3, 300, 7)}));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        checkNodeCount(window);

        press(window, "Alt+Home");
        const auto seed = currentNode(window);
        QCOMPARE(nodeAt(window, seed).parent, kfx::kNoNode);
        press(window, "Alt+Down");
        const auto child = currentNode(window);
        QCOMPARE(nodeAt(window, child).parent, seed);
        QCOMPARE(window.codeView()->toPlainText(), nodeCode(window, child));
        press(window, "Alt+Right");
        const auto sibling = currentNode(window);
        QVERIFY(sibling != child);
        QCOMPARE(nodeAt(window, sibling).parent, seed);
        QCOMPARE(window.codeView()->toPlainText(), nodeCode(window, sibling));
        press(window, "Alt+Left");
        QCOMPARE(currentNode(window), child);
        press(window, "Alt+Up");
        QCOMPARE(currentNode(window), seed);
        press(window, "Alt+End");
        QCOMPARE(currentNode(window), *kfx::search::bestMeasuredNode(*window.populationModel()->population()));
        press(window, "Shift+Alt+End");
        QCOMPARE(currentNode(window), *window.populationModel()->population()->bestArchiveNode());
        // The filter by keyboard: Ctrl+F, a node's id, and the node is shown even under a collapsed parent.
        const auto best = currentNode(window);
        const auto bestId = QString::fromStdString(nodeAt(window, best).id);
        window.treeView()->collapseAll();
        press(window, "Ctrl+F");
        QTest::keyClicks(QApplication::focusWidget(), bestId.right(8));
        QTRY_VERIFY(window.proxyModel()->rowCount() > 0);
        QTRY_VERIFY(window.treeView()->visualRect(window.treeView()->currentIndex()).isValid());
        JOURNEY_CHECK_LAYOUT(window);
    }

    // Surprises: the filter keeps exactly the kernels whose measured bin their forecast gave under 5 %, each marked
    // beside its id, and F8 walks them from the least probable measured bin up.
    void findSurprisesOnTheTree()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(
            window, {journey::writeGenerated(dir, QStringLiteral("v3.jsonl"), SyntheticKind::PuctV3, 400, 5)}));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        // By the definition: the probability the shown forecast gave the bin the measurement fell into.
        const auto &population = *window.populationModel()->population();
        std::vector<std::pair<double, std::size_t>> expected;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            const auto *forecast = PopulationModel::shownForecast(node);
            const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
            const auto bin = speedup ? kfx::trySpeedupBinFor(*speedup) : std::nullopt;
            if (forecast && bin && kfx::isForecastBin(forecast->predictedBin)
                && forecast->probabilities[std::size_t(*bin - 1)] < 0.05)
                expected.emplace_back(forecast->probabilities[std::size_t(*bin - 1)], i);
        }
        QVERIFY2(expected.size() >= 2, "the generated search should hold surprises");
        std::stable_sort(expected.begin(), expected.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });

        window.filterBar()->surprises()->click();
        QTRY_VERIFY(window.proxyModel()->surprisesOnly());
        QCOMPARE(window.proxyModel()->surprises().size(), expected.size());
        std::size_t shownMatches = 0;
        for (const auto &[probability, node] : expected) {
            const auto index = window.proxyModel()->mapFromSource(window.populationModel()->indexForNode(node));
            QVERIFY2(index.isValid(), "every surprise passes the filter");
            QVERIFY(!index.data(Qt::DecorationRole).value<QIcon>().isNull());
            QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("surprise")));
            ++shownMatches;
        }
        QCOMPARE(shownMatches, expected.size());

        press(window, "F8");
        QCOMPARE(currentNode(window), expected.front().second);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Surprise 1 of")));
        press(window, "F8");
        QCOMPARE(currentNode(window), expected[1].second);
        press(window, "Shift+F8");
        QCOMPARE(currentNode(window), expected.front().second);
        // What a user sees, at the smallest screen kfx supports, in both themes.
        window.resize(1366, 708);
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("journey-surprises-light.png")));
        QApplication::setPalette(guitest::darkPalette());
        QTRY_COMPARE(window.treeView()->palette().color(QPalette::Base), guitest::darkPalette().color(QPalette::Base));
        QVERIFY(window.grab().save(QStringLiteral("journey-surprises-dark.png")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        JOURNEY_CHECK_LAYOUT(window);
    }

    // Ctrl+2 puts the parent on the left, Ctrl+1 the seed; the candidate stays on the right.
    void compareWithParentAndSeed()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(
            window, {journey::writeGenerated(dir, QStringLiteral("v3.jsonl"), SyntheticKind::PuctV3, 200, 3)}));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        press(window, "Alt+End");
        const auto best = currentNode(window);
        const auto parent = nodeAt(window, best).parent;
        press(window, "Ctrl+2");
        QCOMPARE(window.comparisonView()->referenceView()->toPlainText(), nodeCode(window, parent));
        QCOMPARE(window.codeView()->toPlainText(), nodeCode(window, best));
        press(window, "Ctrl+1");
        QCOMPARE(window.comparisonView()->referenceView()->toPlainText(), nodeCode(window, 0));
        // Walking away and back keeps the chosen reference.
        press(window, "Alt+Home");
        press(window, "Alt+End");
        QCOMPARE(window.comparisonView()->referenceView()->toPlainText(), nodeCode(window, 0));
        JOURNEY_CHECK_LAYOUT(window);
    }

    // The gate by threshold, by coverage and by certified risk; T, D, A and undo; close and reopen: the overrides
    // are still there.
    void gateAndOverride()
    {
        QTemporaryDir dir;
        const auto log = journey::writeGenerated(dir, QStringLiteral("v3.jsonl"), SyntheticKind::PuctV3, 400, 9);
        QString trustedId;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(journey::openAndWait(window, {log}));
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            auto *bar = window.gateController()->gateBar();
            auto *session = window.gateController()->session();

            bar->thresholdBox()->setValue(0.5);
            QCOMPARE(session->settings().gate.threshold, 0.5);
            const auto trustedAtHalf = session->summary().trusted;
            bar->coverageBox()->setValue(0.3);
            bar->coverageButton()->click();
            QVERIFY(session->settings().gate.threshold != 0.5);
            QVERIFY(session->summary().trusted != trustedAtHalf || session->summary().trusted == 0);
            bar->riskButton()->click();
            QVERIFY(!bar->countersText().isEmpty());

            press(window, "Alt+End");
            trustedId = QString::fromStdString(nodeAt(window, currentNode(window)).id);
            window.treeView()->setFocus();
            QTest::keyClick(window.treeView(), Qt::Key_T);
            QCOMPARE(overridesOf(window), std::size_t(1));
            QTest::keyClick(window.treeView(), Qt::Key_A);
            QCOMPARE(overridesOf(window), std::size_t(0));
            session->undoStack()->undo();
            QCOMPARE(overridesOf(window), std::size_t(1));
            QCOMPARE(session->overrideFor(trustedId.toStdString()), kfx::gate::OverrideMode::Trust);
            JOURNEY_CHECK_LAYOUT(window);
            window.close();
        }
        MainWindow reopened;
        reopened.show();
        QVERIFY(QTest::qWaitForWindowExposed(&reopened));
        QVERIFY(journey::openAndWait(reopened, {log}));
        QCOMPARE(reopened.gateController()->session()->overrideFor(trustedId.toStdString()),
                 kfx::gate::OverrideMode::Trust);
    }

    // Replay under each policy, then demo mode to the end and out again: the layout is the one before.
    void replayAndDemoMode()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(
            window, {journey::writeGenerated(dir, QStringLiteral("v3.jsonl"), SyntheticKind::PuctV3, 200, 4)}));
        auto *replayDock = window.replayController()->dock();
        replayDock->show();
        auto *replay = window.replayController()->view();
        replay->replay();
        QTRY_VERIFY_WITH_TIMEOUT(!replay->isPlaying(), 60000);
        JOURNEY_CHECK_LAYOUT(window);

        // The layout demo mode must give back: the code panes as tall as when the person started it (the replay
        // dock itself may keep the room it grew to, to show its chart).
        const auto codeHeightBefore = window.comparisonView()->height();
        auto *demo = window.findChild<QAction *>(QStringLiteral("replayDemoMode"));
        QVERIFY(demo);
        demo->setChecked(true);
        QVERIFY(replay->demoMode());
        // The fastest pace a person can choose: the calm default (2 steps a second) made this one replay take 100
        // of the test's 105 seconds, and what is checked here is the layout, not the pace.
        auto *speed = replayDock->findChild<QSlider *>(QStringLiteral("replayDemoSpeed"));
        QVERIFY(speed);
        speed->setValue(speed->maximum());
        replay->play();
        QTRY_VERIFY_WITH_TIMEOUT(!replay->isPlaying(), 120000);
        demo->setChecked(false);
        QVERIFY(!replay->demoMode());
        QTRY_VERIFY(window.treeView()->isVisible());
        QTRY_COMPARE(window.comparisonView()->height(), codeHeightBefore);
        replayDock->hide();
        JOURNEY_CHECK_LAYOUT(window);
    }

    // A log that grows while it is shown: the tree and the status bar follow it.
    void liveFollowAGrowingLog()
    {
        QTemporaryDir dir;
        const auto full = journey::writeGenerated(dir, QStringLiteral("full.jsonl"), SyntheticKind::PuctV3, 400, 6);
        QFile source(full);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const auto lines = source.readAll().split('\n');
        const auto log = dir.filePath(QStringLiteral("growing.jsonl"));
        const auto writeLines = [&](int count, QIODevice::OpenMode mode) {
            QFile out(log);
            QVERIFY(out.open(mode));
            for (int i = 0; i < count; ++i)
                out.write(lines[i] + '\n');
        };
        const int firstPart = int(lines.size()) / 5;
        writeLines(firstPart, QIODevice::WriteOnly);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, {log}));
        const auto nodesBefore = window.populationModel()->population()->size();
        checkNodeCount(window);
        {
            QFile out(log);
            QVERIFY(out.open(QIODevice::Append));
            for (int i = firstPart; i < int(lines.size()); ++i)
                if (!lines[i].isEmpty())
                    out.write(lines[i] + '\n');
        }
        QTRY_VERIFY_WITH_TIMEOUT(window.populationModel()->population()->size() > nodesBefore, 30000);
        checkNodeCount(window);
        JOURNEY_CHECK_LAYOUT(window);
    }

    // Files dropped onto an open session join it; File → Open of another search replaces it, and says so.
    void dropFilesOntoAnOpenSession()
    {
        QTemporaryDir dir;
        const auto search = journey::writeGenerated(dir, QStringLiteral("a.jsonl"), SyntheticKind::PuctV3, 150, 1);
        const auto other = journey::writeGenerated(dir, QStringLiteral("b.jsonl"), SyntheticKind::PuctV3, 120, 2);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, {search}));

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(other)});
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(finished.wait(30000));
        // Both searches are open now, the first still shown.
        QCOMPARE(window.searchSelector()->count(), 2);
        QCOMPARE(window.windowTitle().contains(QStringLiteral("a.jsonl")), true);
        checkNodeCount(window);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Added 1 file")));
        const QStringList session{search, other};
        QCOMPARE(RecentSessions().sessions().value(0), session);

        // File → Open of one search replaces the session, and says what it replaced.
        const auto third = journey::writeGenerated(dir, QStringLiteral("c.jsonl"), SyntheticKind::PuctV3, 90, 3);
        QVERIFY(journey::openAndWait(window, {third}));
        QVERIFY(!window.searchSelector()->isVisible());
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("in place of a.jsonl and 1 more file")),
                 qPrintable(window.statusBar()->currentMessage()));
        checkNodeCount(window);

        // Open Recent brings the two-file session back whole.
        auto *fileMenu = window.menuBar()->actions().first()->menu();
        QMenu *recent = nullptr;
        for (auto *entry : fileMenu->actions())
            if (entry->menu() && entry->text().contains(QStringLiteral("Recent")))
                recent = entry->menu();
        QVERIFY(recent);
        Q_EMIT recent->aboutToShow();
        QAction *entry = nullptr;
        for (auto *candidate : recent->actions())
            if (candidate->text() == RecentSessions::label(session))
                entry = candidate;
        QVERIFY(entry);
        QSignalSpy reopened(&window, &MainWindow::loadingFinished);
        entry->trigger();
        QVERIFY(reopened.wait(30000));
        QCOMPARE(window.searchSelector()->count(), 2);
        checkNodeCount(window);
        JOURNEY_CHECK_LAYOUT(window);
    }

    // Ctrl+M on the demo with the settings a first start has: the worker this build made answers, and on this
    // machine without a GPU the window says so and how to measure elsewhere.
    void measureWithTheBuiltWorker()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, journey::copyDemo(dir)));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        press(window, "Alt+End");
        auto *controller = window.measureController();
        QSignalSpy drained(controller->queue(), &MeasureQueue::drained);
        QTest::keyClick(window.treeView(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY(drained.wait(60000));
        QVERIFY(controller->dock()->isVisible());
        const auto message = controller->lastMessage();
        QVERIFY2(!message.contains(QStringLiteral("cannot start")), qPrintable(message));
#ifdef KFX_BUILT_WORKER
        // This machine may have a GPU: then nothing is said.
        if (!message.isEmpty())
            QVERIFY2(message.startsWith(QStringLiteral("No GPU on this machine")), qPrintable(message));
#else
        // A build without the CUDA toolkit says so, and the dock says how to build or reach a worker.
        QVERIFY2(message.startsWith(QStringLiteral("No GPU worker")), qPrintable(message));
        QVERIFY(controller->view()->message().contains(QStringLiteral("cmake -S core/measure")));
#endif
        JOURNEY_CHECK_LAYOUT(window);
    }

    // An eval set with a surrogate's predictions: page through the pairs, open Calibration beside them.
    void evalSetWithCalibration()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto evalSet = journey::writeGenerated(dir, QStringLiteral("eval.jsonl"), SyntheticKind::EvalSet, 300, 5);
        const auto predictions = journey::writeGenerated(dir, QStringLiteral("predictions.jsonl"),
                                                         SyntheticKind::Predictions, 300, 5);
        QVERIFY(journey::openAndWait(window, {evalSet, predictions}));
        QVERIFY(window.showsPairs());
        QCOMPARE(window.pairView()->model()->rowCount(), window.pairModel()->rowCount());
        QVERIFY2(window.statusText().contains(
                     SessionStatus::tr("%n pair(s) loaded", nullptr, window.pairModel()->rowCount())),
                 qPrintable(window.statusText()));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const auto first = window.pairView()->currentIndex().row();
        press(window, "Alt+Right");
        QCOMPARE(window.pairView()->currentIndex().row(), first + 1);
        QVERIFY(window.forecastPanel()->choiceCount() > 0);

        auto *calibration = window.findChild<QDockWidget *>(QStringLiteral("calibrationDock"));
        calibration->show();
        QTRY_VERIFY(calibration->isVisible());
        JOURNEY_CHECK_LAYOUT(window);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestJourneys)

} // namespace
} // namespace tst_journeys

#include "tst_journeys.moc"
