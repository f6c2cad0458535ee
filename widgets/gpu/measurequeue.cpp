#include "measurequeue.h"

#include "measure/evaluationrecord.h"
#include "measure/protocol.h"
#include "measure/pythontask.h"
#include "measureproblem.h"
#include "measurequeuemodel.h"
#include "measureworker.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTimer>

#include <algorithm>

namespace {

QJsonObject objectOf(const QByteArray &line)
{
    return QJsonDocument::fromJson(line).object();
}

std::string kindOf(const QByteArray &line)
{
    try {
        return kfx::measure::parseResponseHeader(line.toStdString()).kind;
    } catch (const kfx::measure::ProtocolError &) {
        return "infrastructure_failure";
    }
}

// The reason an answer gives for not measuring: an infrastructure failure's, or a timeout's.
QString reasonOf(const QByteArray &line)
{
    const auto object = objectOf(line);
    const auto reason = object.value(QStringLiteral("reason")).toString();
    if (!reason.isEmpty())
        return reason;
    const auto error = object.value(QStringLiteral("runtime_error")).toString();
    return error.isEmpty() ? QString::fromUtf8(line) : error;
}

// A result's own account of how it was measured: the CPU test mode, and its suspicion flags (contract: a Python
// task's result lists them as {"kind", "detail"}).
void readProvenance(const QByteArray &line, MeasureItem &item)
{
    const auto object = objectOf(line);
    item.cpuMode = object.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("cpu_mode")).toBool();
    item.suspicions.clear();
    for (const auto &value : object.value(QStringLiteral("suspicions")).toArray()) {
        const auto suspicion = value.toObject();
        item.suspicions.push_back(
            {suspicion.value(QStringLiteral("kind")).toString(), suspicion.value(QStringLiteral("detail")).toString()});
    }
}

// A Python task's worker stops a candidate at the request's own limit and answers for it, surviving; the client
// waits a little longer so that this answer, not the worker's death, ends the request.
constexpr int kPythonAnswerGraceMs = 15000;

} // namespace

int MeasureQueue::clientTimeoutMs(const std::string &taskDirectory) const
{
    return kfx::measure::detectPythonTask(taskDirectory) ? m_settings.timeoutMs + kPythonAnswerGraceMs
                                                         : m_settings.timeoutMs;
}

MeasureQueue::MeasureQueue(QObject *parent)
    : QObject(parent)
    , m_model(new MeasureQueueModel(this))
    , m_settings(MeasureSettings::load())
    , m_tick(new QTimer(this))
    , m_slurmPoll(new QTimer(this))
{
    m_tick->setInterval(500);
    connect(m_tick, &QTimer::timeout, m_model, &MeasureQueueModel::tick);
    // squeue is cheap, but a cluster's controller serves many users: once a second is plenty for a dock.
    m_slurmPoll->setInterval(1000);
    connect(m_slurmPoll, &QTimer::timeout, this, &MeasureQueue::pollSlurm);
}

MeasureQueue::~MeasureQueue()
{
    stopWorkers();
}

void MeasureQueue::setSettings(const MeasureSettings &settings)
{
    const bool restart = settings.argv() != m_settings.argv()
        || (settings.useSlurm && settings.slurmWorkers != m_settings.slurmWorkers);
    m_settings = settings;
    if (!restart || m_workers.empty())
        return;
    stopWorkers();
    m_deviceName.clear();
    ensureWorkers();
}

std::vector<int> MeasureQueue::enqueue(const std::vector<Request> &requests)
{
    std::vector<int> ids;
    for (const auto &request : requests) {
        MeasureItem item;
        item.nodeId = request.nodeId;
        item.task = request.task;
        item.taskDirectory = request.taskDirectory;
        item.source = request.source;
        ids.push_back(m_model->add(std::move(item)));
    }
    if (!ids.empty()) {
        ensureWorkers();
        dispatch();
    }
    return ids;
}

