#pragma once

#include "measure/measureclient.h"

#include <QObject>
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

    // Queued to the worker's thread; each answers with finished() (probe: probed()).
    void probe(int timeoutMs);
    void measure(int itemId, const std::string &request, int timeoutMs);
    // From the GUI thread while a measurement runs: asks the worker to stop it between samples.
    void cancel(int itemId);
    // Kills the worker process now: the call in progress returns an infrastructure_failure result.
    void abort();

Q_SIGNALS:
    void progress(int itemId, const QByteArray &line);
    void finished(int itemId, const QByteArray &resultLine, const QString &log);
    void probed(const QByteArray &resultLine, const QString &log);

private:
    // Lives in m_thread; owns nothing the GUI thread touches except through MeasureClient's thread-safe calls.
    class Runner;

    int m_device;
    bool m_busy = false;
    std::shared_ptr<kfx::measure::MeasureClient> m_client;
    QThread m_thread;
    Runner *m_runner;
};
