#include "measurequeue.h"

#include "measure/evaluationrecord.h"
#include "measure/protocol.h"
#include "measureproblem.h"
#include "measurequeuemodel.h"
#include "measureworker.h"

#include <QJsonDocument>
#include <QJsonObject>
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

} // namespace

MeasureQueue::MeasureQueue(QObject *parent)
    : QObject(parent)
    , m_model(new MeasureQueueModel(this))
    , m_settings(MeasureSettings::load())
    , m_tick(new QTimer(this))
{
    m_tick->setInterval(500);
    connect(m_tick, &QTimer::timeout, m_model, &MeasureQueueModel::tick);
}

MeasureQueue::~MeasureQueue()
{
    stopWorkers();
}

void MeasureQueue::setSettings(const MeasureSettings &settings)
{
    const bool restart = settings.argv() != m_settings.argv();
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
    // The first worker is not pinned: it sees every GPU and so can count them; it measures on the first.
    m_probing = true;
    addWorker(-1)->probe(m_settings.timeoutMs);
}

MeasureWorker *MeasureQueue::addWorker(int device)
{
    m_workers.push_back(std::make_unique<MeasureWorker>(m_settings.argv(device), device));
    auto *worker = m_workers.back().get();
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
        onProbed(line, log);
    });
    return worker;
}

void MeasureQueue::onProbed(const QByteArray &line, const QString &)
{
    m_probing = false;
    if (kindOf(line) != "device") {
        const auto reason = reasonOf(line);
        setProblem(reason);
        failQueued(reason);
        // The next request asks again: the user may have fixed the settings or plugged in the GPU box.
        m_workers.clear();
        m_lastLogs.clear();
        return;
    }
    const auto object = objectOf(line);
    m_deviceName = object.value(QStringLiteral("hardware")).toObject().value(QStringLiteral("device_name")).toString();
    const int devices = std::max(1, object.value(QStringLiteral("device_count")).toInt(1));
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
        m_running.emplace_back(worker.get(), id);
        worker->measure(id, kfx::measure::measureRequest(std::to_string(id), options), m_settings.timeoutMs);
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
    finishItem(itemId, kindOf(line), line);
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
        done.elapsedMs = done.clock.elapsed();
        done.outcome = outcome;
        done.message = error;
        done.state = outcome && outcome->succeeded() ? MeasureItem::State::Measured : MeasureItem::State::Failed;
    });
    if (outcome) {
        const auto nodeId = item->nodeId; // a receiver may queue more, moving the items
        const auto source = m_deviceName.isEmpty() ? QStringLiteral("kfx-measure")
                                                   : QStringLiteral("kfx-measure %1").arg(m_deviceName);
        Q_EMIT measured(nodeId, source, json, *outcome);
    }
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
        worker->cancel(itemId);
        // A kernel that never returns never reaches the next sample: then only killing its worker stops it.
        QTimer::singleShot(m_cancelGraceMs, this, [this, itemId, worker] {
            if (workerRunning(itemId) == worker)
                worker->abort();
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
        });
    m_running.clear();
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
