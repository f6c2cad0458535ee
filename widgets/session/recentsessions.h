#pragma once

#include <QList>
#include <QStringList>

// The sessions opened lately, newest first, each as the files opened together (a search log with its
// predictions, an eval set with several prediction files), so that Open Recent brings back the whole session
// and not only one of its files. Kept in the application's settings.
class RecentSessions {
public:
    static constexpr int kCapacity = 10;

    // The sessions whose files all still exist; the others are forgotten.
    QList<QStringList> sessions() const;
    // Puts these files first as one session (absolute paths; an earlier session with the same files goes).
    void add(const QStringList &paths);
    void clear();

    // How a session reads in a menu: its first file's name, and how many more there are.
    static QString label(const QStringList &session);

private:
    void store(const QList<QStringList> &sessions) const;
};
