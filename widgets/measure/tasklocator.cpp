#include "tasklocator.h"

#include "measure/pythontask.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace {

const QString kSuffix = QStringLiteral("-search.jsonl");

QString settingsKey(const QString &dataFile)
{
    // Slashes would become QSettings groups; the path stays readable in the file with them percent-encoded.
    return QStringLiteral("measure/taskDirectories/")
        + QString::fromLatin1(QFileInfo(dataFile).absoluteFilePath().toUtf8().toPercentEncoding());
}

} // namespace

bool TaskLocator::isTaskDirectory(const QString &directory)
{
    if (directory.isEmpty())
        return false;
    return QFileInfo(QDir(directory).filePath(QStringLiteral("task.json"))).isFile()
        || kfx::measure::detectPythonTask(directory.toStdString()).has_value();
}

QString TaskLocator::bundledTasksDirectory()
{
    const QDir installed(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kfx/tasks"));
    if (installed.exists())
        return installed.absolutePath();
#ifdef KFX_BUNDLED_TASKS_DIR
    return QStringLiteral(KFX_BUNDLED_TASKS_DIR);
#else
    return {};
#endif
}

QString TaskLocator::bundledTask(const QString &dataFile, const QStringList &problems)
{
    const QDir bundled(bundledTasksDirectory());
    if (bundledTasksDirectory().isEmpty())
        return {};
    // The file's own name first: <problem>-search.jsonl, or the published searches' <problem>__<tag>.
    const auto name = QFileInfo(dataFile).fileName();
    QStringList candidates;
    if (name.endsWith(kSuffix))
        candidates << name.chopped(kSuffix.size());
    if (const auto tag = name.indexOf(QStringLiteral("__")); tag > 0)
        candidates << name.left(tag);
    candidates << problems;
    for (const auto &problem : candidates) {
        // A name is one directory of the bundled set, never a path leading elsewhere.
        if (problem.isEmpty() || problem.contains(QLatin1Char('/')) || problem.startsWith(QLatin1Char('.')))
            continue;
        if (const auto directory = bundled.filePath(problem); isTaskDirectory(directory))
            return directory;
    }
    return {};
}

QString TaskLocator::conventionalDirectory(const QString &dataFile)
{
    const QFileInfo file(dataFile);
    if (!file.fileName().endsWith(kSuffix))
        return {};
    const auto task = file.fileName().chopped(kSuffix.size());
    const auto directory = file.absoluteDir().filePath(QStringLiteral("tasks/") + task);
    return isTaskDirectory(directory) ? directory : QString();
}

QString TaskLocator::knownTaskDirectory(const QString &dataFile, const QString &problem)
{
    if (const auto found = TaskLocator().taskDirectory(dataFile, {problem}); !found.isEmpty())
        return found;
    if (problem.isEmpty() || problem.contains(QLatin1Char('/')) || bundledTasksDirectory().isEmpty())
        return {};
    const auto corpusTask = QDir(bundledTasksDirectory()).filePath(QStringLiteral("../corpus/tasks/") + problem);
    return isTaskDirectory(corpusTask) ? QDir::cleanPath(corpusTask) : QString();
}

QString TaskLocator::remembered(const QString &dataFile)
{
    return QSettings().value(settingsKey(dataFile)).toString();
}

void TaskLocator::remember(const QString &dataFile, const QString &directory)
{
    QSettings().setValue(settingsKey(dataFile), directory);
}

QString TaskLocator::taskDirectory(const QString &dataFile, const QStringList &problems) const
{
    if (dataFile.isEmpty())
        return {};
    if (auto found = conventionalDirectory(dataFile); !found.isEmpty())
        return found;
    if (auto bundled = bundledTask(dataFile, problems); !bundled.isEmpty())
        return bundled;
    if (auto chosen = remembered(dataFile); isTaskDirectory(chosen))
        return chosen;
    if (!m_ask)
        return {};
    const auto answer = m_ask(dataFile);
    if (!isTaskDirectory(answer))
        return {};
    remember(dataFile, answer);
    return answer;
}
