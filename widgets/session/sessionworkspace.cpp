#include "sessionworkspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>
#include <string>
#include <vector>

namespace {

std::string encodePath(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

QString decodePath(const std::string &path)
{
    return QFile::decodeName(path.c_str());
}

std::vector<std::string> encodePaths(const QStringList &paths)
{
    std::vector<std::string> encoded;
    for (const auto &path : paths)
        encoded.push_back(encodePath(path));
    return encoded;
}

// Says what is wrong with the file in the user's terms; SQLite's own reason stays out of the window.
QString unusableText(kfx::workspace::UnusableWorkspace::Reason reason, const QString &path)
{
    QString problem;
    switch (reason) {
    case kfx::workspace::UnusableWorkspace::Reason::Damaged:
        problem = SessionWorkspace::tr("The workspace %1 is damaged.").arg(path);
        break;
    case kfx::workspace::UnusableWorkspace::Reason::Foreign:
        problem = SessionWorkspace::tr("%1 is not a kfx workspace: another program's database has its name.").arg(path);
        break;
    case kfx::workspace::UnusableWorkspace::Reason::Newer:
        problem = SessionWorkspace::tr("The workspace %1 was written by a newer version of kfx.").arg(path);
        break;
    }
    return SessionWorkspace::tr("%1 Set it aside (it is kept, renamed) to start a fresh workspace; until then, "
                                "overrides and gate settings are not saved.")
        .arg(problem);
}

} // namespace

SessionWorkspace::SessionWorkspace(QObject *parent) : QObject(parent)
{
    m_besideData = QSettings().value(QStringLiteral("workspace/besideData"), true).toBool();
    // access(2): true for root too where root may write, false on a read-only mount for everyone.
    m_folderWritable = [](const QString &folder) { return QFileInfo(folder).isWritable(); };
}

SessionWorkspace::~SessionWorkspace()
{
    close();
}

bool SessionWorkspace::open(const QStringList &dataPaths)
{
    close();
    if (dataPaths.isEmpty())
        return false;
    const auto paths = encodePaths(dataPaths);
    const QString path = place(dataPaths.front());
    try {
        m_workspace = std::make_unique<kfx::workspace::Workspace>(encodePath(path));
        m_path = path;
        m_dataPaths = dataPaths;
        const auto checks = m_workspace->checkData(paths);
        const bool recorded = std::any_of(checks.begin(), checks.end(), [](const auto &check) {
            return check.status != kfx::workspace::DataStatus::NotRecorded;
        });
        if (!recorded) {
            m_workspace->recordData(paths);
        } else if (kfx::workspace::Workspace::dataChanged(checks)) {
            QStringList changed;
            for (const auto &check : checks) {
                if (check.status == kfx::workspace::DataStatus::Changed
                    || check.status == kfx::workspace::DataStatus::Missing)
                    changed << decodePath(check.path);
            }
            m_dataMessage = tr("The data changed since this workspace was saved (%1): overrides and notes may "
                               "refer to kernels that are now different or gone.")
                                .arg(changed.join(QStringLiteral(", ")));
        }
    } catch (const kfx::workspace::UnusableWorkspace &error) {
        m_workspace.reset();
        m_path.clear();
        m_unusablePath = path;
        m_dataPaths = dataPaths; // for setAsideAndStartFresh
        Q_EMIT workspaceMessage(unusableText(error.reason(), path));
        return false;
    } catch (const std::exception &error) {
        m_workspace.reset();
        m_path.clear();
        reportError(tr("The workspace could not be opened"), error);
        return false;
    }
    // What those who read the workspace now find unreadable joins the one message said once they are done.
    m_opening = true;
    Q_EMIT opened();
    m_opening = false;
    Q_EMIT workspaceMessage(status());
    return true;
}

QString SessionWorkspace::place(const QString &dataPath)
{
    m_placeMessage.clear();
    const QString folder = QFileInfo(dataPath).absolutePath();
    const bool writable = m_folderWritable(folder);
    if (m_besideData && writable)
        return decodePath(kfx::workspace::Workspace::pathFor(encodePath(dataPath)));
    const QString store = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/workspaces");
    QDir().mkpath(store);
    const QString path = decodePath(kfx::workspace::Workspace::pathIn(encodePath(store), encodePath(dataPath)));
    m_placeMessage = writable
        ? tr("This workspace is kept in %1, as the settings ask.").arg(path)
        : tr("The data's folder %1 cannot be written, so its workspace is kept in %2.").arg(folder, path);
    return path;
}

void SessionWorkspace::reportUnreadable(const QString &text)
{
    m_unreadableMessage = QStringList{m_unreadableMessage, text}.join(QLatin1Char(' ')).trimmed();
    if (!m_opening)
        Q_EMIT workspaceMessage(status());
}

QString SessionWorkspace::status() const
{
    QStringList parts;
    for (const auto *part : {&m_placeMessage, &m_dataMessage, &m_unreadableMessage}) {
        if (!part->isEmpty())
            parts << *part;
    }
    return parts.join(QLatin1Char(' '));
}

bool SessionWorkspace::setAsideAndStartFresh()
{
    if (m_unusablePath.isEmpty())
        return false;
    const QStringList dataPaths = m_dataPaths;
    QString aside;
    try {
        aside = decodePath(kfx::workspace::Workspace::setAside(encodePath(m_unusablePath)));
    } catch (const std::exception &error) {
        reportError(tr("The workspace could not be set aside"), error);
        return false;
    }
    if (!open(dataPaths))
        return false;
    Q_EMIT workspaceMessage(
        QStringList{tr("A fresh workspace was started; the old one is kept as %1.").arg(aside), status()}
            .join(QLatin1Char(' '))
            .trimmed());
    return true;
}

void SessionWorkspace::close()
{
    Q_EMIT closing();
    m_workspace.reset();
    m_path.clear();
    m_unusablePath.clear();
    m_placeMessage.clear();
    m_dataPaths.clear();
    m_dataMessage.clear();
    m_unreadableMessage.clear();
}

void SessionWorkspace::acceptData()
{
    if (!m_workspace)
        return;
    try {
        m_workspace->recordData(encodePaths(m_dataPaths));
    } catch (const std::exception &error) {
        reportError(tr("The workspace could not record the data"), error);
        return;
    }
    if (!m_dataMessage.isEmpty()) {
        m_dataMessage.clear();
        Q_EMIT workspaceMessage(status());
    }
}

void SessionWorkspace::reportError(const QString &what, const std::exception &error)
{
    report(tr("%1: %2").arg(what, QString::fromStdString(error.what())));
}

void SessionWorkspace::report(const QString &message)
{
    Q_EMIT workspaceMessage(message);
}
