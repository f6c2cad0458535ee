// Issue 24: the selective-against-baseline dock runs the pair's task over many seeds of its measured landscape,
// with progress and Stop, and shows the seeds' bands beside the one pair, not the pair alone. On the corpus's
// rms_norm pair (tests/data/corpus), answered from resources/landscape with the pretrained surrogate.

#include "search/searchcomparisonview.h"
#include "search/searchrunchart.h"
#include "search/seedsimulation.h"
#include "search/seedsimulationbar.h"
#include "search/trustsettings.h"

#include "io/fileloader.h"
#include "workspace/workspace.h"

#include "guitest.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTranslator>
#include <QtCharts/QLineSeries>

#include "testmain.h"

namespace tst_seedsimulation {
namespace {

const QString kSelective = QStringLiteral(KFX_TEST_DATA_DIR "/corpus/rms_norm-selective.jsonl");
const QString kBaseline = QStringLiteral(KFX_TEST_DATA_DIR "/corpus/rms_norm-baseline.jsonl");

std::vector<SearchComparisonView::Search> corpusPair()
{
    std::vector<SearchComparisonView::Search> searches;
    for (const auto &path : {kSelective, kBaseline}) {
        const auto loaded = kfx::loadFile(path.toStdString());
        searches.push_back({path, loaded.population});
    }
    return searches;
}

// How a simulation ended: finished, failed (and why) or stopped. Waiting for `finished` alone turned a failed
// simulation into four minutes of silence and a timeout (CI, 2026-12-01).
class SimulationOutcome {
public:
    explicit SimulationOutcome(SeedSimulation *simulation)
        : m_finished(simulation, &SeedSimulation::finished)
        , m_failed(simulation, &SeedSimulation::failed)
        , m_stopped(simulation, &SeedSimulation::stopped)
    {
    }

