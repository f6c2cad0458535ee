// Issue 17 in the real window: a researcher opens an eval set with its surrogates' predictions, opens Calibration,
// switches the reliability diagram to equal-count buckets by keyboard, reads a bucket's Clopper–Pearson interval
// in its tooltip, clicks it to select exactly its comparisons in the pair list, and compares the surrogates'
// statistics with their bootstrap intervals side by side in the summary; in both themes, at 1366x768, with
// screenshots (journey-calibration-light.png, journey-calibration-dark.png) to look at.

#include "journeychecks.h"

#include "calibration/calibrationsummarymodel.h"
#include "calibration/calibrationview.h"
#include "calibration/chartview.h"
#include "calibration/reliabilitychart.h"
#include "calibration/reliabilitymodel.h"
#include "common/darkpalette.h"

#include "guitest.h"

#include <QComboBox>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QTableView>
#include <QTranslator>
#include <QTreeView>

#include "testmain.h"

namespace tst_journey_calibration {
namespace {

using kfx::generate::SyntheticKind;

class TestCalibrationJourney : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journey-calibration"))); }

    void equalCountBucketsWithIntervals()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.resize(journey::kSmallScreen.width(), journey::kSmallScreen.height() - journey::kDesktopChrome);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto evalSet = journey::writeGenerated(dir, QStringLiteral("eval.jsonl"), SyntheticKind::EvalSet, 300, 5);
        const auto predictions = journey::writeGenerated(dir, QStringLiteral("predictions.jsonl"),
                                                         SyntheticKind::Predictions, 300, 5);
        QVERIFY(journey::openAndWait(window, {evalSet, predictions}));
        QVERIFY(window.showsPairs());

        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("calibrationDock"));
        dock->show();
        QTRY_VERIFY(dock->isVisible());
        auto *view = window.calibrationView();
        view->showChart(CalibrationView::Reliability);
        auto *model = view->reliabilityModel();
        QVERIFY(!model->equalCount());

        // The Buckets control, by keyboard: one step down is equal count.
        QComboBox *buckets = nullptr;
        for (auto *combo : view->findChildren<QComboBox *>()) {
            if (combo->accessibleName() == CalibrationView::tr("Reliability buckets"))
                buckets = combo;
        }
        QVERIFY(buckets && buckets->isVisible());
        buckets->setFocus();
        QTest::keyClick(buckets, Qt::Key_Down);
        QTRY_VERIFY(model->equalCount());
        QCOMPARE(model->rowCount(), 10);
        // Each surrogate's buckets hold equal shares of its forecasts, within one.
        const auto &data = *view->calibration();
        for (int surrogate = 0; surrogate < data.surrogateCount(); ++surrogate) {
            int fewest = std::numeric_limits<int>::max(), most = 0;
            for (int bucket = 0; bucket < model->rowCount(); ++bucket) {
                const int count = model->index(bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Count))
                                      .data(CalibrationTableModel::ValueRole)
                                      .toInt();
                fewest = std::min(fewest, count);
                most = std::max(most, count);
            }
            QVERIFY2(most - fewest <= 1, qPrintable(data.label(surrogate)));
        }

        // The top surrogate's points are drawn last, so a click on one of them is theirs.
        const int surrogate = data.surrogateCount() - 1;
        const int bucket = 9;
        const auto tip = ReliabilityChart::bucketTip(model, surrogate, bucket);
        QVERIFY2(tip.contains(QStringLiteral("95% interval")) && tip.contains(QStringLiteral("90–100%")),
                 qPrintable(tip));
        const auto expected = data.bucketComparisons(surrogate, bucket).ids;
        QVERIFY(!expected.isEmpty());
        auto *diagram = view->reliabilityChart()->diagram();
        QCoreApplication::processEvents();
        const auto position = view->reliabilityChart()->bucketPosition(surrogate, bucket);
        QVERIFY(!position.isNull());
        QTest::mouseClick(diagram->viewport(), Qt::LeftButton, {}, position);
        QTRY_COMPARE(window.pairView()->selectionModel()->selectedRows().size(), expected.size());

        // Every surrogate's AUGRC with its interval, side by side.
        auto *summary = view->summaryModel();
        QCOMPARE(summary->rowCount(), data.surrogateCount());
        for (int row = 0; row < summary->rowCount(); ++row) {
            const auto text = summary->index(row, CalibrationSummaryModel::AugrcColumn).data().toString();
            QVERIFY2(text.contains(QLatin1Char('[')) && text.contains(QLatin1Char(']')), qPrintable(text));
            QCOMPARE(view->summaryView()->model()->headerData(row, Qt::Vertical).toString().isEmpty(), false);
        }

        auto *scroll = view->summaryView()->horizontalScrollBar();
        scroll->setValue(scroll->maximum());
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("journey-calibration-light.png")));
        QApplication::setPalette(guitest::darkPalette());
        QTRY_VERIFY(isDarkPalette(diagram->palette()));
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("journey-calibration-dark.png")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        JOURNEY_CHECK_LAYOUT(window);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestCalibrationJourney)

} // namespace
} // namespace tst_journey_calibration

#include "tst_journey_calibration.moc"
