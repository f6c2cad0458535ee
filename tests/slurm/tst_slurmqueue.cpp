// The measurement queue through a real single-node Slurm cluster (run-with-cluster starts it; SLURM_CONF points
// at it): every worker is an srun job running the stand-in fakemeasureworker. Covered: four job steps measuring
// in parallel while a fifth waits in Slurm's queue and shows as pending; scancel from kfx (a cancelled kernel that
// never returns, stopping the workers); a worker killed with kill -9 on the node (its kernel re-queued once, failed
// on a second loss); slurmd restarted mid-run. In each, every kernel is measured exactly once or not at all.

#include "gpu/measurequeue.h"
#include "gpu/measurequeuemodel.h"
#include "gpu/measureworker.h"
#include "measure/measurequeueview.h"
#include "measure/slurmlauncher.h"

#include "guitest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <map>
#include <unistd.h>

namespace {

using State = MeasureItem::State;
using namespace std::chrono_literals;

// The node has 4 CPUs (run-with-cluster) and each worker's job takes one.
constexpr int kNodeCpus = 4;

MeasureSettings slurmSettings(int workers)
{
    MeasureSettings settings;
    settings.workerCommand = QStringLiteral(FAKE_MEASURE_WORKER);
    settings.timeoutMs = 60000;
    settings.useSlurm = true;
    settings.slurm.partition = "kfx";
    settings.slurm.timeLimit = "5";
    settings.slurmWorkers = workers;
    return settings;
}

MeasureQueue::Request request(const QString &node, const char *behaviour)
{
    return {node, QStringLiteral("row_softmax"), QStringLiteral("/nonexistent/task"),
            std::string("extern \"C\" __global__ void k() {} // ") + behaviour};
}

std::vector<MeasureQueue::Request> requests(int count, const char *behaviour)
{
    std::vector<MeasureQueue::Request> all;
    for (int i = 0; i < count; ++i)
        all.push_back(request(QStringLiteral("k%1").arg(i), behaviour));
    return all;
}

// The jobs of this process's workers, as squeue lists them.
std::vector<kfx::measure::SlurmJob> ourJobs()
{
    std::vector<std::string> names;
    for (int slot = 0; slot < 8; ++slot)
        names.push_back(kfx::measure::slurmJobName(long(::getpid()), slot));
    return kfx::measure::querySlurmJobs(names, 10s);
}

int jobsIn(const char *state)
{
    int count = 0;
    for (const auto &job : ourJobs())
        count += job.state == state ? 1 : 0;
    return count;
}

// How many times each kernel was reported measured.
struct Measured {
    explicit Measured(MeasureQueue &queue)
    {
        QObject::connect(&queue, &MeasureQueue::measured,
                         [this](const QString &node, const QString &, const std::string &,
                                const kfx::EvaluationOutcome &) { ++counts[node]; });
    }
    std::map<QString, int> counts;
};

// The running item's Slurm job, once its worker has begun measuring it and squeue has named the job.
QString runningJob(const MeasureQueue &queue, int id)
{
    const auto *item = queue.model()->item(id);
    return item->state == State::Running && !item->stage.isEmpty() && !item->slurmPending ? item->slurmJob : QString();
}

// kill -9 of the job's tasks, on the node: what a node's OOM killer or a crash does to the worker.
bool killTasksOf(const QString &job)
{
    QProcess scontrol;
    scontrol.start(QStringLiteral("scontrol"), {QStringLiteral("listpids"), job});
    if (!scontrol.waitForFinished(10000))
        return false;
    int killed = 0;
    const auto lines = QString::fromLocal8Bit(scontrol.readAllStandardOutput()).split(QLatin1Char('\n'));
    for (const auto &line : lines) {
        const pid_t pid = line.section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty).toInt();
        if (pid > 0
            && QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid))
                   .symLinkTarget()
                   .endsWith(QStringLiteral("fakemeasureworker")))
            killed += ::kill(pid, SIGKILL) == 0 ? 1 : 0;
    }
    return killed == 1;
}

} // namespace

class TestSlurmQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("KFX_SLURM_DIR"))
            QSKIP("run through tests/slurm/run-with-cluster, which starts the cluster");
        QVERIFY(guitest::setUpApplication(m_translator));
        QSettings().clear();
        // FAKE_SLOW kernels take 100 samples of 20 ms: 2 s each. srun passes the environment on to the job.
        qputenv("FAKE_SLOW_SAMPLES", "100");
    }

    void cleanup()
    {
        // Whatever a test left, the next one starts with no job of ours in the cluster.
        QVERIFY2(QTest::qWaitFor([] { return ourJobs().empty(); }, 15000), "our Slurm jobs outlived their queue");
    }

    void fourParallelStepsAndAPendingOne()
    {
        auto queue = std::make_unique<MeasureQueue>();
        queue->setSettings(slurmSettings(kNodeCpus + 1));
        MeasureQueueView view(queue.get());
        Measured measured(*queue);
        QSignalSpy drained(queue.get(), &MeasureQueue::drained);
        int mostRunning = 0;
        connect(queue->model(), &QAbstractItemModel::dataChanged, this, [&] {
            const auto &items = queue->model()->items();
            mostRunning = std::max<int>(mostRunning,
                                        int(std::count_if(items.begin(), items.end(), [](const auto &item) {
                                            return item.state == State::Running && !item.stage.isEmpty();
                                        })));
        });
        const auto ids = queue->enqueue(requests(12, "FAKE_SLOW"));

        // Slurm runs four workers, one a CPU, and keeps the fifth waiting; the dock names the waiting job.
        QVERIFY(QTest::qWaitFor([] { return jobsIn("RUNNING") == kNodeCpus && jobsIn("PENDING") == 1; }, 20000));
        QString pendingJob;
        for (const auto &job : ourJobs())
            pendingJob = job.state == "PENDING" ? QString::fromStdString(job.id) : pendingJob;
        const auto shown = [&] {
            const auto text = view.workersText();
            return text.contains(QStringLiteral("Slurm job %1, pending").arg(pendingJob))
                && text.count(QStringLiteral(", running")) == kNodeCpus;
        };
        QVERIFY2(QTest::qWaitFor(shown, 5000), qPrintable(view.workersText()));

        QVERIFY(drained.wait(40000));
        QCOMPARE(mostRunning, kNodeCpus);
        for (const int id : ids)
            QCOMPARE(int(queue->model()->item(id)->state), int(State::Measured));
        QCOMPARE(int(measured.counts.size()), int(ids.size()));
        for (const auto &[node, count] : measured.counts)
            QVERIFY2(count == 1, qPrintable(node));
        // Closing the queue cancels every job, the pending one too (cleanup() checks).
        queue.reset();
    }

    void scancelFromKfx()
    {
        MeasureQueue queue;
        queue.setSettings(slurmSettings(2));
        queue.setCancelGraceMs(300);
        Measured measured(queue);
        const auto hung = queue.enqueue({request(QStringLiteral("hung"), "FAKE_HANG")}).front();
        const auto other = queue.enqueue({request(QStringLiteral("other"), "FAKE_HANG")}).front();
        QString job;
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto *item = queue.model()->item(hung);
                job = item->state == State::Running && !item->slurmPending ? item->slurmJob : QString();
                return !job.isEmpty();
            },
            20000));
        // A kernel that never returns never reads the cancel: after the grace period kfx cancels its job.
        queue.cancel(hung);
        QVERIFY(QTest::qWaitFor([&] { return queue.model()->item(hung)->state == State::Cancelled; }, 10000));
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto jobs = ourJobs();
                return std::none_of(jobs.begin(), jobs.end(),
                                    [&](const auto &listed) { return QString::fromStdString(listed.id) == job; });
            },
            10000));
        // Stopping the workers cancels the other job mid-kernel; that kernel waits for the next workers.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto *item = queue.model()->item(other);
                return item->state == State::Running && !item->slurmJob.isEmpty() && !item->slurmPending;
            },
            20000));
        queue.stopWorkers();
        QCOMPARE(int(queue.model()->item(other)->state), int(State::Queued));
        QVERIFY(QTest::qWaitFor([] { return ourJobs().empty(); }, 10000));
        QVERIFY(measured.counts.empty());
    }

    void workerKilledOnTheNode()
    {
        MeasureQueue queue;
        queue.setSettings(slurmSettings(2));
        MeasureQueueView view(&queue);
        Measured measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue(requests(4, "FAKE_SLOW"));
        const int once = ids[0];
        const int twice = ids[1];

        // Lost once: measured again on a restarted worker, and reported.
        QString job;
        QVERIFY(QTest::qWaitFor([&] { return !(job = runningJob(queue, once)).isEmpty(); }, 20000));
        QVERIFY(killTasksOf(job));
        QVERIFY(QTest::qWaitFor([&] { return queue.model()->item(once)->workerLosses == 1; }, 10000));
        QVERIFY(queue.log().contains(QStringLiteral("was lost while measuring k0")));
        QVERIFY(QTest::qWaitFor([&] { return view.workersText().contains(QStringLiteral("lost 1 time")); }, 5000));

        // Lost twice: not measured, and the message says why.
        QVERIFY(QTest::qWaitFor([&] { return !(job = runningJob(queue, twice)).isEmpty(); }, 20000));
        QVERIFY(killTasksOf(job));
        QVERIFY(QTest::qWaitFor([&] { return queue.model()->item(twice)->workerLosses == 1; }, 10000));
        QVERIFY(QTest::qWaitFor([&] { return !(job = runningJob(queue, twice)).isEmpty(); }, 20000));
        QVERIFY(killTasksOf(job));

        QVERIFY(drained.wait(40000));
        const auto *failed = queue.model()->item(twice);
        QCOMPARE(int(failed->state), int(State::Failed));
        QVERIFY2(failed->message.contains(QStringLiteral("its worker was lost twice")), qPrintable(failed->message));
        for (const int id : ids) {
            if (id != twice)
                QCOMPARE(int(queue.model()->item(id)->state), int(State::Measured));
        }
        QCOMPARE(
            measured.counts,
            (std::map<QString, int>{{QStringLiteral("k0"), 1}, {QStringLiteral("k2"), 1}, {QStringLiteral("k3"), 1}}));
    }

    void slurmdRestartedMidRun()
    {
        MeasureQueue queue;
        queue.setSettings(slurmSettings(kNodeCpus));
        Measured measured(queue);
        QSignalSpy drained(&queue, &MeasureQueue::drained);
        const auto ids = queue.enqueue(requests(8, "FAKE_SLOW"));
        QVERIFY(QTest::qWaitFor([&] { return !runningJob(queue, ids[0]).isEmpty(); }, 20000));
        QProcess restart;
        restart.start(QStringLiteral(SLURM_CLUSTER_SCRIPT),
                      {QStringLiteral("restart-slurmd"), qEnvironmentVariable("KFX_SLURM_DIR")});
        QVERIFY(QTest::qWaitFor([&] { return restart.state() == QProcess::NotRunning; }, 40000));
        QCOMPARE(restart.exitCode(), 0);
        QVERIFY(drained.wait(40000));
        for (const int id : ids) {
            const auto *item = queue.model()->item(id);
            QVERIFY2(item->state == State::Measured, qPrintable(item->nodeId + QLatin1String(": ") + item->message));
        }
        QCOMPARE(int(measured.counts.size()), int(ids.size()));
        for (const auto &[node, count] : measured.counts)
            QVERIFY2(count == 1, qPrintable(node));
    }

private:
    QTranslator m_translator;
};

QTEST_MAIN(TestSlurmQueue)
#include "tst_slurmqueue.moc"
