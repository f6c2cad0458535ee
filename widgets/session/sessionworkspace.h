#pragma once

#include "workspace/workspace.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <exception>
#include <functional>
#include <memory>

// The workspace of the search shown: where it lives, opening (or creating) it, setting aside a file kfx cannot use,
// and what it has to say about itself. The gate, forecasting and measuring read and write the open one through it;
// what each keeps in it is theirs.
class SessionWorkspace : public QObject {
    Q_OBJECT
public:
    explicit SessionWorkspace(QObject *parent = nullptr);
    // Closes the workspace, so that what waits to be written reaches it first.
    ~SessionWorkspace() override;

    // Opens (or creates) the workspace of the first of `dataPaths`. It lives beside the data, unless the data's
    // folder cannot be written or the user keeps workspaces apart: then in the user's data folder, and the message
    // says where. Returns false (and says why through workspaceMessage) when it cannot be opened; the window then
    // works without memory. A file kfx cannot use (damaged, another program's, from a newer kfx) is left as it is
    // and named by unusablePath(), and the message offers setAsideAndStartFresh().
    bool open(const QStringList &dataPaths);
    void close();
    // The workspace open now; null when none is.
    kfx::workspace::Workspace *current() const { return m_workspace.get(); }
    // Where the open workspace lives; empty when none is open.
    const QString &path() const { return m_path; }
    // The file the last open() refused as unusable; empty when it did not.
    const QString &unusablePath() const { return m_unusablePath; }
    // Renames the refused file to <name>.broken-<UTC time> (kept, to be looked at) and opens a fresh workspace.
    bool setAsideAndStartFresh();

    // Beside the data (the default, so a workspace travels with its data) or always in the user's data folder; the
    // setting "workspace/besideData" holds the user's choice.
    void setBesideData(bool beside) { m_besideData = beside; }
    // Whether a folder can be written. Tests replace it: they run as root, whom a folder's permissions do not stop.
    void setFolderWritable(std::function<bool(const QString &folder)> writable)
    {
        m_folderWritable = std::move(writable);
    }
    // Records the data as it is now, so that its present state no longer counts as a change.
    void acceptData();
    // Empty when the data is as the workspace last saw it.
    const QString &dataMessage() const { return m_dataMessage; }
    // Records of the open workspace that could not be read and are left out: said with its other messages until it
    // is closed. While opened() is being said, it waits for the message open() says once.
    void reportUnreadable(const QString &message);
    // Says that `what` failed, and why.
    void reportError(const QString &what, const std::exception &error);
    // Says a message about the open workspace with its others (a kind of record that could not be read).
    void report(const QString &message);

Q_SIGNALS:
    // The open workspace is about to close: what waits to be written is to be written now.
    void closing();
    // A workspace opened: what is kept in it is to be read now, before its messages are said.
    void opened();
    void workspaceMessage(const QString &message);

private:
    QString place(const QString &dataPath);
    QString status() const;

    std::unique_ptr<kfx::workspace::Workspace> m_workspace;
    QStringList m_dataPaths;
    QString m_path;
    QString m_unusablePath;
    QString m_placeMessage; // where the workspace is, when not beside the data
    QString m_dataMessage;
    QString m_unreadableMessage; // what the workspace held but kfx could not read
    bool m_besideData = true;
    bool m_opening = false; // while opened() is said
    std::function<bool(const QString &folder)> m_folderWritable;
};
