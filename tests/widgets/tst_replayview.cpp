// The replay dock and live follow: one best-so-far series per policy with its row in the table, the demo
// showing the followed policy's candidates one by one, the person's overrides reaching the replay, a dark
// screenshot of the presenter's view, and a log that grows while the window shows it.

#include "comparison/codeview.h"
#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "replay/democandidatecard.h"
#include "replay/replaycontroller.h"
#include "replay/replayresultsmodel.h"
#include "replay/replayview.h"
#include "session/livefollow.h"
#include "session/session.h"
#include "themechooser.h"

#include "gatefixture.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include "testmain.h"

namespace tst_replayview {
namespace {

namespace {

// The figure a line of the demo's text gives for `policy`: "<policy> … N evaluation(s)" in the standings.
int standingsSpent(const QString &standings, const QString &policy)
{
    const auto at = standings.indexOf(policy);
    const auto match = QRegularExpression(QStringLiteral("(\\d+) evaluations?")).match(standings, at);
    return at < 0 || !match.hasMatch() ? -1 : match.captured(1).toInt();
}

// What the budget gauge says the followed policy has spent: "<policy>: L of B GPU evaluations left".
int gaugeSpent(const QString &gauge)
{
    const auto match = QRegularExpression(QStringLiteral("(\\d+) of (\\d+) GPU evaluations left")).match(gauge);
    return match.hasMatch() ? match.captured(2).toInt() - match.captured(1).toInt() : -1;
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> result;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = text.find('\n', start);
        result.push_back(text.substr(start, end - start + 1));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return result;
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { gatetest::setUpApplication(m_translator); }

    void oneSeriesPerPolicy()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 300));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *view = window.replayController()->view();
        QAbstractItemModelTester tester(view->resultsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view->replay();

        const auto policies = std::size(kfx::replay::kReplayPolicies);
        QCOMPARE(view->resultsModel()->rowCount(), int(policies));
        QCOMPARE(view->chart()->series().size(), int(policies));
        QStringList names;
        for (auto *series : view->chart()->series())
            names << series->name();
        QVERIFY(names.contains(QStringLiteral("Surrogate top-k")));
        QVERIFY(names.contains(QStringLiteral("Random k (equal budget)")));
        QVERIFY(view->lastEvaluation() > 0);
        const auto best = view->resultsModel()->index(0, ReplayResultsModel::BestColumn).data().toString();
        QVERIFY2(best.endsWith(QStringLiteral("×")), qPrintable(best));
        // Every policy says why it spent what it spent, in words and in a sentence on hover.
        for (int row = 0; row < view->resultsModel()->rowCount(); ++row) {
            const auto stopped = view->resultsModel()->index(row, ReplayResultsModel::StoppedColumn);
            QVERIFY(!stopped.data().toString().isEmpty());
            QVERIFY(!stopped.data(Qt::ToolTipRole).toString().isEmpty());
        }

        view->play();
        QVERIFY(view->isPlaying());
        view->pause();
        QVERIFY(!view->isPlaying());
    }