void MeasureQueue::ensureWorkers()
{
    if (!m_workers.empty() || m_probing || m_model->nextQueued() < 0)
        return;
    m_probing = true;
    if (m_settings.useSlurm) {
        // Slurm gives each worker its GPU: all of them are submitted at once, each asking for its device, so
        // that they wait in the cluster's queue together rather than one after the other.
        for (int slot = 0; slot < std::max(1, m_settings.slurmWorkers); ++slot)
            addWorker(slot)->probe(m_settings.timeoutMs);
        m_slurmPoll->start();
        pollSlurm();
        return;
    }
    // The first worker is not pinned: it sees every GPU and so can count them; it measures on the first.
    addWorker(-1)->probe(m_settings.timeoutMs, m_settings.computeDevice);
}

MeasureWorker *MeasureQueue::addWorker(int device)
{
    m_workers.push_back(std::make_unique<MeasureWorker>(m_settings.argv(device), device));
    auto *worker = m_workers.back().get();
    worker->setSlurmJobName(m_settings.slurmJobName(std::max(device, 0)));
    connect(worker, &MeasureWorker::progress, this, &MeasureQueue::onProgress);
    // An answer posted just before stopWorkers() may arrive after its worker is gone: then it is nobody's.
    connect(worker, &MeasureWorker::finished, this,
            [this, worker](int itemId, const QByteArray &line, const QString &log) {
                if (owns(worker))
                    onFinished(worker, itemId, line, log);
            });
    connect(worker, &MeasureWorker::probed, this, [this, worker](const QByteArray &line, const QString &log) {
        if (!owns(worker))
            return;
        appendLog(worker, log);
        onProbed(line);
    });
    return worker;
}

void MeasureQueue::onProbed(const QByteArray &line)
{
    if (!m_probing) {
        // Another Slurm worker's job has started: it takes its share of the queue.
        dispatch();
        return;
    }
    m_probing = false;
    if (kindOf(line) != "device") {
        const auto reason = reasonOf(line);
        setProblem(reason);
        failQueued(reason);
        // The next request asks again: the user may have fixed the settings or plugged in the GPU box.
        m_workers.clear();
        m_lastLogs.clear();
        m_slurmPoll->stop();
        return;
    }
    const auto object = objectOf(line);
    m_deviceName = object.value(QStringLiteral("hardware")).toObject().value(QStringLiteral("device_name")).toString();
    // Through Slurm the workers are all there already; the device count is that of the worker's own allocation.
    const int devices = m_settings.useSlurm ? 0 : std::max(1, object.value(QStringLiteral("device_count")).toInt(1));
    for (int device = 1; device < devices; ++device)
        addWorker(device);
    setProblem({});
    dispatch();
}

void MeasureQueue::dispatch()
{
    if (m_probing)
        return;
    for (const auto &worker : m_workers) {
        if (worker->busy())
            continue;
        const int id = m_model->nextQueued();
        if (id < 0)
            break;
        kfx::measure::MeasureOptions options;
        m_model->update(id, [&](MeasureItem &item) {
            item.state = MeasureItem::State::Running;
            item.stage.clear();
            item.clock.start();
            item.elapsedMs = 0;
            options.taskDirectory = item.taskDirectory.toStdString();
            options.candidateSource = item.source;
            options.candidateLabel = item.nodeId.toStdString();
        });
        options.timing = m_settings.timing;
        options.python = m_settings.pythonArgv();
        options.device = m_settings.computeDevice;
        options.timeoutMs = m_settings.timeoutMs;
        m_running.emplace_back(worker.get(), id);
        worker->measure(id, kfx::measure::measureRequest(std::to_string(id), options),
                        clientTimeoutMs(options.taskDirectory));
    }
    if (!m_running.empty())
        m_tick->start();
}

void MeasureQueue::onProgress(int itemId, const QByteArray &line)
{
    const auto *running = m_model->item(itemId);
    if (!running || running->state != MeasureItem::State::Running)
        return; // a late line from a worker stopped since
    const auto object = objectOf(line);
    m_model->update(itemId, [&](MeasureItem &item) {
        item.stage = object.value(QStringLiteral("stage")).toString();
        item.caseIndex = object.value(QStringLiteral("case")).toInt(-1);
        item.cases = object.value(QStringLiteral("cases")).toInt(0);
    });
}

