// Issue 17 in the real window, offscreen: Calibration → Recalibrate… on an eval set with predictions, each
// surrogate then shown beside its recalibrated self, File → Export recalibrated predictions… read back, and the
// GPU-budget frontier under the replay of a generated v3 search. Leaves 1366×768 screenshots of both themes.

#include "journeychecks.h"

#include "calibration/calibrationsummarymodel.h"
#include "calibration/calibrationview.h"
#include "calibration/recalibrationcontroller.h"
#include "calibration/recalibrationdialog.h"
#include "gate/gatecontroller.h"
#include "io/fileloader.h"
#include "replay/frontierchart.h"
#include "replay/replayview.h"

#include "guitest.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>
#include <QTranslator>

#include "testmain.h"

namespace tst_journey_recalibration {
namespace {

using kfx::generate::SyntheticKind;

namespace {

QStringList surrogateLabels(const CalibrationView &view)
{
    QStringList labels;
    for (int i = 0; i < view.calibration()->surrogateCount(); ++i)
        labels << view.calibration()->label(i);
    return labels;
}

// Runs `answer` on the modal dialog of type T that `trigger` opens, as a person would answer it.
template<typename T, typename Answer>
bool answerDialog(QAction *trigger, Answer answer)
{
    bool answered = false;
    QTimer::singleShot(0, [&] {
        if (auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget())) {
            answer(*dialog);
            answered = true;
        } else if (auto *modal = QApplication::activeModalWidget()) {
            modal->close();
        }
    });
    trigger->trigger();
    return answered;
}

} // namespace

class TestJourneyRecalibration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journey-recalibration")));
    }
    void init() { QSettings().clear(); }

    void recalibrateAndExport()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto evalSet = journey::writeGenerated(dir, QStringLiteral("eval.jsonl"), SyntheticKind::EvalSet, 300, 5);
        const auto predictions = journey::writeGenerated(dir, QStringLiteral("predictions.jsonl"),
                                                         SyntheticKind::Predictions, 300, 5);
        QVERIFY(journey::openAndWait(window, {evalSet, predictions}));
        window.findChild<QDockWidget *>(QStringLiteral("calibrationDock"))->show();
        auto *view = window.calibrationView();
        const auto original = surrogateLabels(*view);
        QVERIFY(original.size() > 1);
        auto *exportAction = window.findChild<QAction *>(QStringLiteral("exportRecalibrated"));
        QVERIFY(exportAction && !exportAction->isEnabled());

        // Histogram binning on a seeded random 40 % of the pairs.
        auto *recalibrate = window.findChild<QAction *>(QStringLiteral("recalibrate"));
        QVERIFY(recalibrate);
        QVERIFY(answerDialog<RecalibrationDialog>(recalibrate, [](RecalibrationDialog &dialog) {
            dialog.methodBox()->setCurrentIndex(
                dialog.methodBox()->findText(RecalibrationDialog::tr("Histogram binning")));
            dialog.splitBox()->setCurrentIndex(0);
            QVERIFY(dialog.seedBox()->isEnabled() && !dialog.packBox()->isEnabled());
            dialog.seedBox()->setValue(9);
            dialog.fractionBox()->setValue(40.0);
            dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        }));
        // Every surrogate beside its recalibrated self, in the summary and in each chart's model.
        const auto shown = surrogateLabels(*view);
        QCOMPARE(shown.size(), 2 * original.size());
        for (const auto &label : original)
            QVERIFY2(shown.contains(label + QStringLiteral(" (recalibrated)")), qPrintable(label));
        QCOMPARE(view->summaryModel()->rowCount(), shown.size());
        const auto *result = window.recalibrationController()->result();
        QVERIFY(result);
        QCOMPARE(result->calibrationPairs, std::size_t(120));
        // Recalibration fits the calibration split; on the rest it must not make every surrogate worse.
        QVERIFY(std::any_of(result->surrogates.begin(), result->surrogates.end(),
                            [](const auto &s) { return s.nllAfter < s.nllBefore; }));
        QVERIFY(exportAction->isEnabled());

        const auto out = dir.filePath(QStringLiteral("recalibrated.jsonl"));
        QVERIFY(answerDialog<QFileDialog>(exportAction, [&](QFileDialog &dialog) {
            dialog.selectFile(out);
            QMetaObject::invokeMethod(&dialog, "accept"); // protected in QFileDialog, a slot all the same
        }));
        const auto written = kfx::loadFile(out.toStdString());
        QVERIFY(written.diagnostics.empty());
        QCOMPARE(written.predictions.size(), result->rows.size());
        QVERIFY(std::all_of(written.predictions.begin(), written.predictions.end(), [](const auto &row) {
            return QString::fromStdString(row.surrogateLabel).endsWith(QStringLiteral(" (recalibrated)"));
        }));

        // One surrogate alone, by temperature on a pack: the charts then read as before and after.
        const auto one = original.back();
        QVERIFY(answerDialog<RecalibrationDialog>(recalibrate, [&](RecalibrationDialog &dialog) {
            dialog.surrogateBox()->setCurrentIndex(dialog.surrogateBox()->findText(one));
            dialog.methodBox()->setCurrentIndex(0);
            dialog.splitBox()->setCurrentIndex(1);
            QVERIFY(dialog.packBox()->isEnabled() && !dialog.seedBox()->isEnabled());
            dialog.packBox()->setCurrentIndex(0);
            dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        }));
        QCOMPARE(surrogateLabels(*view), QStringList({one, one + QStringLiteral(" (recalibrated)")}));
        // Before and after are scored on the same pairs, those outside the pack fitted on.
        const auto &surrogates = view->calibration()->surrogates();
        QCOMPARE(surrogates[0].joined.predictions.size(), surrogates[1].joined.predictions.size());
        QCOMPARE(surrogates[1].joined.predictions.size(), window.recalibrationController()->result()->rows.size());
        QCOMPARE(window.recalibrationController()->result()->surrogates.front().calibrator.method(),
                 kfx::surrogate::ProbabilityCalibrator::Method::Temperature);
        JOURNEY_CHECK_LAYOUT(window);
        screenshots(window, QStringLiteral("recalibration"));

        window.findChild<QAction *>(QStringLiteral("showOriginalForecasts"))->trigger();
        QCOMPARE(surrogateLabels(*view), original);
        QVERIFY(!exportAction->isEnabled());
    }

    void frontierUnderTheReplay()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto search = journey::writeGenerated(dir, QStringLiteral("search.jsonl"), SyntheticKind::PuctV3, 200, 4);
        QVERIFY(journey::openAndWait(window, {search}));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("replayDock"));
        dock->show();
        dock->raise();
        auto *frontier = window.findChild<FrontierChart *>();
        QVERIFY(frontier);
        auto *tabs = qobject_cast<QTabWidget *>(frontier->parentWidget()->parentWidget());
        QVERIFY(tabs);
        QVERIFY(frontier->curves().empty()); // not drawn until its tab is shown
        tabs->setCurrentWidget(frontier);
        QTRY_COMPARE(frontier->curves().size(), std::size(kfx::replay::kFrontierPolicies));
        QCOMPARE(frontier->chart()->series().size(), 2 * int(std::size(kfx::replay::kFrontierPolicies)));
        JOURNEY_CHECK_LAYOUT(window);
        screenshots(window, QStringLiteral("frontier"));
        QVERIFY(frontier->grab().save(QDir::current().filePath(QStringLiteral("screenshot-frontier-chart.png"))));
    }

private:
    // The window as it is, at 1366×768, in the light and the dark palette, left in the working directory.
    static void screenshots(MainWindow &window, const QString &name)
    {
        window.resize(1366, 768);
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-%1-light.png").arg(name))));
        const auto lightPalette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-%1-dark.png").arg(name))));
        QApplication::setPalette(lightPalette);
        QCoreApplication::processEvents();
    }

    QTranslator m_translator;
};

KFX_TEST_MAIN(TestJourneyRecalibration)

} // namespace
} // namespace tst_journey_recalibration

#include "tst_journey_recalibration.moc"
