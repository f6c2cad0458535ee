// What a new user sees first (issue 23): the window fits the laptop screen it opens on, the Errors dock takes no
// room until there is an error, the gate says so when the kernels it trusts are mostly wrong, and the corpus's
// searches find their task's reference as the comparison dock already did.

#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "diagnostics/diagnosticsmodel.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastpanel.h"
#include "forecasting/searchevidenceview.h"
#include "gate/gatebar.h"
#include "indicatorstyle.h"
#include "metrics/reliabilitystatistics.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "search/searchrunchart.h"
#include "session/tasklocator.h"
#include "surrogate/kernelfeatures.h"
#include "surrogate/searchevidence.h"
#include "windowgeometry.h"

#include "guitest.h"
#include "helpmenu.h"
#include "journeychecks.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QStyleFactory>
#include <QStyleOption>
#include <QTabWidget>
#include <QTranslator>
#include <QValueAxis>

#include <cmath>

#include "testmain.h"

namespace tst_journey_firstlook {
namespace {

namespace {

// A 1366×768 laptop with a desktop panel along its top.
const QRect kLaptop(0, 28, 1366, 740);

QString corpusLog(const QTemporaryDir &dir, const QString &name)
{
    const auto to = dir.filePath(name);
    QFile::copy(QStringLiteral(KFX_TEST_DATA_DIR "/corpus/") + name, to);
    return to;
}

QRect globalRect(const QWidget *widget)
{
    return QRect(widget->mapToGlobal(QPoint(0, 0)), widget->size());
}

} // namespace

class TestFirstLook : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator));
        // The models kfx ships, as a user's kfx forecasts with them on opening (ctest runs tests without any).
        qputenv("KFX_PRETRAINED_DIR", KFX_PRETRAINED_MODELS_DIR);
    }

    void theWindowIsSizedForTheScreenItOpensOn()
    {
        // A large screen gets the full layout, centred; a laptop's gets all its room less the frame, no more.
        const QRect large(0, 0, 2560, 1440);
        const auto onLarge = fittedWindowGeometry(large);
        QCOMPARE(onLarge.size(), QSize(1280, 800));
        QVERIFY(large.contains(onLarge));
        const auto onLaptop = fittedWindowGeometry(kLaptop);
        QVERIFY(kLaptop.contains(onLaptop));
        QVERIFY2(onLaptop.height() >= kLaptop.height() - 48, qPrintable(QString::number(onLaptop.height())));
    }

    void theDemoFitsALaptopScreenWithTwentyLinesOfCode()
    {
        QTemporaryDir dir;
        const auto logs = journey::copyDemo(dir);
        MainWindow window;
        window.fitToScreen(kLaptop);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, {logs.first()}));
        QVERIFY(journey::waitForForecasts(window));

        QVERIFY2(kLaptop.contains(globalRect(&window)),
                 qPrintable(QStringLiteral("%1,%2 %3x%4")
                                .arg(window.x())
                                .arg(window.y())
                                .arg(window.width())
                                .arg(window.height())));
        QVERIFY(window.statusBar()->isVisible());
        QVERIFY(kLaptop.contains(globalRect(window.statusBar())));
        // A load without errors leaves the Errors dock out of the way.
        QVERIFY(window.diagnosticsModel()->rowCount() == 0);
        QVERIFY(window.errorsDock()->isHidden());
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-firstlook-laptop.png"))));
        const auto *code = window.codeView();
        const int lines = code->viewport()->height() / code->fontMetrics().lineSpacing();
        QVERIFY2(lines >= 20,
                 qPrintable(QStringLiteral("%1 lines in %2 px").arg(lines).arg(code->viewport()->height())));
    }

    // The demo as scripts/run opens it, the H100 corpus's selective rms_norm search with its baseline: the
    // comparison dock waits to be asked for, so that the code keeps its 20 lines on a laptop.
    void theDemoPairLeavesTwentyLinesOfCodeOnALaptop()
    {
        QTemporaryDir dir;
        QVERIFY(journey::unpackCorpus(dir.path()));
        MainWindow window;
        window.fitToScreen(kLaptop);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window,
                                     {dir.filePath(QStringLiteral("rms_norm-selective.jsonl")),
                                      dir.filePath(QStringLiteral("rms_norm-baseline.jsonl"))}));
        QVERIFY(journey::waitForForecasts(window));
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-firstlook-demo-pair.png"))));
        const auto *code = window.codeView();
        const int lines = code->viewport()->height() / code->fontMetrics().lineSpacing();
        QVERIFY2(lines >= 20,
                 qPrintable(QStringLiteral("%1 lines in %2 px").arg(lines).arg(code->viewport()->height())));
    }

    void theErrorsDockShowsWhenALoadHasErrorsAndIsRaised()
    {
        QTemporaryDir dir;
        const auto broken = dir.filePath(QStringLiteral("broken-search.jsonl"));
        journey::writeGenerated(dir, QStringLiteral("broken-search.jsonl"), kfx::generate::SyntheticKind::PuctV3, 50,
                                1);
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::Append));
            file.write("{\"kind\": \"node_completed\", this is not JSON\n");
        }
        MainWindow window;
        window.fitToScreen(kLaptop);
        window.show();
        QVERIFY(journey::openAndWait(window, {broken}));
        QVERIFY(window.diagnosticsModel()->rowCount() > 0);
        QVERIFY(window.errorsDock()->isVisible());

        // Asked for from the View menu while another dock shares its place, it comes to the front.
        auto *other = new QDockWidget(QStringLiteral("Other"), &window);
        other->setWidget(new QWidget(other));
        window.tabifyDockWidget(window.errorsDock(), other);
        other->show();
        other->raise();
        window.errorsDock()->close();
        window.errorsDock()->toggleViewAction()->trigger();
        QVERIFY(window.errorsDock()->isVisible());
        QVERIFY(!window.errorsDock()->visibleRegion().isEmpty());
    }

    // Issue 23: the controllers once put their own menus in the menu bar as they were made, and Gate and GPU stood
    // after Help. The window now places every controller's parts in one order.
    void theMenusStandInOneOrderWithHelpLast()
    {
        MainWindow window;
        QStringList titles;
        for (const auto *action : window.menuBar()->actions())
            titles << action->text().remove(QLatin1Char('&'));
        QCOMPARE(titles,
                 QStringList({QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                              QStringLiteral("Navigate"), QStringLiteral("Gate"), QStringLiteral("Forecast"),
                              QStringLiteral("Replay"), QStringLiteral("Calibration"), QStringLiteral("Search"),
                              QStringLiteral("GPU"), QStringLiteral("Help")}));
        // Every dock, whichever controller made it, can be asked for from the View menu.
        const auto viewActions = window.menuBar()->actions().at(2)->menu()->actions();
        const auto docks = window.findChildren<QDockWidget *>();
        QCOMPARE(docks.size(), 6);
        for (auto *dock : docks)
            QVERIFY2(viewActions.contains(dock->toggleViewAction()), qPrintable(dock->objectName()));
    }

    // Issue 23: on a v2 log (here the corpus's transpose baseline, opened alone) the default gate trusted the
    // pretrained model's forecasts of 5 kernels, all measured wrong, and nothing said so. Inside the search-aware
    // forecaster (issue 25) it trusts 13, 3 of them wrong (2 failed): 23 %, which 13 measurements do not prove far
    // above the default target α = 0.1, so the bar stays quiet there; against a target of 0.02 they do.
    void theGateWarnsWhenTheTrustedKernelsAreFarAboveTheTarget()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.fitToScreen(kLaptop);
        window.show();
        // Every kernel's forecast in, not only the first to arrive.
        QSignalSpy forecast(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(journey::openAndWait(window, {corpusLog(dir, QStringLiteral("transpose-baseline.jsonl"))}));
        QVERIFY(forecast.count() > 0 || forecast.wait(60000));
        QVERIFY(journey::waitForForecasts(window));
        const auto &summary = window.gateController()->session()->summary();
        auto *bar = window.gateController()->gateBar();
        QVERIFY2(summary.trustedMeasured >= 10 && summary.risk() > 0.15,
                 qPrintable(QStringLiteral("%1 of %2 wrong").arg(summary.trustedWrong).arg(summary.trustedMeasured)));
        QCOMPARE(bar->alphaBox()->value(), 0.1);
        const auto *warning = bar->riskWarningLabel();
        const auto proven = kfx::metrics::clopperPearsonInterval(summary.trustedWrong, summary.trustedMeasured,
                                                                 1.0 - 2.0 * bar->deltaBox()->value());
        QCOMPARE(warning->isVisible(), proven.low > 0.1);
        bar->alphaBox()->setValue(0.02);
        QVERIFY(proven.low > 0.02);
        QVERIFY(warning->isVisible());
        const auto shown = QLocale().toString(*summary.risk() * 100.0, 'f', 1) + QLatin1Char('%');
        QVERIFY2(warning->text().contains(shown) && warning->text().contains(QStringLiteral("0.02")),
                 qPrintable(warning->text()));
        QVERIFY2(
            warning->toolTip().contains(
                QStringLiteral("%1 of the %2 trusted kernels").arg(summary.trustedWrong).arg(summary.trustedMeasured)),
            qPrintable(warning->toolTip()));
        // A target the measurements do not contradict takes the warning away.
        bar->alphaBox()->setValue(0.99);
        QVERIFY(warning->isHidden());
        bar->alphaBox()->setValue(0.02);
        QVERIFY(warning->isVisible());
        // Certify's answer wraps below the counters: the window keeps its place and size.
        const auto before = window.geometry();
        bar->riskButton()->click();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
        QCOMPARE(window.geometry(), before);
        JOURNEY_CHECK_LAYOUT(window);
    }

    // The comparison's Ctrl+4 and Measure on GPU's Ctrl+M find the corpus search's task among the corpus's own
    // tasks, with no question, as the search comparison did.
    void theCorpusSearchesFindTheirTasksReference()
    {
        const auto corpusTask = QDir::cleanPath(QStringLiteral(KFX_CORPUS_TASKS_DIR "/rms_norm"));
        QTemporaryDir dir;
        for (const auto &name :
             {QStringLiteral("rms_norm-selective.jsonl"), QStringLiteral("rms_norm-baseline.jsonl")}) {
            const auto log = corpusLog(dir, name);
            const TaskLocator neverAsks([](const QString &dataFile) {
                qWarning("asked for the task of %s", qPrintable(dataFile));
                return QString();
            });
            QCOMPARE(neverAsks.taskDirectory(log), corpusTask);
            QCOMPARE(TaskLocator::knownTaskDirectory(log, {}), corpusTask);
        }

        MainWindow window;
        window.show();
        QVERIFY(journey::openAndWait(window, {dir.filePath(QStringLiteral("rms_norm-selective.jsonl"))}));
        QVERIFY(window.selectId(QString::fromStdString(window.populationModel()->population()->node(1).id)));
        window.action(QStringLiteral("referenceTask"))->trigger();
        QVERIFY2(window.comparisonView()->referenceTitle().contains(QStringLiteral("reference.cu")),
                 qPrintable(window.comparisonView()->referenceTitle()));
        QFile reference(corpusTask + QStringLiteral("/reference.cu"));
        QVERIFY(reference.open(QIODevice::ReadOnly));
        QCOMPARE(window.comparisonView()->referenceView()->toPlainText().trimmed(),
                 QString::fromUtf8(reference.readAll()).trimmed());
    }

    // Issue 25: a forecast a person can check. Ctrl+Shift+E shows what the search had measured before the kernel:
    // its parent, with how far the forecast moves from the parent's bin, and the most similar measured kernels;
    // each is a link, and following one with the keyboard selects that kernel in the tree.
    void theEvidenceTabLinksTheParentAndTheNearestKernels()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(journey::openAndWait(window, {corpusLog(dir, QStringLiteral("rms_norm-baseline.jsonl"))}));
        const auto population = window.populationModel()->population();
        std::optional<kfx::surrogate::SearchEvidence> evidence;
        std::size_t kernel = 0;
        for (std::size_t index = 0; index < population->size() && !evidence; ++index) {
            auto found = kfx::surrogate::searchEvidence(*population, index);
            if (found.parent && found.nearest.size() == 3) {
                evidence = std::move(found);
                kernel = index;
            }
        }
        QVERIFY(evidence);
        const auto idOf = [&](std::size_t index) { return QString::fromStdString(population->node(index).id); };
        // Named as the tree names them.
        const auto shownIdOf = [&](std::size_t index) {
            return PopulationModel::shortIdText(population->node(index).id);
        };
        QVERIFY(window.selectId(idOf(kernel)));
        window.action(QStringLiteral("showEvidence"))->trigger();
        auto *view = window.forecastPanel()->evidenceView();
        QCOMPARE(window.forecastPanel()->tabs()->currentWidget(), view);
        const auto text = view->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Parent %1: ").arg(shownIdOf(*evidence->parent))), qPrintable(text));
        for (const auto &neighbour : evidence->nearest)
            QVERIFY2(text.contains(shownIdOf(neighbour.node)), qPrintable(text));
        if (const auto *forecast = window.forecastPanel()->currentForecast())
            QVERIFY2(text.contains(QStringLiteral("The forecast shown: bin %1").arg(forecast->predictedBin)),
                     qPrintable(text));

        // The links are redrawn in the dark theme's link colour, not left in the light one's dark blue.
        const auto lightPalette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        QTRY_VERIFY(view->toHtml().contains(guitest::darkPalette().color(QPalette::Link).name()));
        QApplication::setPalette(lightPalette);

        // Tab to the first link, the parent's, and follow it.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Tab);
        QTest::keyClick(view, Qt::Key_Return);
        const auto current = window.proxyModel()->mapToSource(window.treeView()->currentIndex());
        QCOMPARE(QString::fromStdString(window.populationModel()->node(current)->id), idOf(*evidence->parent));
    }

    // Rationales read the features back: an H100's compute capability is 9.0, not "9.", and float CUDA code does
    // use fp32 arithmetic, whatever the fp32 trait (explicit dtypes) counts.
    void theRationalesSayWhatTheCodeShows()
    {
        QFile file(QStringLiteral(KFX_CORPUS_TASKS_DIR "/rms_norm/reference.cu"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto code = file.readAll().toStdString();
        QVERIFY(code.find("float") != std::string::npos);
        kfx::HardwareContext h100;
        h100.computeCapabilityMajor = 9;
        h100.multiprocessorCount = 132;
        const auto row = kfx::surrogate::pairFeatures(kfx::surrogate::extractTraits(code),
                                                      kfx::surrogate::extractTraits(code), code, code, h100);
        using kfx::surrogate::PairFeature;
        const auto capability = kfx::surrogate::describeGroup(
            row, kfx::surrogate::kTraitCount + std::size_t(PairFeature::ComputeCapability));
        QCOMPARE(QString::fromStdString(capability), QStringLiteral("compute capability 9.0"));
        const auto fp32 = kfx::surrogate::describeGroup(row, std::size_t(kfx::surrogate::Trait::Fp32));
        QVERIFY2(fp32.find("fp32 arithmetic") == std::string::npos, fp32.c_str());
        QVERIFY2(fp32.find("explicit fp32 dtypes") != std::string::npos, fp32.c_str());
    }

    // The True row leads with the speedup measured, then the bin it falls in.
    void theTrueBinLeadsWithWhatWasMeasured()
    {
        ForecastPanel panel;
        panel.setTruth(1.38);
        QVERIFY2(panel.truthText().startsWith(QStringLiteral("1.38× measured · bin 4")), qPrintable(panel.truthText()));
    }

    // Issue 23: in the forecast panel's share of a 1366×768 window (about 760 pixels), the rationale keeps room for
    // its words; the predicted and true phrases are shortened instead, whole in their tooltips, and nothing makes
    // the panel scroll sideways.
    void theRationaleKeepsItsRoomInANarrowPanel()
    {
        ForecastPanel panel;
        kfx::Forecast forecast;
        forecast.predictedBin = 7;
        forecast.probabilities = {0.0, 0.0, 0.0, 0.1, 0.1, 0.2, 0.6, 0.0};
        forecast.reasoning = "The parent measured bin 4.";
        panel.setForecasts({{QStringLiteral("embedded"), &forecast, {}}});
        panel.setTruth(1.38);
        panel.resize(760, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY2(panel.minimumSizeHint().width() <= 760, qPrintable(QString::number(panel.minimumSizeHint().width())));
        const int room = 30 * panel.fontMetrics().averageCharWidth();
        QVERIFY2(panel.tabs()->width() >= room,
                 qPrintable(QStringLiteral("%1 < %2").arg(panel.tabs()->width()).arg(room)));
        QVERIFY2(panel.predictedText().startsWith(QStringLiteral("7 · ")), qPrintable(panel.predictedText()));
        QVERIFY2(panel.truthText().startsWith(QStringLiteral("1.38× measured · bin 4")), qPrintable(panel.truthText()));
    }

    // Issue 25: a wrong forecast says how far the measurement fell from the bin it predicted, so a near miss (1.38×
    // against bin 5, which starts at 1.41×) reads differently from a forecast wrong by several bins.
    void aWrongForecastSaysHowFarTheMeasurementFellFromItsBin()
    {
        ForecastPanel panel;
        kfx::Forecast nearMiss;
        nearMiss.predictedBin = 5;
        nearMiss.probabilities = {0.0, 0.0, 0.0, 0.3, 0.7, 0.0, 0.0, 0.0};
        kfx::Forecast right = nearMiss;
        right.predictedBin = 4;
        kfx::Forecast farOff = nearMiss;
        farOff.predictedBin = 1;
        panel.setForecasts({{QStringLiteral("near"), &nearMiss, {}},
                            {QStringLiteral("right"), &right, {}},
                            {QStringLiteral("far"), &farOff, {}}});
        panel.setTruth(1.38);
        panel.setCurrentChoice(0);
        QCOMPARE(panel.missText(), QStringLiteral("2.4 % (0.07 of a bin) below bin 5, which starts at 1.41×"));
        panel.setCurrentChoice(1);
        QVERIFY(panel.missText().isEmpty());
        panel.setCurrentChoice(2);
        // Bin 1 ends at 2^(-1) = 0.5×: 1.38× is 2·log2(2.76) = 2.93 bins above it.
        QCOMPARE(panel.missText(), QStringLiteral("176.0 % (2.93 of a bin) above bin 1, which ends at 0.50×"));
        panel.setTruth(std::nullopt); // a kernel that failed or was not measured misses nothing
        QVERIFY(panel.missText().isEmpty());
    }

    // About describes the demo scripts/run opens (README, "What scripts/run shows"), not the one before it.
    void aboutDescribesTheCurrentDemo()
    {
        const auto about = HelpMenu::aboutText();
        QVERIFY2(about.contains(QStringLiteral("rms_norm selective search beside its equal-budget baseline")),
                 qPrintable(about));
        QVERIFY(about.contains(QStringLiteral("1.38×")) && about.contains(QStringLiteral("1.37×")));
    }

    // With the dark theme an unchecked box must stand off the window behind it, as it does in the light one.
    void uncheckedBoxesShowInTheDarkTheme()
    {
        IndicatorStyle style(QStyleFactory::create(QStringLiteral("Fusion")));
        QCheckBox box(QStringLiteral("Only failures"));
        box.setStyle(&style);
        box.setPalette(guitest::darkPalette());
        box.resize(box.sizeHint());
        const auto image = box.grab().toImage();
        QStyleOptionButton option;
        option.initFrom(&box);
        const auto indicator = style.subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
        const auto window = guitest::darkPalette().color(QPalette::Window);
        int contrast = 0;
        for (int y = indicator.top(); y <= indicator.bottom(); ++y)
            for (int x = indicator.left(); x <= indicator.right(); ++x)
                contrast = std::max(contrast, std::abs(QColor(image.pixel(x, y)).lightness() - window.lightness()));
        QVERIFY2(contrast >= 60, qPrintable(QStringLiteral("lightness differs by %1 at most").arg(contrast)));
    }

    // The demo's chart of best speedup against GPU evaluations ticks at round speedups: with the demo's best of
    // 1.38× it ticked at 0.38, 0.76, 1.14.
    void speedupTicksAreRoundNumbers()
    {
        SearchRunChart chart;
        chart.showSeries({QStringLiteral("selective"), QStringLiteral("baseline")},
                         {{{10, 1.05}, {60, 1.31}, {120, 1.38}}, {{10, 1.02}, {120, 1.37}}}, 120);
        QValueAxis *best = nullptr;
        for (auto *axis : chart.chart()->axes(Qt::Vertical))
            best = qobject_cast<QValueAxis *>(axis);
        QVERIFY(best);
        QVERIFY(best->max() >= 1.38);
        const double step = (best->max() - best->min()) / (best->tickCount() - 1);
        const double scale = std::pow(10.0, std::floor(std::log10(step)));
        const double mantissa = step / scale;
        QVERIFY2(
            std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9
                || std::abs(mantissa - 5) < 1e-9,
            qPrintable(QStringLiteral("ticks every %1 from %2 to %3").arg(step).arg(best->min()).arg(best->max())));
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestFirstLook)

} // namespace
} // namespace tst_journey_firstlook

#include "tst_journey_firstlook.moc"
