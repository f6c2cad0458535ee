#pragma once

#include "model/population.h"

#include <QObject>
#include <QString>

#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace kfx::replay {
class LogFollower;
}

// Follows a loaded search log that is still being written. The file is watched, with a timer as a fallback
// for file systems that do not report changes (network mounts, some containers); once it has grown beyond
// what was loaded, core's LogFollower reads it from the last complete line on, and each poll that adds
// events hands the window a fresh snapshot of the search.
class LiveFollow : public QObject {
    Q_OBJECT
public:
    explicit LiveFollow(QObject *parent = nullptr);
    ~LiveFollow() override;

    // Starts watching `path`, loaded when it was `loadedSize` bytes long. An empty path stops following.
    void watch(const QString &path, qint64 loadedSize);
    void stop();
    // Whether the log has grown since it was loaded.
    bool isLive() const { return m_live; }
    const QString &path() const { return m_path; }
    // Checks the file now (the watcher and the timer call this too).
    void check();

    static constexpr int kFallbackIntervalMs = 1000;

Q_SIGNALS:
    void grown(std::shared_ptr<const kfx::Population> population);
    void liveChanged(bool live);

private:
    QFileSystemWatcher *m_watcher;
    QTimer *m_timer;
    QString m_path;
    qint64 m_knownSize = 0;
    bool m_live = false;
    std::unique_ptr<kfx::replay::LogFollower> m_follower;
};