void MeasureQueue::onFinished(MeasureWorker *worker, int itemId, const QByteArray &line, const QString &log)
{
    appendLog(worker, log);
    m_running.erase(std::remove(m_running.begin(), m_running.end(), std::pair(worker, itemId)), m_running.end());
    const auto kind = kindOf(line);
    // The client killed srun on a timeout; its job step would otherwise go on holding the GPU.
    if (kind == "timeout")
        addNote(worker->cancelSlurmJob());
    if (!handleWorkerLoss(worker, itemId, line))
        finishItem(itemId, kind, line);
    dispatch();
    if (m_running.empty())
        m_tick->stop();
    if (idle())
        Q_EMIT drained();
}

void MeasureQueue::finishItem(int itemId, const std::string &kind, const QByteArray &line)
{
    const auto *item = m_model->item(itemId);
    if (!item || item->state != MeasureItem::State::Running)
        return;
    const bool killedOnCancel = item->cancelRequested && kind == "infrastructure_failure";
    if (kind == "cancelled" || killedOnCancel) {
        m_model->update(itemId, [](MeasureItem &cancelled) {
            cancelled.state = MeasureItem::State::Cancelled;
            cancelled.elapsedMs = cancelled.clock.elapsed();
            cancelled.message = tr("Cancelled while running");
        });
        return;
    }
    if (kind == "infrastructure_failure") {
        const auto reason = reasonOf(line);
        m_model->update(itemId, [&](MeasureItem &failed) {
            failed.state = MeasureItem::State::Failed;
            failed.elapsedMs = failed.clock.elapsed();
            failed.message = tr("Not measured: %1").arg(reason);
        });
        if (MeasureProblem(reason, m_settings).kind() == MeasureProblem::Kind::NoDevice) {
            setProblem(reason);
            failQueued(reason);
        }
        return;
    }
    const auto text = line.toStdString();
    std::optional<kfx::EvaluationOutcome> outcome;
    std::string json;
    QString error;
    try {
        outcome = kfx::measure::outcomeFromResult(text);
        json = kfx::measure::evaluationJson(text);
    } catch (const kfx::measure::ProtocolError &problem) {
        error = tr("The worker's answer could not be read: %1").arg(QString::fromStdString(problem.what()));
    }
    m_model->update(itemId, [&](MeasureItem &done) {
        readProvenance(line, done);
        done.elapsedMs = done.clock.elapsed();
        done.outcome = outcome;
        done.message = error;
        done.state = outcome && outcome->succeeded() ? MeasureItem::State::Measured : MeasureItem::State::Failed;
    });
    if (outcome) {
        const auto nodeId = item->nodeId; // a receiver may queue more, moving the items
        const auto *done = m_model->item(itemId);
        const auto device = done->cpuMode ? QStringLiteral("CPU (test mode)") : m_deviceName;
        const auto source = device.isEmpty() ? QStringLiteral("kfx-measure")
                                             : QStringLiteral("kfx-measure %1").arg(device);
        Q_EMIT measured(nodeId, source, json, *outcome);
    }
}

bool MeasureQueue::handleWorkerLoss(MeasureWorker *worker, int itemId, const QByteArray &line)
{
    const auto *item = m_model->item(itemId);
    if (!item || item->state != MeasureItem::State::Running || item->cancelRequested
        || !objectOf(line).value(QStringLiteral("worker_lost")).toBool())
        return false;
    worker->noteLoss();
    addNote(worker->cancelSlurmJob()); // whatever is left of its job
    Q_EMIT workersChanged();
    const auto reason = reasonOf(line).section(QLatin1Char('\n'), 0, 0).left(300);
    const auto job = worker->slurmJobName().empty() ? QString() : tr(" (Slurm job %1)").arg(item->slurmJob);
    const auto nodeId = item->nodeId;
    if (item->workerLosses > 0) {
        m_model->update(itemId, [&](MeasureItem &failed) {
            failed.state = MeasureItem::State::Failed;
            failed.elapsedMs = failed.clock.elapsed();
            failed.workerLosses += 1;
            failed.message = tr("Not measured: its worker was lost twice while measuring it; last: %1").arg(reason);
        });
        addNote(tr("kfx: the worker%1 was lost again while measuring %2, which is not measured: %3")
                    .arg(job, nodeId, reason));
        return true;
    }
    m_model->update(itemId, [&](MeasureItem &again) {
        again.state = MeasureItem::State::Queued;
        again.elapsedMs = -1;
        again.stage.clear();
        again.slurmJob.clear();
        again.slurmPending = false;
        again.workerLosses = 1;
        again.message = tr("Queued again: its worker was lost (%1)").arg(reason);
    });
    addNote(tr("kfx: the worker%1 was lost while measuring %2; it is restarted and %2 is queued again: %3")
                .arg(job, nodeId, reason));
    return true;
}