    // Empty when the simulation finished; otherwise what became of it.
    QString wait()
    {
        if (!QTest::qWaitFor([this] { return !m_finished.isEmpty() || !m_failed.isEmpty() || !m_stopped.isEmpty(); },
                             240000))
            return QStringLiteral("still running after four minutes");
        if (!m_failed.isEmpty())
            return QStringLiteral("failed: ") + m_failed.first().at(0).toString();
        if (!m_stopped.isEmpty())
            return QStringLiteral("stopped");
        return {};
    }

private:
    QSignalSpy m_finished;
    QSignalSpy m_failed;
    QSignalSpy m_stopped;
};

class TestSeedSimulation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator)); // the English plurals ("4 seeds")
        qputenv("KFX_PRETRAINED_DIR", KFX_PRETRAINED_MODELS_DIR);
    }

    void simulatesThePairOverSeeds()
    {
        SearchComparisonView view;
        QVERIFY(view.setSearches(corpusPair()));
        auto *bar = view.simulationBar();
        QVERIFY2(bar->button()->isEnabled(), qPrintable(bar->button()->toolTip()));
        QVERIFY(!bar->progress()->isVisible());
        bar->seeds()->setValue(4);
        QSignalSpy progress(bar->simulation(), &SeedSimulation::progress);
        SimulationOutcome outcome(bar->simulation());
        QTest::mouseClick(bar->button(), Qt::LeftButton);
        QVERIFY(bar->simulation()->isRunning());
        QVERIFY(!bar->progress()->isHidden());
        const auto whyNot = outcome.wait();
        QVERIFY2(whyNot.isEmpty(), qPrintable(whyNot));
        QCOMPARE(progress.size(), 4);
        QCOMPARE(progress.last().at(0).toInt(), 4);

        // The seeds' bands, the selective search's first as its line is, over the pair's own budget.
        const auto *report = bar->simulation()->report();
        QVERIFY(report);
        QCOMPARE(report->task, std::string("rms_norm"));
        QCOMPARE(report->budget, view.lastEvaluation());
        QCOMPARE(report->modes.size(), std::size_t(2));
        QCOMPARE(report->modes[0].name, std::string("baseline"));
        QCOMPARE(report->modes[1].name, std::string("topk/search-aware"));
        QCOMPARE(report->modes[1].runs.size(), std::size_t(4));
        auto *chart = view.chart();
        QCOMPARE(chart->bandCount(), 2);
        QCOMPARE(chart->runCount(), 2); // the pair's own lines stay
        const auto *upper = chart->bandArea(0)->upperSeries();
        QCOMPARE(upper->count(), report->budget);
        QCOMPARE(upper->at(report->budget - 1).y(), report->modes[1].bestByBudget.back().p90);
        QCOMPARE(chart->bandArea(1)->lowerSeries()->at(0).y(), report->modes[0].bestByBudget.front().p10);

        const auto summary = bar->summaryText();
        QVERIFY2(summary.startsWith(QStringLiteral("4 seeds on recorded measurements (NVIDIA H100 80GB HBM3), not "
                                                   "live ones.")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Best after %1 GPU measurements").arg(report->budget)),
                 qPrintable(summary));
        QCOMPARE(bar->button()->text(), QStringLiteral("Si&mulate Seeds"));
        QVERIFY(bar->progress()->isHidden());

        // As the dock shows it on a laptop, light and dark, to look at.
        view.resize(1366, 320);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.grab().save(QStringLiteral("screenshot-seed-simulation-light.png")));
        const auto palette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        QCoreApplication::processEvents();
        QVERIFY(view.grab().save(QStringLiteral("screenshot-seed-simulation-dark.png")));
        QApplication::setPalette(palette);

        // Another pair drops the bands with the lines they stood beside.
        QVERIFY(view.setSearches(corpusPair()));
        QCOMPARE(chart->bandCount(), 0);
        QVERIFY(bar->summaryText().isEmpty());
    }

    // A log does not say which policy its selective search used: the bar asks, and the band says which it drew.
    void simulatesThePolicyChosen()
    {
        SearchComparisonView view;
        QVERIFY(view.setSearches(corpusPair()));
        auto *bar = view.simulationBar();
        QCOMPARE(bar->policy()->currentText(), QStringLiteral("top-k"));
        bar->policy()->setCurrentIndex(bar->policy()->findText(QStringLiteral("threshold")));
        bar->seeds()->setValue(2);
        SimulationOutcome outcome(bar->simulation());
        QTest::mouseClick(bar->button(), Qt::LeftButton);
        const auto whyNot = outcome.wait();
        QVERIFY2(whyNot.isEmpty(), qPrintable(whyNot));
        const auto *report = bar->simulation()->report();
        QVERIFY(report);
        QCOMPARE(report->modes[1].name, std::string("threshold/search-aware"));
        QCOMPARE(view.chart()->bandArea(0)->name(),
                 QStringLiteral("selective (threshold: Max probability ≥ 0.5), 2 seeds"));
    }

    // The threshold, coverage and risk policies trust forecasts as the gate bar on screen does, not at constants of
    // their own: the same seeds at two gate thresholds are two different searches, and the band names its threshold.
    void simulatesAtTheGatesSettings()
    {
        SearchComparisonView view;
        QVERIFY(view.setSearches(corpusPair()));
        auto *bar = view.simulationBar();
        bar->policy()->setCurrentIndex(bar->policy()->findText(QStringLiteral("threshold")));
        bar->seeds()->setValue(2);
        const auto simulateAt = [&](double threshold) {
            kfx::workspace::StoredGateSettings gate;
            gate.gate.threshold = threshold;
            bar->setTrust(TrustSettings::ofGate(gate));
            SimulationOutcome outcome(bar->simulation());
            QTest::mouseClick(bar->button(), Qt::LeftButton);
            if (const auto whyNot = outcome.wait(); !whyNot.isEmpty()) {
                qWarning("the simulation at threshold %g: %s", threshold, qPrintable(whyNot));
                return kfx::search::SimulatedMode{};
            }
            return bar->simulation()->report()->modes[1];
        };
        const auto strict = simulateAt(0.95);
        QCOMPARE(bar->simulation()->request().trust.threshold, 0.95);
        QCOMPARE(view.chart()->bandArea(0)->name(),
                 QStringLiteral("selective (threshold: Max probability ≥ 0.95), 2 seeds"));
        const auto lenient = simulateAt(0.3);
        QCOMPARE(view.chart()->bandArea(0)->name(),
                 QStringLiteral("selective (threshold: Max probability ≥ 0.3), 2 seeds"));
        QCOMPARE(strict.runs.size(), std::size_t(2));
        QCOMPARE(lenient.runs.size(), std::size_t(2));
        // Trusting more forecasts leaves more of each step unmeasured: the searches part.
        QVERIFY(strict.runs[0].bestByBudget != lenient.runs[0].bestByBudget
                || strict.runs[1].bestByBudget != lenient.runs[1].bestByBudget
                || strict.runs[0].distinctKernelsMeasured != lenient.runs[0].distinctKernelsMeasured);
        // Each policy's item says what it would trust.
        const auto tip = [&](const char *policy) {
            return bar->policy()->itemData(bar->policy()->findText(QLatin1String(policy)), Qt::ToolTipRole).toString();
        };
        QCOMPARE(tip("threshold"), QStringLiteral("Max probability ≥ 0.3"));
        QCOMPARE(tip("certified risk"), QStringLiteral("risk ≤ 0.1 at δ 0.05"));
    }

    void stopEndsItAndShowsNothing()
    {
        SearchComparisonView view;
        QVERIFY(view.setSearches(corpusPair()));
        auto *bar = view.simulationBar();
        QSignalSpy progress(bar->simulation(), &SeedSimulation::progress);
        QSignalSpy stopped(bar->simulation(), &SeedSimulation::stopped);
        QTest::mouseClick(bar->button(), Qt::LeftButton);
        QCOMPARE(bar->button()->text(), QStringLiteral("Stop Si&mulation"));
        QVERIFY(progress.wait(120000));
        QTest::mouseClick(bar->button(), Qt::LeftButton);
        QVERIFY(stopped.wait(120000));
        const int done = stopped.first().at(0).toInt();
        QVERIFY2(done >= 1 && done < 200, qPrintable(QString::number(done)));
        QCOMPARE(view.chart()->bandCount(), 0);
        QVERIFY2(bar->summaryText().startsWith(QStringLiteral("Stopped after")), qPrintable(bar->summaryText()));
        QVERIFY(bar->button()->isEnabled());
        QVERIFY(!bar->simulation()->report());
    }

    void aTaskWithoutALandscapeCannotBeSimulated()
    {
        SearchRunChart chart;
        SeedSimulationBar bar(&chart);
        QVERIFY(!bar.button()->isEnabled()); // no pair
        bar.setPair(QStringLiteral("trimul"), 30);
        QVERIFY(!bar.button()->isEnabled());
        QVERIFY2(bar.button()->toolTip().contains(QStringLiteral("no measured landscape")),
                 qPrintable(bar.button()->toolTip()));
        bar.setPair(QStringLiteral("../landscape/rms_norm"), 30); // a name, never a path
        QVERIFY(!bar.button()->isEnabled());
        bar.setPair(QStringLiteral("rms_norm"), 30);
        QVERIFY(bar.button()->isEnabled());

        // A simulation stopped because another pair came does not hand the new one a button it cannot use.
        QSignalSpy stopped(bar.simulation(), &SeedSimulation::stopped);
        bar.startOrStop();
        QVERIFY(bar.simulation()->isRunning());
        bar.setPair(QStringLiteral("trimul"), 30);
        QVERIFY(!bar.button()->isEnabled());
        QVERIFY(stopped.wait(120000));
        QVERIFY(!bar.button()->isEnabled());
        QCOMPARE(chart.bandCount(), 0);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestSeedSimulation)

} // namespace
} // namespace tst_seedsimulation

#include "tst_seedsimulation.moc"
