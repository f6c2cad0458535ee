#include "measureworker.h"

#include "measure/protocol.h"
#include "measure/slurmlauncher.h"

#include <chrono>

class MeasureWorker::Runner : public QObject {
public:
    explicit Runner(std::shared_ptr<kfx::measure::MeasureClient> client) : m_client(std::move(client)) {}

    // Runs in the worker thread. `emitProgress` and the results cross back to the GUI thread as queued signals.
    void run(MeasureWorker *owner, int itemId, const std::string &request, int timeoutMs)
    {
        const std::string id = std::to_string(itemId);
        const auto line = m_client->call(id, request, std::chrono::milliseconds(timeoutMs),
                                         [owner, itemId](const std::string &progress) {
                                             Q_EMIT owner->progress(itemId, QByteArray::fromStdString(progress));
                                         });
        const auto log = QString::fromStdString(m_client->workerLog());
        if (itemId < 0)
            Q_EMIT owner->probed(QByteArray::fromStdString(line), log);
        else
            Q_EMIT owner->finished(itemId, QByteArray::fromStdString(line), log);
    }

private:
    std::shared_ptr<kfx::measure::MeasureClient> m_client;
};

namespace {
// The probe's request id: measurement ids are the queue's item ids, never negative.
constexpr int kProbeId = -1;
// scancel answers in milliseconds; a controller that does not answer must not hold the window much longer.
constexpr std::chrono::seconds kScancelLimit{5};
} // namespace

MeasureWorker::MeasureWorker(std::vector<std::string> command, int device, QObject *parent)
    : QObject(parent)
    , m_device(device)
    , m_client(std::make_shared<kfx::measure::MeasureClient>(std::move(command)))
    , m_runner(new Runner(m_client))
{
    m_runner->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    connect(this, &MeasureWorker::finished, this, [this] { m_busy = false; });
    connect(this, &MeasureWorker::probed, this, [this] { m_busy = false; });
    m_thread.setObjectName(QStringLiteral("kfx-measure %1").arg(device));
    m_thread.start();
}

MeasureWorker::~MeasureWorker()
{
    // Killing an idle worker loses nothing (compiled kernels are cached on disk, written atomically); killing a
    // busy one is the only way to stop a kernel that never returns. Then the thread finds its call returned.
    // Killing srun alone would leave its job step running on the node.
    cancelSlurmJob();
    m_client->abort();
    m_thread.quit();
    while (!m_thread.wait(50))
        m_client->abort(); // a call queued behind quit() may just have started a fresh worker
}

void MeasureWorker::probe(int timeoutMs, kfx::measure::ComputeDevice device)
{
    m_busy = true;
    const auto request = kfx::measure::deviceInfoRequest(std::to_string(kProbeId), device);
    QMetaObject::invokeMethod(
        m_runner, [runner = m_runner, this, request, timeoutMs] { runner->run(this, kProbeId, request, timeoutMs); });
}

void MeasureWorker::measure(int itemId, const std::string &request, int timeoutMs)
{
    m_busy = true;
    QMetaObject::invokeMethod(m_runner, [runner = m_runner, this, itemId, request, timeoutMs] {
        runner->run(this, itemId, request, timeoutMs);
    });
}

void MeasureWorker::cancel(int itemId)
{
    const auto target = std::to_string(itemId);
    m_client->cancel("cancel-" + target, target);
}

QString MeasureWorker::abort()
{
    auto error = cancelSlurmJob();
    m_client->abort();
    return error;
}

void MeasureWorker::setSlurmJob(const QString &id, const QString &state)
{
    m_slurmJobId = id;
    m_slurmJobState = state;
}

bool MeasureWorker::slurmJobPending() const
{
    return kfx::measure::SlurmJob{{}, m_slurmJobState.toStdString(), {}}.pending();
}

QString MeasureWorker::cancelSlurmJob()
{
    if (m_slurmJobName.empty())
        return {};
    try {
        kfx::measure::cancelSlurmJob(m_slurmJobName, kScancelLimit);
    } catch (const std::exception &error) {
        return QString::fromStdString(error.what());
    }
    m_slurmJobId.clear();
    m_slurmJobState.clear();
    return {};
}