void MeasureQueue::addNote(const QString &note)
{
    if (note.isEmpty())
        return;
    m_log += note + QLatin1Char('\n');
    Q_EMIT logChanged();
}

void MeasureQueue::failQueued(const QString &reason)
{
    for (int id = m_model->nextQueued(); id >= 0; id = m_model->nextQueued()) {
        m_model->update(id, [&](MeasureItem &item) {
            item.state = MeasureItem::State::Failed;
            item.message = tr("Not measured: %1").arg(reason);
        });
    }
    if (idle())
        Q_EMIT drained();
}

void MeasureQueue::cancel(int itemId)
{
    const auto *item = m_model->item(itemId);
    if (!item || item->finished())
        return;
    if (item->state == MeasureItem::State::Queued) {
        m_model->update(itemId, [](MeasureItem &cancelled) {
            cancelled.state = MeasureItem::State::Cancelled;
            cancelled.message = tr("Cancelled before it started");
        });
        if (idle())
            Q_EMIT drained();
        return;
    }
    m_model->update(itemId, [](MeasureItem &running) { running.cancelRequested = true; });
    if (auto *worker = workerRunning(itemId)) {
        // A worker whose job still waits for a node reads no cancel: cancelling the job is what stops it.
        if (worker->slurmJobPending()) {
            addNote(worker->abort());
            return;
        }
        worker->cancel(itemId);
        // A kernel that never returns never reaches the next sample: then only killing its worker stops it.
        QTimer::singleShot(m_cancelGraceMs, this, [this, itemId, worker] {
            if (workerRunning(itemId) == worker)
                addNote(worker->abort());
        });
    }
}

void MeasureQueue::cancelAll()
{
    // Queued ones first, so that a cancelled running item does not hand its worker the next one.
    std::vector<int> running;
    for (const auto &item : m_model->items()) {
        if (item.state == MeasureItem::State::Queued)
            cancel(item.id);
        else if (item.state == MeasureItem::State::Running)
            running.push_back(item.id);
    }
    for (const int id : running)
        cancel(id);
}

void MeasureQueue::stopWorkers()
{
    m_slurmPoll->stop();
    if (m_squeue) {
        // Its answer would be about workers that are gone.
        m_squeue->disconnect(this);
        m_squeue->kill();
        m_squeue->waitForFinished(1000);
        delete m_squeue;
        m_squeue = nullptr;
    }
    m_workers.clear();
    m_lastLogs.clear();
    m_probing = false;
    m_tick->stop();
    // What was running is measured again by the next workers.
    for (const auto &[worker, id] : m_running)
        m_model->update(id, [](MeasureItem &item) {
            item.state = MeasureItem::State::Queued;
            item.elapsedMs = -1;
            item.stage.clear();
            item.slurmJob.clear();
            item.slurmPending = false;
        });
    m_running.clear();
    Q_EMIT workersChanged();
}

void MeasureQueue::pollSlurm()
{
    std::vector<std::string> names;
    for (const auto &worker : m_workers) {
        if (!worker->slurmJobName().empty())
            names.push_back(worker->slurmJobName());
    }
    if (m_squeue || names.empty())
        return;
    const auto command = kfx::measure::squeueCommand(names);
    QStringList arguments;
    for (auto word = command.begin() + 1; word != command.end(); ++word)
        arguments << QString::fromStdString(*word);
    m_squeue = new QProcess(this);
    const auto done = [this, process = m_squeue](const QString &error) {
        if (error.isEmpty())
            showSlurmJobs(process->readAllStandardOutput());
        else
            addNote(tr("kfx: squeue failed: %1").arg(error));
        process->deleteLater();
        if (m_squeue == process)
            m_squeue = nullptr;
    };
    connect(m_squeue, qOverload<int, QProcess::ExitStatus>(&QProcess::finished), this,
            [done, process = m_squeue](int code, QProcess::ExitStatus status) {
                done(status == QProcess::NormalExit && code == 0
                         ? QString()
                         : QString::fromLocal8Bit(process->readAllStandardError()).trimmed());
            });
    connect(m_squeue, &QProcess::errorOccurred, this, [done, process = m_squeue](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            done(process->errorString());
    });
    m_squeue->start(QString::fromStdString(command.front()), arguments);
}

