#include "recentsessions.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace {

QString settingsKey()
{
    return QStringLiteral("recentSessions");
}

} // namespace

QList<QStringList> RecentSessions::sessions() const
{
    QList<QStringList> sessions;
    bool forgot = false;
    for (const auto &entry : QSettings().value(settingsKey()).toList()) {
        const auto files = entry.toStringList();
        const bool present = !files.isEmpty()
            && std::all_of(files.begin(), files.end(), [](const QString &path) { return QFileInfo::exists(path); });
        if (present)
            sessions << files;
        forgot = forgot || !present;
    }
    // Files moved or deleted since are dropped rather than offered and then reported missing.
    if (forgot)
        store(sessions);
    return sessions;
}

void RecentSessions::add(const QStringList &paths)
{
    QStringList session;
    for (const auto &path : paths)
        session << QFileInfo(path).absoluteFilePath();
    if (session.isEmpty())
        return;
    auto sessions = this->sessions();
    sessions.removeAll(session);
    sessions.prepend(session);
    while (sessions.size() > kCapacity)
        sessions.removeLast();
    store(sessions);
}

void RecentSessions::clear()
{
    store({});
}

QString RecentSessions::label(const QStringList &session)
{
    const auto first = QFileInfo(session.value(0)).fileName();
    if (session.size() <= 1)
        return first;
    // The count is computed apart: Qt 5's lupdate loops forever on "int(session.size() - 1)" as translate's
    // argument, which hung every catalogue update.
    const int more = int(session.size()) - 1;
    return QCoreApplication::translate("RecentSessions", "%1 and %n more file(s)", nullptr, more).arg(first);
}

void RecentSessions::store(const QList<QStringList> &sessions) const
{
    QVariantList entries;
    for (const auto &session : sessions)
        entries << session;
    QSettings().setValue(settingsKey(), entries);
}