    // The demo follows one policy's candidates: each appears with its forecast, then gets its verdict; the GPU
    // clock moves only when one is measured, and the other curves run on once that policy is done.
    void demoAnimatesEachCandidate()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 300));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        gate->session()->applyTargetCoverage(0.9);
        auto *view = window.replayController()->view();
        view->replay();
        QCOMPARE(view->followedPolicy(), kfx::replay::ReplayPolicy::Compound);
        const auto compound = *std::find_if(view->outcomes().begin(), view->outcomes().end(), [](const auto &o) {
            return o.policy == kfx::replay::ReplayPolicy::Compound;
        });
        QVERIFY(compound.trusted > 0 && compound.evaluations > 0);
        QCOMPARE(compound.trace.size(), std::size_t(compound.trusted + compound.evaluations));

        view->setDemoMode(true);
        QCOMPARE(view->cursor(), 0);
        QVERIFY(view->candidateCard()->text().contains(QStringLiteral("Compound")));
        int previous = 0;
        bool sawTrusted = false;
        for (const auto &event : compound.trace) {
            view->step();
            const auto appeared = view->candidateCard()->text();
            QVERIFY2(appeared.contains(QString::fromStdString(event.nodeId.substr(event.nodeId.size() - 8))),
                     qPrintable(appeared));
            const auto forecast = event.predictedBin ? QStringLiteral("Forecast: bin %1").arg(*event.predictedBin)
                                                     : QStringLiteral("No forecast");
            QVERIFY2(appeared.contains(forecast) || !event.deferralReason.empty(), qPrintable(appeared));
            QCOMPARE(view->cursor(), previous); // not settled yet: nothing spent
            view->step();
            QVERIFY(view->candidateCard()->text().contains(DemoCandidateCard::fateText(event)));
            QCOMPARE(view->cursor(), event.evaluationsAfter);
            if (event.fate == kfx::replay::CandidateEvent::Fate::Trusted) {
                QCOMPARE(view->cursor(), previous); // trusting is free
                sawTrusted = true;
            }
            previous = view->cursor();
        }
        QVERIFY(sawTrusted);
        QCOMPARE(view->cursor(), compound.evaluations);
        QVERIFY2(view->demoText().contains(QStringLiteral("%1 of").arg(compound.evaluations)),
                 qPrintable(view->demoText()));
        view->play();
        QVERIFY(view->isPlaying());
        while (view->isPlaying())
            view->step();
        QCOMPARE(view->cursor(), view->lastEvaluation());
    }

    // The person's overrides reach the replay: deferring by hand a candidate the compound search trusted makes
    // it spend a GPU evaluation on that kernel.
    void overridesReachTheReplay()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 300));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *session = window.gateController()->session();
        session->applyTargetCoverage(0.9);
        auto *view = window.replayController()->view();
        view->replay();
        auto compoundOf = [view] {
            return *std::find_if(view->outcomes().begin(), view->outcomes().end(),
                                 [](const auto &o) { return o.policy == kfx::replay::ReplayPolicy::Compound; });
        };
        const auto before = compoundOf();
        const auto trusted = std::find_if(before.trace.begin(), before.trace.end(), [](const auto &event) {
            return event.fate == kfx::replay::CandidateEvent::Fate::Trusted;
        });
        QVERIFY(trusted != before.trace.end());
        const auto id = trusted->nodeId;
        session->setOverride({QString::fromStdString(id)}, kfx::gate::OverrideMode::Defer, QStringLiteral("check"));
        view->replay();
        const auto after = compoundOf();
        const auto again = std::find_if(after.trace.begin(), after.trace.end(),
                                        [&](const auto &event) { return event.nodeId == id; });
        QVERIFY(again != after.trace.end());
        QVERIFY(again->fate == kfx::replay::CandidateEvent::Fate::Measured);
        QVERIFY(again->gate->reason == kfx::gate::DecisionReason::OverriddenDefer);
        QVERIFY(after.evaluations > before.evaluations);
        // Undo takes the override back, and the replay with it.
        session->undoStack()->undo();
        view->replay();
        QCOMPARE(compoundOf().evaluations, before.evaluations);
    }

    void demoScreenshotDark()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 300));
        const auto lightPalette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            auto *gate = window.gateController();
            auto *dock = window.replayController()->dock();
            dock->setFloating(true);
            dock->resize(1200, 760);
            dock->show();
            QVERIFY(QTest::qWaitForWindowExposed(dock));
            gate->session()->applyTargetCoverage(0.9);
            auto *view = window.replayController()->view();
            view->replay();
            view->setDemoMode(true);
            // Midway through the compound search, on a candidate just measured, as a presenter would pause.
            const auto &trace = std::find_if(view->outcomes().begin(), view->outcomes().end(), [](const auto &o) {
                                    return o.policy == kfx::replay::ReplayPolicy::Compound;
                                })->trace;
            std::size_t shown = trace.size() / 2;
            while (shown + 1 < trace.size() && trace[shown].fate != kfx::replay::CandidateEvent::Fate::Measured)
                ++shown;
            for (std::size_t beat = 0; beat < 2 * (shown + 1); ++beat)
                view->step();
            QCoreApplication::processEvents();
            const auto image = dock->grab();
            QVERIFY(image.save(QDir::current().filePath(QStringLiteral("screenshot-replay-dark.png"))));
            image.save(QStringLiteral("/tmp/C/replay-demo-dark.png"));
        }
        QApplication::setPalette(lightPalette);
    }

    void followsAGrowingLog()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        const auto all = lines(gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 120));
        const auto half = all.size() / 2;
        std::string first;
        for (std::size_t i = 0; i < half; ++i)
            first += all[i];
        gatetest::writeFile(log, first);

        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *gate = window.gateController();
        const auto before = window.populationModel()->population()->size();
        auto *tree = window.treeView();
        const auto model = window.populationModel();
        const auto selected = model->population()->node(before / 2).id;
        tree->setCurrentIndex(window.proxyModel()->mapFromSource(model->indexForNode(before / 2)));
        QVERIFY(!gate->liveIndicator()->isVisible());

        // A last line still being written is waited for, not reported.
        std::string rest;
        for (std::size_t i = half; i < all.size(); ++i)
            rest += all[i];
        const auto cut = rest.size() - 10;
        gatetest::writeFile(log, rest.substr(0, cut), true);
        QTRY_VERIFY_WITH_TIMEOUT(window.populationModel()->population()->size() > before, 5000);
        QVERIFY(gate->liveIndicator()->isVisible());
        QCOMPARE(tree->currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString(), selected);
        const auto grown = window.populationModel()->population()->size();

        gatetest::writeFile(log, rest.substr(cut), true);
        window.session()->liveFollow()->check();
        QTRY_VERIFY_WITH_TIMEOUT(
            window.populationModel()->population()->steps.size() >= gate->session()->population()->steps.size(), 5000);
        QVERIFY(window.populationModel()->population()->size() >= grown);
        QCOMPARE(tree->currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString(), selected);
    }

    // The demo's banner (the budget gauge) and its standings count the followed policy's spending alike, also
    // once that policy is done and the other curves run on; at the end both equal the results table's figure.
    void bannerAndStandingsAgree()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("v3.jsonl"));
        // As `kfx-cli generate --kind puct-v3 --nodes 200 --seed 4` writes it.
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 200, 4));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *view = window.replayController()->view();
        view->replay();
        const auto policy = ReplayResultsModel::policyText(view->followedPolicy());
        const auto row = int(std::find_if(view->outcomes().begin(), view->outcomes().end(),
                                          [view](const auto &o) { return o.policy == view->followedPolicy(); })
                             - view->outcomes().begin());
        const int tableEvaluations =
            view->resultsModel()->index(row, ReplayResultsModel::EvaluationsColumn).data().toInt();
        // Where the two used to disagree: the clock runs on past what the followed policy spends.
        QVERIFY(view->lastEvaluation() > tableEvaluations);
        view->play();
        int beats = 0;
        while (view->isPlaying()) {
            view->step();
            ++beats;
            const int spent = gaugeSpent(view->budgetText());
            QVERIFY2(spent >= 0, qPrintable(view->budgetText()));
            QCOMPARE(standingsSpent(view->standingsText(), policy), spent);
        }
        QVERIFY(beats > 0);
        QCOMPARE(view->cursor(), view->lastEvaluation());
        QCOMPARE(gaugeSpent(view->budgetText()), tableEvaluations);
    }

    // View → Theme changes the application's palette at once, every view follows it (the code's highlighting,
    // the replay's chart), and the next window starts in the theme chosen last.
    void themeAppliesLiveAndIsRemembered()
    {
        QSettings().remove(QStringLiteral("View/theme"));
        const auto systemPalette = QApplication::palette();
        const auto isDarkBase = [] {
            return QApplication::palette().color(QPalette::Base) == guitest::darkPalette().color(QPalette::Base);
        };
        QString lightCodeTheme;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            lightCodeTheme = window.codeView()->themeName();
            auto *dark = window.findChild<QAction *>(QStringLiteral("theme-dark"));
            QVERIFY(dark && window.findChild<QAction *>(QStringLiteral("theme-system"))->isChecked());
            dark->trigger();
            QVERIFY(dark->isChecked());
            QVERIFY(isDarkBase());
            // Qt 6 delivers a palette change to widgets through posted events.
            QTRY_VERIFY2(window.codeView()->themeName() != lightCodeTheme, qPrintable(lightCodeTheme));
            QTRY_COMPARE(window.replayController()->view()->chart()->theme(), QChart::ChartThemeDark);
        }
        {
            QApplication::setPalette(systemPalette); // as a new process would start
            MainWindow reopened;
            QVERIFY(isDarkBase());
            QVERIFY(reopened.findChild<QAction *>(QStringLiteral("theme-dark"))->isChecked());
            QTRY_VERIFY(reopened.codeView()->themeName() != lightCodeTheme);

            reopened.findChild<QAction *>(QStringLiteral("theme-light"))->trigger();
            QCOMPARE(QApplication::palette().color(QPalette::Base),
                     QApplication::style()->standardPalette().color(QPalette::Base));
            QTRY_COMPARE(reopened.codeView()->themeName(), lightCodeTheme);
            QTRY_COMPARE(reopened.replayController()->view()->chart()->theme(), QChart::ChartThemeLight);

            reopened.findChild<QAction *>(QStringLiteral("theme-dark"))->trigger();
            reopened.findChild<QAction *>(QStringLiteral("theme-system"))->trigger();
            QCOMPARE(QApplication::palette().color(QPalette::Base), systemPalette.color(QPalette::Base));
            QTRY_COMPARE(reopened.codeView()->themeName(), lightCodeTheme);
        }
        QCOMPARE(QSettings().value(QStringLiteral("View/theme")).toString(), QStringLiteral("system"));
        QApplication::setPalette(systemPalette);
    }

    // Demo mode gives the replay the window's room; leaving it, or closing the window in it, puts the layout
    // back, and the next window opens with the code panes as tall as before the demo.
    void demoLayoutIsNeverSaved()
    {
        QSettings().remove(QStringLiteral("MainWindow"));
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("v3.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 200, 4));
        const auto openWindow = [&log](MainWindow &window) {
            window.resize(1366, 740);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(gatetest::load(window, log));
            window.replayController()->dock()->show();
            QCoreApplication::processEvents();
        };
        const auto codeHeight = [](MainWindow &window) { return window.codeView()->height(); };
        int normalHeight = 0;
        {
            MainWindow window;
            openWindow(window);
            normalHeight = codeHeight(window);
            auto *demo = window.findChild<QAction *>(QStringLiteral("replayDemoMode"));
            demo->setChecked(true);
            QCoreApplication::processEvents();
            QVERIFY(!window.codeView()->isVisible()); // the presentation has the window's room
            demo->setChecked(false);
            QCoreApplication::processEvents();
            QCOMPARE(codeHeight(window), normalHeight);
            window.close();
        }
        {
            MainWindow reopened;
            openWindow(reopened);
            QCOMPARE(codeHeight(reopened), normalHeight);
            reopened.findChild<QAction *>(QStringLiteral("replayDemoMode"))->setChecked(true);
            QCoreApplication::processEvents();
            QVERIFY(reopened.replayController()->view()->demoMode());
            reopened.close(); // in demo mode
        }
        MainWindow third;
        openWindow(third);
        QVERIFY(!third.replayController()->view()->demoMode());
        QCOMPARE(codeHeight(third), normalHeight);
        QSettings().remove(QStringLiteral("MainWindow"));
    }

    // The replay dock fits beside the explorer on a 1366x768 screen, in either mode: what does not fit scrolls.
    void fitsASmallScreen()
    {
        ReplayView view;
        for (const bool demo : {false, true}) {
            view.setDemoMode(demo);
            const auto hint = view.minimumSizeHint();
            QVERIFY2(hint.width() <= 700 && hint.height() <= 200,
                     qPrintable(QStringLiteral("%1x%2").arg(hint.width()).arg(hint.height())));
        }
        MainWindow window;
        window.replayController()->dock()->show();
        const auto needed = window.minimumSizeHint();
        QVERIFY2(needed.width() <= 1366 && needed.height() <= 740,
                 qPrintable(QStringLiteral("%1x%2").arg(needed.width()).arg(needed.height())));
    }

    // The window at 1366x768 with the replay open, then in demo mode, in the light and the dark theme, chosen
    // through View → Theme as a person would: screenshots to look at.
    void windowScreenshots()
    {
        QSettings().remove(QStringLiteral("MainWindow"));
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("v3.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 200, 4));
        for (const auto &theme : {QStringLiteral("light"), QStringLiteral("dark")}) {
            MainWindow window;
            window.resize(1366, 768);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(gatetest::load(window, log));
            window.findChild<QAction *>(QStringLiteral("theme-%1").arg(theme))->trigger();
            window.treeView()->setCurrentIndex(window.proxyModel()->index(0, 0));
            window.replayController()->dock()->show();
            window.replayController()->dock()->raise();
            window.replayController()->view()->replay();
            QCoreApplication::processEvents();
            QVERIFY(window.width() <= 1366 && window.height() <= 768);
            QVERIFY(
                window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-replay-%1.png").arg(theme))));
            window.findChild<QAction *>(QStringLiteral("replayDemoMode"))->setChecked(true);
            auto *view = window.replayController()->view();
            for (int beat = 0; beat < 9; ++beat)
                view->step();
            QCoreApplication::processEvents();
            QVERIFY(window.width() <= 1366 && window.height() <= 768);
            QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-demo-%1.png").arg(theme))));
            window.findChild<QAction *>(QStringLiteral("theme-system"))->trigger();
        }
        QSettings().remove(QStringLiteral("MainWindow"));
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestReplay)

} // namespace
} // namespace tst_replayview

#include "tst_replayview.moc"