void MeasureQueue::showSlurmJobs(const QByteArray &squeueOutput)
{
    std::vector<kfx::measure::SlurmJob> jobs;
    try {
        jobs = kfx::measure::parseSqueue(squeueOutput.toStdString());
    } catch (const std::runtime_error &error) {
        addNote(tr("kfx: %1").arg(QString::fromStdString(error.what())));
        return;
    }
    for (const auto &worker : m_workers) {
        const auto job = std::find_if(jobs.begin(), jobs.end(),
                                      [&](const auto &listed) { return listed.name == worker->slurmJobName(); });
        if (job == jobs.end())
            worker->setSlurmJob({}, {});
        else
            worker->setSlurmJob(QString::fromStdString(job->id), QString::fromStdString(job->state));
    }
    for (const auto &[worker, id] : m_running) {
        m_model->update(id, [worker = worker](MeasureItem &item) {
            item.slurmJob = worker->slurmJobId();
            item.slurmPending = worker->slurmJobPending();
        });
    }
    Q_EMIT workersChanged();
}

QString MeasureQueue::workersText() const
{
    QStringList lines;
    for (std::size_t slot = 0; slot < m_workers.size(); ++slot) {
        const auto &worker = *m_workers[slot];
        if (worker.slurmJobName().empty() && worker.losses() == 0)
            continue;
        QString state;
        if (worker.slurmJobId().isEmpty())
            state = worker.slurmJobName().empty() ? tr("local") : tr("no Slurm job");
        else if (worker.slurmJobPending())
            state = tr("Slurm job %1, pending").arg(worker.slurmJobId());
        else
            state = tr("Slurm job %1, running").arg(worker.slurmJobId());
        if (worker.losses() > 0)
            state += tr(", lost %n time(s) and restarted", nullptr, worker.losses());
        lines << tr("Worker %1: %2").arg(slot + 1).arg(state);
    }
    return lines.join(QLatin1Char('\n'));
}

bool MeasureQueue::idle() const
{
    return m_model->nextQueued() < 0 && m_running.empty();
}

bool MeasureQueue::owns(const MeasureWorker *worker) const
{
    return std::any_of(m_workers.begin(), m_workers.end(), [worker](const auto &own) { return own.get() == worker; });
}

MeasureWorker *MeasureQueue::workerRunning(int itemId) const
{
    for (const auto &[worker, id] : m_running) {
        if (id == itemId)
            return worker;
    }
    return nullptr;
}

void MeasureQueue::setProblem(const QString &problem)
{
    if (problem == m_problem)
        return;
    m_problem = problem;
    Q_EMIT problemChanged(problem);
}

void MeasureQueue::appendLog(MeasureWorker *worker, const QString &log)
{
    auto last = std::find_if(m_lastLogs.begin(), m_lastLogs.end(),
                             [worker](const auto &seen) { return seen.first == worker; });
    if (last == m_lastLogs.end())
        last = m_lastLogs.insert(m_lastLogs.end(), {worker, QString()});
    // The client's log restarts with each fresh worker; otherwise only its new end is new.
    const auto fresh = log.startsWith(last->second) ? log.mid(last->second.size()) : log;
    last->second = log;
    if (fresh.isEmpty())
        return;
    if (m_workers.size() > 1) {
        const auto prefix = tr("[GPU %1] ").arg(std::max(0, worker->device()));
        for (const auto &line : fresh.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            m_log += prefix + line + QLatin1Char('\n');
    } else {
        m_log += fresh;
    }
    Q_EMIT logChanged();
}
