#pragma once

#include "hub/datasetpull.h"

#include <QObject>
#include <QString>

#include <thread>

// One pull from the Hub on a thread of its own, so the window stays responsive. Signals arrive queued on the
// receiver's thread. Destroying the job cancels the pull and waits for its thread (at most one poll interval
// of the pull, 50 ms), so nothing is ever emitted from a job that is gone.
class HubPullJob : public QObject {
    Q_OBJECT
public:
    explicit HubPullJob(kfx::hub::PullSettings settings, QObject *parent = nullptr);
    ~HubPullJob() override;

    void start();
    void cancel();

    static QString formatLabel(kfx::hub::RowFormat format);

Q_SIGNALS:
    void progressed(qint64 rowsDone, qint64 rowsTotal, const QString &note);
    void succeeded(const QString &path, const QString &summary);
    void failed(const QString &message, bool cancelled);

private:
    void run(std::stop_token stop);

    kfx::hub::PullSettings m_settings;
    std::jthread m_thread;
};
