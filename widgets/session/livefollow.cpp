#include "livefollow.h"

#include "replay/logfollower.h"

#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

LiveFollow::LiveFollow(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(kFallbackIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &LiveFollow::check);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &path) {
        // An editor or a rotating writer may replace the file: watch the new one under the same name.
        if (!m_watcher->files().contains(path) && QFileInfo::exists(path))
            m_watcher->addPath(path);
        check();
    });
}

LiveFollow::~LiveFollow() = default;

void LiveFollow::watch(const QString &path, qint64 loadedSize)
{
    stop();
    if (path.isEmpty())
        return;
    m_path = path;
    m_knownSize = loadedSize;
    m_watcher->addPath(path);
    m_timer->start();
}

void LiveFollow::stop()
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_timer->stop();
    m_follower.reset();
    m_path.clear();
    if (m_live) {
        m_live = false;
        Q_EMIT liveChanged(false);
    }
}

void LiveFollow::check()
{
    if (m_path.isEmpty())
        return;
    const qint64 size = QFileInfo(m_path).size();
    if (!m_follower && size <= m_knownSize)
        return;
    if (!m_follower) {
        // The log grew after it was loaded: from here on the follower owns it, reading it once from the start
        // and then only what is appended.
        m_follower = std::make_unique<kfx::replay::LogFollower>(QFile::encodeName(m_path).toStdString());
    }
    if (m_follower->poll() == 0)
        return;
    m_knownSize = static_cast<qint64>(m_follower->offset());
    if (!m_live) {
        m_live = true;
        Q_EMIT liveChanged(true);
    }
    auto snapshot = std::make_shared<kfx::Population>(m_follower->population());
    Q_EMIT grown(std::move(snapshot));
}
