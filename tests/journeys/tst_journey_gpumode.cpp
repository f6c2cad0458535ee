// Issue 13 in the real window, offscreen: a GPU MODE search log (fp8_quant, one of the bundled tasks) is opened,
// a kernel is selected and Ctrl+M measures it with the real kfx-measure and its Python harness through the queue
// into the workspace. Without a GPU the worker runs in its CPU test mode (KFX_MEASURE_DEVICE=cpu) with an
// interpreter that has torch (KFX_TORCH_PYTHON): the dock says "CPU (test mode)" and no GPU speedup, the
// workspace keeps the result as it came, and a cheating kernel's suspicion flags are marked beside its result.

#include "journeychecks.h"

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "gpu/measurequeue.h"
#include "gpu/measurequeuemodel.h"
#include "measure/measurecontroller.h"
#include "population/populationmodel.h"
#include "session/tasklocator.h"
#include "workspace/workspace.h"

#include "guitest.h"

#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTranslator>
#include <QTreeView>

#include "testmain.h"

namespace tst_journey_gpumode {
namespace {

namespace {

const QString kRootId = QStringLiteral("01M80XP3BWY37HNJFMQBJ51Z3V");
// What the search's own (GPU) measurement of its seed said; a CPU test-mode measurement must not replace it.
constexpr double kLoggedSpeedup = 1.25;

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// A PUCT v2 log of one seed node whose code is `code`, named as the published GPU MODE searches' files are.
QString writeSearch(const QTemporaryDir &dir, const QString &code)
{
    const QJsonObject perCase{{QStringLiteral("speedup"), kLoggedSpeedup},
                              {QStringLiteral("runtime_ns"), 800.0},
                              {QStringLiteral("ref_runtime_ns"), 1000.0},
                              {QStringLiteral("num_tokens"), 256}};
    const QJsonObject feedback{{QStringLiteral("kind"), QStringLiteral("success")},
                               {QStringLiteral("aggregated_speedup"), kLoggedSpeedup},
                               {QStringLiteral("aggregation_method"), QStringLiteral("geomean")},
                               {QStringLiteral("per_case_speedups"), QJsonArray{perCase}}};
    const QJsonObject caseResult{{QStringLiteral("correct"), true},
                                 {QStringLiteral("runtime_ns"), 800.0},
                                 {QStringLiteral("ref_runtime_ns"), 1000.0},
                                 {QStringLiteral("error_message"), QString()},
                                 {QStringLiteral("runtime_error_name"), QString()},
                                 {QStringLiteral("runtime_error"), QString()},
                                 {QStringLiteral("traceback"), QString()},
                                 {QStringLiteral("compilation_error"), QString()},
                                 {QStringLiteral("failure_kind"), QStringLiteral("none")}};
    const QJsonObject evaluation{{QStringLiteral("observation"),
                                  QJsonObject{{QStringLiteral("feedback"), feedback},
                                              {QStringLiteral("per_case_results"), QJsonArray{caseResult}}}},
                                 {QStringLiteral("reward"), kLoggedSpeedup}};
    QJsonObject root{{QStringLiteral("program_code"), code},
                     {QStringLiteral("evaluation"), evaluation},
                     {QStringLiteral("ancestors"), QJsonArray()},
                     {QStringLiteral("ulid"), kRootId},
                     {QStringLiteral("is_seed"), true}};
    const QJsonObject event{{QStringLiteral("kind"), QStringLiteral("search_initialized")},
                            {QStringLiteral("root"), root}};
    const auto path = dir.filePath(QStringLiteral("fp8_quant-search.jsonl"));
    QFile out(path);
    if (out.open(QIODevice::WriteOnly))
        out.write(QJsonDocument(event).toJson(QJsonDocument::Compact) + '\n');
    return path;
}

} // namespace

class TestJourneyGpuMode : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journeys")));
        qputenv("KFX_MEASURE_DEVICE", "cpu");
    }
    void init()
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("measure/python"), QStringLiteral(KFX_TORCH_PYTHON));
    }

    // The bundled task's seed kernel: correct, shown as a CPU test-mode result, stored with its provenance.
    void measureTheSeedOnTheCpu()
    {
        QTemporaryDir dir;
        const auto seed = readText(QStringLiteral(KFX_BUNDLED_TASKS_DIR "/fp8_quant/seed.py"));
        QVERIFY(!seed.isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window, {writeSearch(dir, seed)}));

        auto *controller = window.measureController();
        const auto item = measureRoot(window);
        QVERIFY2(item.state == MeasureItem::State::Measured,
                 qPrintable(item.message + MeasureQueueModel::resultText(item)));
        QVERIFY(item.cpuMode);
        QCOMPARE(item.task, QStringLiteral("fp8_quant"));
        QVERIFY(item.taskDirectory.endsWith(QStringLiteral("resources/tasks/fp8_quant")));
        // Shown as a CPU result: no speedup, no bin.
        const auto shown = resultCell(*controller);
        QVERIFY2(shown.startsWith(QStringLiteral("CPU (test mode)")), qPrintable(shown));
        QVERIFY2(!shown.contains(QStringLiteral("×")) && !shown.contains(QStringLiteral("bin")), qPrintable(shown));
        QVERIFY2(!controller->lastMessage().contains(QStringLiteral("×")), qPrintable(controller->lastMessage()));

        // Stored in the workspace as it came, labelled by its source.
        const auto records = window.gateController()->session()->workspace()->current()->measurements();
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(records[0].nodeId), kRootId);
        QCOMPARE(QString::fromStdString(records[0].source), QStringLiteral("kfx-measure CPU (test mode)"));
        const auto stored = QJsonDocument::fromJson(QByteArray::fromStdString(records[0].json)).object();
        QCOMPARE(stored.value(QStringLiteral("observation"))
                     .toObject()
                     .value(QStringLiteral("feedback"))
                     .toObject()
                     .value(QStringLiteral("kind"))
                     .toString(),
                 QStringLiteral("success"));
        QVERIFY(stored.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("cpu_mode")).toBool());
        QVERIFY(stored.value(QStringLiteral("suspicions")).toArray().isEmpty());

        // The tree never takes a CPU figure for a GPU measurement.
        const auto &population = window.populationModel()->population();
        QVERIFY(population);
        const auto root = population->find(kRootId.toStdString());
        QVERIFY(root && population->node(*root).evaluation);
        QCOMPARE(population->node(*root).evaluation->aggregatedSpeedup, kLoggedSpeedup);
        JOURNEY_CHECK_LAYOUT(window);
    }

    // A kernel that returns the reference's own output is flagged: a warning mark beside the result, the tooltip
    // naming the flag, and the flag kept in the workspace.
    void aCheatingKernelIsMarked()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(journey::openAndWait(window,
                                     {writeSearch(dir,
                                                  QStringLiteral("import reference\n\n\ndef custom_kernel(data):\n"
                                                                 "    return reference.ref_kernel(data)\n"))}));
        auto *controller = window.measureController();
        const auto item = measureRoot(window);
        QVERIFY2(!item.suspicions.empty(), qPrintable(item.message + MeasureQueueModel::resultText(item)));
        const auto *model = controller->queue()->model();
        const auto cell = model->index(0, MeasureQueueModel::ResultColumn);
        QVERIFY(!cell.data(Qt::DecorationRole).isNull());
        const auto tooltip = cell.data(Qt::ToolTipRole).toString();
        QVERIFY2(tooltip.contains(QStringLiteral("reads_reference_output")), qPrintable(tooltip));
        const auto records = window.gateController()->session()->workspace()->current()->measurements();
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(records[0].json).contains(QStringLiteral("reads_reference_output")));
    }

    // The published searches' names and a v3 log's op_name find the bundled task; other names find none.
    void bundledTasksAreFoundByProblemName()
    {
        const auto bundled = QDir(QStringLiteral(KFX_BUNDLED_TASKS_DIR));
        QCOMPARE(TaskLocator::bundledTask(QStringLiteral("/data/trimul__e0091.jsonl")),
                 bundled.filePath(QStringLiteral("trimul")));
        QCOMPARE(TaskLocator::bundledTask(QStringLiteral("/data/cross_entropy-search.jsonl")),
                 bundled.filePath(QStringLiteral("cross_entropy")));
        QCOMPARE(TaskLocator::bundledTask(QStringLiteral("/data/run7.jsonl"), {QStringLiteral("gdn_chunk_fwd_o")}),
                 bundled.filePath(QStringLiteral("gdn_chunk_fwd_o")));
        QVERIFY(TaskLocator::bundledTask(QStringLiteral("/data/run7.jsonl"), {QStringLiteral("../demo")}).isEmpty());
        QVERIFY(TaskLocator::bundledTask(QStringLiteral("/data/unknown__e1.jsonl")).isEmpty());
    }

private:
    // Selects the seed node, presses Ctrl+M and waits for the result; returns the queue's item.
    static MeasureItem measureRoot(MainWindow &window)
    {
        auto *tree = window.treeView();
        tree->setFocus();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        auto *queue = window.measureController()->queue();
        QSignalSpy drained(queue, &MeasureQueue::drained);
        QTest::keyClick(tree, Qt::Key_M, Qt::ControlModifier);
        if (queue->model()->items().empty()) {
            MeasureItem nothing;
            nothing.message = window.measureController()->lastMessage();
            return nothing;
        }
        if (!queue->idle())
            drained.wait(90000);
        auto item = queue->model()->items().front();
        item.message += QLatin1Char(' ') + window.measureController()->lastMessage() + QLatin1Char(' ') + queue->log();
        return item;
    }

    static QString resultCell(MeasureController &controller)
    {
        return controller.queue()->model()->index(0, MeasureQueueModel::ResultColumn).data().toString();
    }

    QTranslator m_translator;
};

KFX_TEST_MAIN(TestJourneyGpuMode)

} // namespace
} // namespace tst_journey_gpumode

#include "tst_journey_gpumode.moc"
