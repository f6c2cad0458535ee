// The replay dock and live follow: one best-so-far series per policy with its row in the table, the demo
// showing the followed policy's candidates one by one, the person's overrides reaching the replay, a dark
// screenshot of the presenter's view, and a log that grows while the window shows it.

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "populationmodel.h"
#include "populationproxymodel.h"
#include "replay/democandidatecard.h"
#include "replay/livefollow.h"
#include "replay/replayresultsmodel.h"
#include "replay/replayview.h"

#include "gatefixture.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

namespace {

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x40));
    palette.setColor(QPalette::Mid, QColor(0x3a, 0x3c, 0x40));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    return palette;
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
        auto *view = window.gateController()->replayView();
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
        auto *view = gate->replayView();
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
        auto *view = window.gateController()->replayView();
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
        QApplication::setPalette(darkPalette());
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            auto *gate = window.gateController();
            auto *dock = gate->replayDock();
            dock->setFloating(true);
            dock->resize(1200, 760);
            dock->show();
            QVERIFY(QTest::qWaitForWindowExposed(dock));
            gate->session()->applyTargetCoverage(0.9);
            auto *view = gate->replayView();
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
        gate->liveFollow()->check();
        QTRY_VERIFY_WITH_TIMEOUT(
            window.populationModel()->population()->steps.size() >= gate->session()->population()->steps.size(), 5000);
        QVERIFY(window.populationModel()->population()->size() >= grown);
        QCOMPARE(tree->currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString(), selected);
    }

private:
    QTranslator m_translator;
};

QTEST_MAIN(TestReplay)
#include "tst_replayview.moc"
