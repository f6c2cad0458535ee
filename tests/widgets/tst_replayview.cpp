// The replay dock and live follow: one best-so-far series per policy with its row in the table, the demo
// stepping one GPU evaluation at a time, a dark screenshot of the presenter's view, and a log that grows while
// the window shows it.

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "populationmodel.h"
#include "populationproxymodel.h"
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

        view->setDemoMode(true);
        QCOMPARE(view->cursor(), 0);
        for (int i = 0; i < 5; ++i)
            view->step();
        QCOMPARE(view->cursor(), 5);
        QVERIFY2(view->demoText().contains(QStringLiteral("5 of")), qPrintable(view->demoText()));
        view->play();
        QVERIFY(view->isPlaying());
        view->pause();
        QVERIFY(!view->isPlaying());
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
            auto *view = gate->replayView();
            view->replay();
            view->setDemoMode(true);
            while (view->cursor() < view->lastEvaluation() * 2 / 3)
                view->step();
            QCoreApplication::processEvents();
            QVERIFY(dock->grab().save(QDir::current().filePath(QStringLiteral("screenshot-replay-dark.png"))));
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
