#pragma once

#include "measuresettings.h"
#include "model/evaluation.h"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

class MeasureQueueModel;
class MeasureWorker;
class QProcess;
class QTimer;

// Sends queued kernels to kfx-measure workers, one per GPU, and turns their answers into results. The first
// request of a session asks a worker for the device: it says how many GPUs there are (each further worker is
// pinned to its own), their name for the results' source, or that there is no GPU, which is reported once and
// fails the queue without touching any kernel's record. A kernel's own outcome (including a crash or a
// timeout) is a result; a missing device or a cancellation is not.
class MeasureQueue : public QObject {
    Q_OBJECT
public:
    explicit MeasureQueue(QObject *parent = nullptr);
    ~MeasureQueue() override;

    struct Request {
        QString nodeId;
        QString task;
        QString taskDirectory;
        std::string source;
    };

    MeasureQueueModel *model() const { return m_model; }
    // Applies to workers started from now on; running ones are stopped first when the command changes.
    void setSettings(const MeasureSettings &settings);
    const MeasureSettings &settings() const { return m_settings; }
    // How long a cancelled measurement may take to stop between samples before its worker is killed.
    void setCancelGraceMs(int ms) { m_cancelGraceMs = ms; }

    // Returns the new items' ids.
    std::vector<int> enqueue(const std::vector<Request> &requests);
    void cancel(int itemId);
    void cancelAll();
    // Stops every worker now (the window is closing); what was queued stays queued.
    void stopWorkers();

    int workerCount() const { return int(m_workers.size()); }
    // Whether nothing is queued or running.
    bool idle() const;
    // "NVIDIA H100 80GB HBM3", once a worker said so.
    const QString &deviceName() const { return m_deviceName; }
    // Why nothing can be measured (no device, the worker would not start), or empty.
    const QString &problem() const { return m_problem; }
    // The workers' stderr, as it arrived, with kfx's own notes (a worker lost and restarted).
    const QString &log() const { return m_log; }
    // Through Slurm, one line per worker: its job, pending or running, and how often it was lost and restarted.
    // Empty when no worker has a job or was lost.
    QString workersText() const;

Q_SIGNALS:
    // A kernel's measurement is in: `evaluationJson` is the reference's Evaluation, as the workspace keeps it.
    void measured(const QString &nodeId, const QString &source, const std::string &evaluationJson,
                  const kfx::EvaluationOutcome &outcome);
    // problem() changed: set when the worker reports no device or cannot start, cleared when a device answers.
    void problemChanged(const QString &problem);
    void logChanged();
    // workersText() changed.
    void workersChanged();
    // Every item has finished.
    void drained();

private:
    void ensureWorkers();
    void onProbed(const QByteArray &line);
    void dispatch();
    void onProgress(int itemId, const QByteArray &line);
    void onFinished(MeasureWorker *worker, int itemId, const QByteArray &line, const QString &log);
    void finishItem(int itemId, const std::string &kind, const QByteArray &line);
    // A worker that exited without answering (worker_lost: a crash, kill -9, its node gone): the item is queued
    // again the first time and failed the second. Returns false when the answer is no such loss.
    bool handleWorkerLoss(MeasureWorker *worker, int itemId, const QByteArray &line);
    void addNote(const QString &note);
    // Asks squeue about the workers' jobs (asynchronously; one query at a time) and shows what it says.
    void pollSlurm();
    void showSlurmJobs(const QByteArray &squeueOutput);
    void failQueued(const QString &reason);
    void setProblem(const QString &problem);
    void appendLog(MeasureWorker *worker, const QString &log);
    MeasureWorker *addWorker(int device);
    // How long the client waits for a request's answer before killing the worker.
    int clientTimeoutMs(const std::string &taskDirectory) const;
    MeasureWorker *workerRunning(int itemId) const;
    bool owns(const MeasureWorker *worker) const;

    MeasureQueueModel *m_model;
    MeasureSettings m_settings;
    std::vector<std::unique_ptr<MeasureWorker>> m_workers;
    // Which worker runs which item.
    std::vector<std::pair<MeasureWorker *, int>> m_running;
    bool m_probing = false;
    QString m_deviceName;
    QString m_problem;
    QString m_log;
    std::vector<std::pair<MeasureWorker *, QString>> m_lastLogs; // each worker's stderr as last seen
    QTimer *m_tick;
    QTimer *m_slurmPoll;
    QProcess *m_squeue = nullptr;
    int m_cancelGraceMs = 3000;
};
