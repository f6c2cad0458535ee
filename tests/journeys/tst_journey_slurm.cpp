// Issue 18 in the real window, offscreen, on a real single-node Slurm cluster (tests/slurm/run-with-cluster starts
// it): GPU → Measurement Settings turns on Measure through Slurm with a partition and a time limit, Ctrl+M
// measures a demo kernel through an srun job running the stand-in worker, the GPU Measurements dock names the
// workers' jobs as they run, the result lands in the workspace and the tree, and closing the window cancels the
// jobs.

#include "journeychecks.h"

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "gpu/measurequeue.h"
#include "gpu/measurequeuemodel.h"
#include "gpu/measuresettingsdialog.h"
#include "measure/measurecontroller.h"
#include "measure/measurequeueview.h"
#include "measure/slurmlauncher.h"
#include "population/populationmodel.h"
#include "workspace/workspace.h"

#include "guitest.h"

#include <QAction>
#include <QGroupBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>

#include <unistd.h>

namespace {

using namespace std::chrono_literals;

constexpr int kWorkers = 2;

std::vector<kfx::measure::SlurmJob> ourJobs()
{
    std::vector<std::string> names;
    for (int slot = 0; slot < kWorkers; ++slot)
        names.push_back(kfx::measure::slurmJobName(long(::getpid()), slot));
    return kfx::measure::querySlurmJobs(names, 10s);
}

template<typename Widget>
Widget *field(QWidget &dialog, const QString &accessibleName)
{
    for (auto *widget : dialog.findChildren<Widget *>()) {
        if (widget->accessibleName() == accessibleName)
            return widget;
    }
    return nullptr;
}

// Fills the settings dialog as a user would and presses OK; false when a field is missing.
bool fillSlurmSettings(QWidget &dialog)
{
    auto *worker = field<QLineEdit>(dialog, QStringLiteral("Worker command"));
    auto *slurm = dialog.findChild<QGroupBox *>();
    auto *partition = field<QLineEdit>(dialog, QStringLiteral("Slurm partition"));
    auto *gres = field<QLineEdit>(dialog, QStringLiteral("Slurm GRES"));
    auto *time = field<QLineEdit>(dialog, QStringLiteral("Slurm time limit"));
    auto *workers = field<QSpinBox>(dialog, QStringLiteral("Slurm workers"));
    if (!worker || !slurm || !partition || !gres || !time || !workers)
        return false;
    worker->setText(QStringLiteral(FAKE_MEASURE_WORKER));
    slurm->setChecked(true);
    partition->setText(QStringLiteral("kfx"));
    gres->clear(); // the test node has no GPUs to ask for
    time->setText(QStringLiteral("5"));
    workers->setValue(kWorkers);
    QMetaObject::invokeMethod(&dialog, "accept", Qt::QueuedConnection);
    return true;
}

} // namespace

class TestJourneySlurm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("KFX_SLURM_DIR"))
            QSKIP("run through tests/slurm/run-with-cluster, which starts the cluster");
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journeys")));
        QSettings().clear();
    }

    void measureThroughSlurm()
    {
        QTemporaryDir dir;
        const auto logs = journey::copyDemo(dir);
        QVERIFY(!logs.isEmpty());
        auto owned = std::make_unique<MainWindow>();
        auto &window = *owned;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, {logs.front()}));

        // GPU → Measurement Settings…
        auto *settingsAction = window.findChild<QAction *>(QStringLiteral("measureSettings"));
        QVERIFY(settingsAction);
        bool filled = false;
        QTimer::singleShot(0, this, [&] {
            if (auto *dialog = qobject_cast<MeasureSettingsDialog *>(QApplication::activeModalWidget()))
                filled = fillSlurmSettings(*dialog);
        });
        settingsAction->trigger();
        QVERIFY(filled);
        auto *controller = window.measureController();
        auto *queue = controller->queue();
        QVERIFY(queue->settings().useSlurm);
        QCOMPARE(QSettings().value(QStringLiteral("measure/slurm/partition")).toString(), QStringLiteral("kfx"));

        // Ctrl+M on the first measured candidate.
        const auto &population = *window.populationModel()->population();
        std::string nodeId;
        for (std::size_t i = 0; i < population.size() && nodeId.empty(); ++i) {
            const auto &node = population.node(i);
            if (node.status != kfx::NodeStatus::Seed && node.evaluation && node.evaluation->succeeded())
                nodeId = node.id;
        }
        QVERIFY(!nodeId.empty());
        window.selectId(QString::fromStdString(nodeId));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.treeView()->setFocus();
        QSignalSpy drained(queue, &MeasureQueue::drained);
        QTest::keyClick(window.treeView(), Qt::Key_M, Qt::ControlModifier);
        QVERIFY2(!queue->model()->items().empty(), qPrintable(controller->lastMessage()));
        QVERIFY2(queue->idle() || drained.wait(40000),
                 qPrintable(MeasureQueueModel::stateText(queue->model()->items().front()) + QLatin1Char('\n')
                            + controller->view()->workersText() + QLatin1Char('\n') + queue->log()));
        const auto &item = queue->model()->items().front();
        QVERIFY2(item.state == MeasureItem::State::Measured, qPrintable(item.message));

        // The dock names both workers' jobs, running (they stay for the next kernels).
        const auto shows = [&](int worker) {
            return QRegularExpression(QStringLiteral("Worker %1: Slurm job \\d+, running").arg(worker))
                .match(controller->view()->workersText())
                .hasMatch();
        };
        QVERIFY2(QTest::qWaitFor([&] { return shows(1) && shows(2); }, 10000),
                 qPrintable(controller->view()->workersText()));
        QCOMPARE(int(ourJobs().size()), kWorkers);

        // The result is the workspace's, from the stand-in's device.
        const auto records = window.gateController()->session()->workspace()->current()->measurements();
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records[0].nodeId, nodeId);
        QCOMPARE(QString::fromStdString(records[0].source), QStringLiteral("kfx-measure Fake GPU"));
        JOURNEY_CHECK_LAYOUT(window);

        // Closing the window cancels the jobs.
        window.close();
        owned.reset();
        QVERIFY(QTest::qWaitFor([] { return ourJobs().empty(); }, 15000));
    }

private:
    QTranslator m_translator;
};

QTEST_MAIN(TestJourneySlurm)
#include "tst_journey_slurm.moc"
