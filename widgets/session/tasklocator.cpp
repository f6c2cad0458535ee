#include "tasklocator.h"

#include "measure/pythontask.h"
#include "surrogate/searchpairs.h"

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

// The names a log's problem may go by: its file's (<problem>-search.jsonl, the published searches'
// <problem>__<tag>, the corpus's <problem>-selective.jsonl and -baseline.jsonl), then those its content gives.
QStringList problemNames(const QString &dataFile, const QStringList &problems)
{
    const auto name = QFileInfo(dataFile).fileName();
    QStringList names;
    if (name.endsWith(kSuffix))
        names << name.chopped(kSuffix.size());
    if (const auto tag = name.indexOf(QStringLiteral("__")); tag > 0)
        names << name.left(tag);
    names << QString::fromStdString(kfx::surrogate::taskFromFileName(QFile::encodeName(name).toStdString()));
    names << problems;
    names.removeDuplicates();
    return names;
}

// The task of one of these names among the subdirectories of `tasks`. A name is one directory there, never a
// path leading elsewhere.
QString taskNamed(const QString &tasks, const QStringList &names)
{
    if (tasks.isEmpty())
        return {};
    for (const auto &problem : names) {
        if (problem.isEmpty() || problem.contains(QLatin1Char('/')) || problem.startsWith(QLatin1Char('.')))
            continue;
        if (const auto directory = QDir(tasks).filePath(problem); TaskLocator::isTaskDirectory(directory))
            return QDir::cleanPath(directory);
    }
    return {};
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
    return taskNamed(bundledTasksDirectory(), problemNames(dataFile, problems));
}

QString TaskLocator::corpusTask(const QString &dataFile, const QStringList &problems)
{
    if (bundledTasksDirectory().isEmpty())
        return {};
    return taskNamed(QDir(bundledTasksDirectory()).filePath(QStringLiteral("../corpus/tasks")),
                     problemNames(dataFile, problems));
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
    return TaskLocator().taskDirectory(dataFile, {problem});
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
    if (auto corpus = corpusTask(dataFile, problems); !corpus.isEmpty())
        return corpus;
    if (!m_ask)
        return {};
    const auto answer = m_ask(dataFile);
    if (!isTaskDirectory(answer))
        return {};
    remember(dataFile, answer);
    return answer;
}
