#pragma once

#include "measure/measureclient.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <memory>
#include <string>
#include <vector>

// One kfx-measure process (one GPU), driven from a thread of its own: MeasureClient::call blocks for as long
// as a kernel runs, and a kernel that faults or hangs costs that thread one result, never the GUI.
class MeasureWorker : public QObject {
    Q_OBJECT
public:
    // `device` is the GPU the worker is pinned to, or -1 for whatever it sees first.
    MeasureWorker(std::vector<std::string> command, int device, QObject *parent = nullptr);
    // Kills the worker process and joins the thread, whatever it was doing.
    ~MeasureWorker() override;

    int device() const { return m_device; }
    bool busy() const { return m_busy; }

    // Through Slurm (issue 18): the name of the job this worker's srun holds, empty for a worker started here or
    // behind a plain prefix (ssh). What squeue last said about the job: its id and state, empty when not listed.
    void setSlurmJobName(std::string name) { m_slurmJobName = std::move(name); }
    const std::string &slurmJobName() const { return m_slurmJobName; }
    void setSlurmJob(const QString &id, const QString &state);
    const QString &slurmJobId() const { return m_slurmJobId; }
    bool slurmJobPending() const;
    // How many times the worker was lost (exited without answering) and so restarted.
    int losses() const { return m_losses; }
    void noteLoss() { ++m_losses; }
    // scancel of the worker's job, so that a killed srun leaves nothing running on the node. Returns why it
    // failed, or empty (also when there is no job).
    QString cancelSlurmJob();

    // Queued to the worker's thread; each answers with finished() (probe: probed()).
    // The probe asks for `device`'s description: the CPU's (Python tasks' test mode) needs no GPU.
    void probe(int timeoutMs, kfx::measure::ComputeDevice device = kfx::measure::ComputeDevice::Cuda);
    void measure(int itemId, const std::string &request, int timeoutMs);
    // From the GUI thread while a measurement runs: asks the worker to stop it between samples.
    void cancel(int itemId);
    // Kills the worker process now (its Slurm job first): the call in progress returns an infrastructure_failure
    // result. Returns why the Slurm job could not be cancelled, or empty.
    QString abort();

Q_SIGNALS:
    void progress(int itemId, const QByteArray &line);
    void finished(int itemId, const QByteArray &resultLine, const QString &log);
    void probed(const QByteArray &resultLine, const QString &log);

private:
    // Lives in m_thread; owns nothing the GUI thread touches except through MeasureClient's thread-safe calls.
    class Runner;

    int m_device;
    bool m_busy = false;
    std::string m_slurmJobName;
    QString m_slurmJobId;
    QString m_slurmJobState;
    int m_losses = 0;
    std::shared_ptr<kfx::measure::MeasureClient> m_client;
    QThread m_thread;
    Runner *m_runner;
};
